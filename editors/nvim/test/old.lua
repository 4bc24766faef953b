-- On a Neovim without vim.lsp.start (0.7.2, Debian 12's), setup() must say
-- clearly what is needed instead of failing with a Lua error.
-- Prints PASS/FAIL per check and "N passed, N failed"; exits 1 on any failure.
local passed, failed = 0, 0
local function check(name, ok, detail)
  if ok then passed = passed + 1 else failed = failed + 1 end
  io.stderr:write(string.format('%s %s%s\n', ok and 'PASS' or 'FAIL', name, detail ~= nil and (' ' .. vim.inspect(detail)) or ''))
end
local said = {}
vim.notify = function(msg, level) table.insert(said, { msg = msg, level = level }) end

local v = vim.version()
local ok, res = pcall(function() return require('loopls').setup({ cmd = { 'loopls', 'serve' } }) end)
check(string.format('setup() on %d.%d.%d returns false without a Lua error', v.major, v.minor, v.patch), ok and res == false, res)
local m = said[1] and said[1].msg or ''
check('the message names the version needed and this one', m:find('Neovim 0.10 or newer', 1, true) ~= nil
  and m:find(string.format('this is %d.%d.%d', v.major, v.minor, v.patch), 1, true) ~= nil, m)
check('it is an error', said[1] and said[1].level == vim.log.levels.ERROR)
said = {}
local ok2 = pcall(vim.cmd, 'LooplsRun hello')
check(':LooplsRun says the same instead of E492', ok2 and said[1] ~= nil and said[1].msg:find('0.10', 1, true) ~= nil, said[1])
local ok3, health = pcall(require, 'loopls.health')
check('the health module loads', ok3, health)
-- a message Neovim echoed may leave a line open: the count gets its own line
  io.stderr:write(string.format('\n%d passed, %d failed\n', passed, failed))
vim.cmd(failed == 0 and 'qall!' or 'cquit!')

-- Headless test of the daemon's set-up notices as Neovim shows them (issue
-- 25, item 9): with no model configured, loopls names the model it picked.
-- Shown once per daemon, not at every run; once more after the settings change.
-- Run by editors/test/nvim.sh with LOOPLS_BIN, LOOPLS_WS and LOOPLS_OLLAMA.
local bin = assert(os.getenv('LOOPLS_BIN'), 'LOOPLS_BIN')
local ws = assert(os.getenv('LOOPLS_WS'), 'LOOPLS_WS')
local ollama = assert(os.getenv('LOOPLS_OLLAMA'), 'LOOPLS_OLLAMA')

local passed, failed = 0, 0
local function check(name, ok, detail)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
  end
  io.stderr:write(string.format('%s %s%s\n', ok and 'PASS' or 'FAIL', name, detail ~= nil and (' ' .. vim.inspect(detail, { newline = ' ', indent = '' })) or ''))
end

local ended = {}
vim.api.nvim_create_autocmd('User', {
  pattern = 'LooplsRunEnded',
  callback = function(ev)
    table.insert(ended, ev.data)
  end,
})

local function notices()
  local n = 0
  for _, l in ipairs(vim.split(vim.api.nvim_exec2('messages', { output = true }).output, '\n')) do
    if l:find('no model configured: using ollama:tiny', 1, true) then
      n = n + 1
    end
  end
  return n
end

local ok, err = pcall(function()
  local loopls = require('loopls')
  -- No model: loopls picks the local Ollama's first tool-capable one (tiny).
  loopls.setup({ cmd = { bin, 'serve' }, ollama_host = ollama, open = 'none' })
  vim.cmd('edit ' .. vim.fn.fnameescape(ws .. '/hello.txt'))
  local client
  vim.wait(20000, function()
    client = vim.lsp.get_clients({ name = 'loopls' })[1]
    return client ~= nil and client.initialized
  end, 20)
  check('loopls started', client ~= nil and client.initialized)
  local function run(prompt)
    local n = #ended
    loopls.run(prompt)
    vim.wait(20000, function()
      return #ended > n
    end, 20)
    return ended[n + 1]
  end
  local outcomes = {}
  for i = 1, 3 do
    local rec = run('chat ' .. i)
    table.insert(outcomes, rec and rec.outcome)
  end
  check('three runs completed with the picked model', vim.deep_equal(outcomes, { 'completed', 'completed', 'completed' }), outcomes)
  check('"no model configured" is in :messages once after three runs', notices() == 1, notices())
  loopls.configure({ max_turns = 7 })
  run('chat 4')
  run('chat 5')
  check('after a settings change, once more (twice in all after five runs)', notices() == 2, notices())
end)
if not ok then
  check('test ran to the end', false, err)
end
for _, c in ipairs(vim.lsp.get_clients({ name = 'loopls' })) do
  require('loopls.compat').stop(c)
end
vim.wait(5000, function()
  return #vim.lsp.get_clients({ name = 'loopls' }) == 0
end, 20)
io.stderr:write(string.format('\n%d passed, %d failed\n', passed, failed))
vim.cmd(failed == 0 and 'qall!' or 'cquit!')

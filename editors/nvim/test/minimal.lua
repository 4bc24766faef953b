-- Headless test of the minimal set-up :help loopls-install shows:
-- setup({ cmd = … }) and nothing else. The settings it sends are an empty
-- object; an empty Lua table went out as a JSON array, and loopls warned
-- "settings must be a JSON object" at every start (issue 34, item 5).
-- Run by editors/test/nvim.sh with LOOPLS_BIN and LOOPLS_WS.
local bin = assert(os.getenv('LOOPLS_BIN'), 'LOOPLS_BIN')
local ws = assert(os.getenv('LOOPLS_WS'), 'LOOPLS_WS')

local passed, failed = 0, 0
local function check(name, ok, detail)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
  end
  io.stderr:write(string.format('%s %s%s\n', ok and 'PASS' or 'FAIL', name, detail ~= nil and (' ' .. vim.inspect(detail, { newline = ' ', indent = '' })) or ''))
end

-- Every window/showMessage loopls sends, as Neovim's handler gets it.
local shown = {}
local orig_show = vim.lsp.handlers['window/showMessage']
vim.lsp.handlers['window/showMessage'] = function(err, result, ctx, config)
  table.insert(shown, result and result.message)
  return orig_show(err, result, ctx, config)
end

local ok, err = pcall(function()
  local loopls = require('loopls')
  loopls.setup({ cmd = { bin, 'serve' } })
  vim.cmd('edit ' .. vim.fn.fnameescape(ws .. '/hello.txt'))
  local client
  vim.wait(20000, function()
    client = vim.lsp.get_clients({ name = 'loopls' })[1]
    return client ~= nil and client.initialized
  end, 20)
  check('loopls started from the minimal setup', client ~= nil and client.initialized)
  -- loopls handles messages in order: what it says of initialize's options
  -- and of the didChangeConfiguration Neovim sends after it comes before
  -- the answer to a request sent after both.
  local answered
  loopls.request('loopls/sessions', vim.empty_dict(), function(e)
    answered = e == nil
  end)
  vim.wait(20000, function()
    return answered ~= nil
  end, 20)
  check('loopls answered a request after start-up', answered == true)
  local warned = vim.tbl_filter(function(m)
    return tostring(m):find('must be a JSON object', 1, true) ~= nil
  end, shown)
  check('no "must be a JSON object" warning at start-up', #warned == 0, warned)
  check('the settings sent are an empty JSON object', vim.json.encode(client.config.init_options) == '{}'
    and vim.json.encode(client.config.settings) == '{"loopls":{}}', { client.config.init_options, client.config.settings })
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

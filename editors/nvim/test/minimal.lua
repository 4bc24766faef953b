-- Headless test of the minimal set-up :help loopls-install shows:
-- setup({ cmd = … }) and nothing else. The settings it sends are an empty
-- object; an empty Lua table went out as a JSON array, and loopls warned
-- "settings must be a JSON object" at every start (issue 34, item 5).
-- Run by editors/test/nvim.sh (frame.lua reads what it sets).
local frame = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'frame.lua')
local check, wait_for = frame.check, frame.wait_for

-- Every window/showMessage loopls sends, as Neovim's handler gets it.
local shown = {}
local orig_show = vim.lsp.handlers['window/showMessage']
vim.lsp.handlers['window/showMessage'] = function(err, result, ctx, config)
  table.insert(shown, result and result.message)
  return orig_show(err, result, ctx, config)
end

local ok, err = pcall(function()
  local loopls = require('loopls')
  loopls.setup({ cmd = { frame.bin, 'serve' } })
  vim.cmd('edit ' .. vim.fn.fnameescape(frame.ws .. '/hello.txt'))
  local client = frame.client()
  check('loopls started from the minimal setup', client ~= nil)
  if not client then
    return
  end
  -- loopls handles messages in order: what it says of initialize's options
  -- and of the didChangeConfiguration Neovim sends after it comes before
  -- the answer to a request sent after both.
  local answered
  loopls.request('loopls/sessions', vim.empty_dict(), function(e)
    answered = e == nil
  end)
  wait_for(20000, function()
    return answered ~= nil
  end)
  check('loopls answered a request after start-up', answered == true)
  local warned = vim.tbl_filter(function(m)
    return tostring(m):find('must be a JSON object', 1, true) ~= nil
  end, shown)
  check('no "must be a JSON object" warning at start-up', #warned == 0, warned)
  check('the settings sent are an empty JSON object', vim.json.encode(client.config.init_options) == '{}'
    and vim.json.encode(client.config.settings) == '{"loopls":{}}', { client.config.init_options, client.config.settings })
end)
frame.stop_clients()
frame.finish(ok, err)

-- Kept edits are saved (issue 32, item 3): in edit mode an accepted edit is
-- written before loopls is told, so the same run's `cat hello.txt` prints
-- it; a format-on-save's change is the text loopls journals. Run by
-- editors/test/nvim.sh (LOOPLS_BIN, LOOPLS_WS, LOOPLS_OLLAMA).
local bin = assert(os.getenv('LOOPLS_BIN'), 'LOOPLS_BIN')
local ws = assert(os.getenv('LOOPLS_WS'), 'LOOPLS_WS')
local ollama = assert(os.getenv('LOOPLS_OLLAMA'), 'LOOPLS_OLLAMA')

local frame = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'frame.lua')
local check, wait_for = frame.check, frame.wait_for
local ended, started, saved = {}, {}, {}
frame.on({
  LooplsRunEnded = function(d)
    ended[d.runId] = d
  end,
  LooplsRunStarted = function(d)
    table.insert(started, d)
  end,
  LooplsKeptSaved = function(d)
    table.insert(saved, d)
  end,
})
local function read(path)
  local f = io.open(path, 'rb')
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return s
end

local ok, err = pcall(function()
  local loopls = require('loopls')
  loopls.setup({
    cmd = { bin, 'serve' },
    model = 'ollama:tiny',
    ollama_host = ollama,
    allow_commands = true,
    allowed_commands = { 'cat' },
    open = 'none',
  })
  local review = require('loopls.review')
  local file = ws .. '/hello.txt'
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local hello = vim.api.nvim_get_current_buf()
  local client
  wait_for(20000, function()
    client = vim.lsp.get_clients({ name = 'loopls', bufnr = hello })[1]
    return client ~= nil and client.initialized
  end)
  check('loopls attached to hello.txt', client ~= nil)
  if not client then
    return
  end
  -- A format-on-save: what the user's formatter would add.
  vim.api.nvim_create_autocmd('BufWritePre', {
    buffer = hello,
    callback = function()
      vim.api.nvim_buf_set_lines(hello, -1, -1, false, { '-- formatted' })
    end,
  })
  vim.cmd('Loopls mode edit')
  local asked
  review.ask = function(summary, _, done)
    asked = summary
    vim.defer_fn(function()
      done(true)
    end, 10)
  end
  local n = #started
  vim.cmd('LooplsRun report kept then cat')
  wait_for(20000, function()
    return #started > n
  end)
  local run = started[n + 1]
  wait_for(30000, function()
    return run ~= nil and ended[run.runId] ~= nil
  end)
  local rec = run and ended[run.runId]
  check('the edit was put to the user and accepted', asked ~= nil, asked)
  check('the kept edit was written (LooplsKeptSaved), format-on-save included', saved[1] ~= nil and saved[1].saved == true
    and read(file) == 'goodbye\n-- formatted\n' and not vim.bo[hello].modified, { saved = saved, disk = read(file) })
  check("the same run's `cat hello.txt` printed the kept edit, not the old text", rec ~= nil and rec.outcome == 'completed'
    and tostring(rec.output):find('goodbye | -- formatted', 1, true) ~= nil, rec and rec.output)
  -- What loopls journaled is the saved text: its change of hello.txt ends
  -- with the formatter's line, and Undo reverts it (the file is as it left).
  local change
  loopls.request('loopls/runChange', { runId = run and run.runId, path = 'hello.txt' }, function(_, r)
    change = r or false
  end)
  wait_for(5000, function()
    return change ~= nil
  end)
  check('loopls journaled the text that was saved', change and change.before == 'hello\n' and change.after == 'goodbye\n-- formatted\n', change)
  local undo
  loopls.request('loopls/undoRun', { runId = run and run.runId }, function(_, r)
    undo = r or false
  end)
  wait_for(10000, function()
    return undo ~= nil
  end)
  check('Undo run reverts the saved text, and writes it', undo and undo.applied == true and wait_for(5000, function()
    return (read(file) or ''):find('^hello\n') ~= nil
  end), { undo = undo, disk = read(file) })
end)
frame.finish(ok, err)

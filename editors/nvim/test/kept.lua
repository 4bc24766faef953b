-- Kept edits are saved (issue 32, item 3): in edit mode an accepted edit is
-- written before loopls is told, so the same run's `cat hello.txt` prints
-- it; a format-on-save's change is the text loopls journals. Run by
-- editors/test/nvim.sh (frame.lua reads what it sets).
local frame = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'frame.lua')
local check, wait_for = frame.check, frame.wait_for
local saved = frame.record('LooplsKeptSaved')

local ok, err = pcall(function()
  local loopls = require('loopls')
  loopls.setup(frame.options({ allow_commands = true, allowed_commands = { 'cat' }, open = 'none' }))
  local review = require('loopls.review')
  vim.cmd('edit ' .. vim.fn.fnameescape(frame.ws .. '/hello.txt'))
  local hello = vim.api.nvim_get_current_buf()
  local client = frame.client(hello)
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
  local run, rec = frame.run(function()
    vim.cmd('LooplsRun report kept then cat')
  end)
  check('the edit was put to the user and accepted', asked ~= nil, asked)
  check('the kept edit was written (LooplsKeptSaved), format-on-save included', saved[1] ~= nil and saved[1].saved == true
    and frame.read('hello.txt') == 'goodbye\n-- formatted\n' and not vim.bo[hello].modified, { saved = saved, disk = frame.read('hello.txt') })
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
    return (frame.read('hello.txt') or ''):find('^hello\n') ~= nil
  end), { undo = undo, disk = frame.read('hello.txt') })
end)
frame.finish(ok, err)

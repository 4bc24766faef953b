-- The user's unsaved typing survives a command that rewrites the file
-- (issue 32, "a command sees what the agent and the user see"), in real
-- Neovim against the real loopls and its layer: a line that `cat`s and
-- `sed -i`s a file whose buffer the user changed without writing sees the
-- buffer, and its change comes back into the buffer (docs/security.md, "The
-- editor's unsaved buffers"): the disk keeps what the user last wrote, the
-- buffer holds the user's typing and the command's change, still unsaved.
-- A clean buffer whose file the line rewrites is written on disk and
-- reloaded. A buffer the user changes again before the line's change
-- reaches it is a conflict: nothing of the user's is overwritten, and the
-- model is told. Run by editors/test/nvim.sh (frame.lua reads what it sets).
local frame = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'frame.lua')
local check, wait_for, read, ws = frame.check, frame.wait_for, frame.read, frame.ws
local reloaded = {}
-- A buffer Neovim reloaded because its file changed on disk.
vim.api.nvim_create_autocmd('FileChangedShellPost', {
  callback = function(ev)
    reloaded[ev.buf] = (reloaded[ev.buf] or 0) + 1
  end,
})
local function write(name, text)
  local f = assert(io.open(ws .. '/' .. name, 'wb'))
  f:write(text)
  f:close()
end
local function lines(b)
  return vim.api.nvim_buf_get_lines(b, 0, -1, false)
end
local function open(name)
  vim.cmd('edit ' .. vim.fn.fnameescape(ws .. '/' .. name))
  return vim.api.nvim_get_current_buf()
end

local ok, err = pcall(function()
  local loopls = require('loopls')
  loopls.setup(frame.options({ allow_commands = true, open = 'none' }))
  -- Any approval is given: what the line does is what this test is about.
  vim.ui.select = function(items, _, on_choice)
    for _, it in ipairs(items) do
      if it.option.kind == 'allow_once' then
        return on_choice(it)
      end
    end
    on_choice(nil)
  end
  write('f.txt', 'one\ntwo\nthree\n')
  write('g.txt', 'alpha\ngamma\n')
  write('run.sh', '#!/bin/sh\necho from the disk\n')
  vim.loop.fs_chmod(ws .. '/run.sh', tonumber('755', 8))
  write('bom.txt', '\239\187\191bom on disk\n')
  local g = open('g.txt')
  local sh = open('run.sh')
  local bom = open('bom.txt')
  local f = open('f.txt')
  local client = frame.client(f)
  wait_for(20000, function()
    return client ~= nil and vim.lsp.buf_is_attached(g, client.id)
  end)
  check('one loopls attached to f.txt and g.txt', client ~= nil and vim.lsp.buf_is_attached(g, client.id),
    vim.tbl_map(function(c)
      return { c.id, vim.tbl_keys(c.attached_buffers or {}) }
    end, vim.lsp.get_clients({ name = 'loopls' })))
  if not client then
    return
  end

  -- The user types in f.txt, run.sh and bom.txt and writes none of them.
  vim.api.nvim_buf_set_lines(f, 0, 1, false, { 'one, typed by the user' })
  vim.api.nvim_buf_set_lines(sh, 1, 2, false, { 'echo from the unsaved buffer' })
  vim.api.nvim_buf_set_lines(bom, 0, 1, false, { 'bom typed' })
  check('bom.txt is read with its BOM kept aside (\'bomb\')', vim.bo[bom].bomb and lines(bom)[1] == 'bom typed', { vim.bo[bom].bomb, lines(bom) })
  check('f.txt has unsaved typing', vim.bo[f].modified and read('f.txt') == 'one\ntwo\nthree\n')

  -- The command line; its output is the tool result loopls keeps.
  local function run_line(line)
    vim.api.nvim_set_current_buf(f)
    local run, rec = frame.run(function()
      loopls.run('shell: ' .. line)
    end, 60000)
    return rec, frame.tool_call(run, 'run_command')
  end

  local rec, call = run_line("cat f.txt; ./run.sh; od -An -c bom.txt | head -1; sed -i 's/three/THREE/' f.txt; sed -i 's/gamma/GAMMA/' g.txt; echo done")
  local output = tostring(call and call.output)
  check('the line ran to its end', rec ~= nil and rec.outcome == 'completed' and call ~= nil and call.status == 'completed'
    and output:find('done', 1, true) ~= nil, { rec = rec and rec.outcome, call = call })
  check("the line's `cat f.txt` printed the unsaved buffer, not the disk", output:find('one, typed by the user', 1, true) ~= nil, output)
  check('`./run.sh` ran the unsaved buffer: its mode (+x) kept', output:find('from the unsaved buffer', 1, true) ~= nil
    and not output:find('from the disk', 1, true), output)
  check('the line read bom.txt as the buffer, its BOM restored', output:find('357 273 277   b   o   m       t   y   p   e   d', 1, true) ~= nil, output)
  check("the buffer holds the user's typing and the line's change, in order, and is still unsaved",
    vim.deep_equal(lines(f), { 'one, typed by the user', 'two', 'THREE' }) and vim.bo[f].modified, { lines(f), vim.bo[f].modified })
  check('the disk keeps what the user last wrote: neither the unsaved typing nor the change is written',
    read('f.txt') == 'one\ntwo\nthree\n', read('f.txt'))
  check("the clean g.txt: the line's change is on disk", read('g.txt') == 'alpha\nGAMMA\n', read('g.txt'))
  check('and its buffer is reloaded, unmodified', wait_for(10000, function()
    return (reloaded[g] or 0) > 0 and vim.deep_equal(lines(g), { 'alpha', 'GAMMA' })
  end) and not vim.bo[g].modified, { reloaded = reloaded[g], lines = lines(g) })

  -- The user writes f.txt when they choose: both changes reach the disk.
  vim.api.nvim_buf_call(f, function()
    vim.cmd('silent write')
  end)
  check("written by the user, the disk holds the user's typing and the line's change", read('f.txt') == 'one, typed by the user\ntwo\nTHREE\n', read('f.txt'))

  -- Git that writes .git runs on the disk: with f.txt's buffer unsaved
  -- again, an approved commit commits what is written, never the buffer.
  vim.api.nvim_buf_set_lines(f, 0, 1, false, { 'one, typed again, not written' })
  rec, call = run_line('git add f.txt && git -c user.name=t -c user.email=t@example.invalid commit -q -m kept && git show HEAD:f.txt')
  output = tostring(call and call.output)
  check('an approved `git commit` committed the disk, not the unsaved buffer', rec ~= nil and call ~= nil and call.status == 'completed'
    and output:find('one, typed by the user\ntwo\nTHREE\n', 1, true) ~= nil and not output:find('typed again', 1, true), output)
  vim.api.nvim_buf_set_lines(f, 0, 1, false, { 'one, typed by the user' })

  -- A kept edit of a file holding unsaved typing (edit_file, auto mode):
  -- it joins the typing in the buffer, which is not written for the user.
  local hello = open('hello.txt')
  vim.api.nvim_buf_set_lines(hello, 1, 1, false, { 'typed below, not written' })
  local erun, erec = frame.run(function()
    loopls.run('edit hello.txt')
  end)
  local ecall = frame.tool_call(erun, 'edit_file')
  check('an edit_file of a buffer with unsaved typing lands in the buffer beside the typing, and is not written',
    erec ~= nil and erec.outcome == 'completed' and vim.deep_equal(lines(hello), { 'goodbye', 'typed below, not written' })
      and vim.bo[hello].modified and read('hello.txt') == 'hello\n', { lines(hello), read('hello.txt'), ecall and ecall.output })
  vim.api.nvim_set_current_buf(f)

  -- A conflict: the user types again after the line saw the buffer and
  -- before its change reaches it (between the daemon's check and its
  -- use, the test types at the moment the edit arrives). The edit is
  -- refused, the typing stays, the model is told.
  vim.api.nvim_buf_set_lines(f, 1, 2, false, { 'two, typed first' })
  local review = require('loopls.review')
  local handler = review.apply_edit_handler
  local typed_between
  review.apply_edit_handler = function(e, params, ctx, config)
    local label = params and params.label or ''
    if not typed_between and label:find('run_command changed f.txt', 1, true) then
      typed_between = true
      vim.api.nvim_buf_set_lines(f, 2, 3, false, { 'THREE, typed meanwhile' })
    end
    return handler(e, params, ctx, config)
  end
  rec, call = run_line("sed -i 's/one/ONE/' f.txt; echo done")
  review.apply_edit_handler = handler
  output = tostring(call and call.output)
  check("the line's edit reached Neovim after the user typed again", typed_between == true)
  check("nothing of the user's is overwritten: the buffer holds both typings, not the line's change",
    vim.deep_equal(lines(f), { 'one, typed by the user', 'two, typed first', 'THREE, typed meanwhile' }) and vim.bo[f].modified, lines(f))
  check('the disk is as the user last wrote it', read('f.txt') == 'one, typed by the user\ntwo\nTHREE\n', read('f.txt'))
  check('the model is told the change did not reach the buffer', rec ~= nil and rec.outcome == 'completed'
    and output:find('not applied to the unsaved buffer of f.txt', 1, true) ~= nil, output)
end)
frame.finish(ok, err)

-- Headless test of loopls/diagnostics in the Neovim plugin (issue 26)
-- against the real loopls binary and the scripted Ollama server, with a
-- diagnostics source the test controls: a namespace that flags "goodbye" in
-- hello.txt whenever the buffer changes. The scripted model breaks the file
-- ("report edit": hello → goodbye) and reports what edit_file told it; then
-- :LooplsFix on the flagged line ends with the verdict "fixed" once the
-- model repairs it. Run by editors/test/nvim.sh (frame.lua reads what it
-- sets). Prints PASS/FAIL and "N passed, N failed".
local frame = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'frame.lua')
local check = frame.check
local answers = frame.record('LooplsDiagnostics')

local function run_of(cmdline)
  local _, rec = frame.run(function()
    vim.cmd(cmdline)
  end)
  return rec
end

-- The test's diagnostics source: "goodbye" is an error, recomputed after
-- every change of the buffer (as a linter run on change would).
local ns = vim.api.nvim_create_namespace('greet-test')
local function lint(b)
  local diags = {}
  for i, l in ipairs(vim.api.nvim_buf_get_lines(b, 0, -1, false)) do
    local s = l:find('goodbye', 1, true)
    if s then
      table.insert(diags, { lnum = i - 1, col = s - 1, end_col = s + 6, severity = vim.diagnostic.severity.ERROR,
        source = 'greet', code = 'G1', message = 'goodbye is not a greeting' })
    end
  end
  vim.diagnostic.set(ns, b, diags)
end

local ok, err = pcall(function()
  local loopls = require('loopls')
  loopls.setup(frame.options({ open = 'split' }))
  local chat = require('loopls.chat')
  vim.cmd('edit ' .. vim.fn.fnameescape(frame.ws .. '/hello.txt'))
  local hello = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_attach(hello, false, { on_lines = function() vim.schedule(function() lint(hello) end) end })
  lint(hello)
  local client = frame.client(hello)
  check('loopls started and attached to hello.txt', client ~= nil)
  if not client then
    return
  end
  local caps = client.config.capabilities or {}
  check('the client declares experimental.loopls.diagnostics', caps.experimental and caps.experimental.loopls and caps.experimental.loopls.diagnostics == true)

  -- 1. The model breaks hello.txt; edit_file's result names the new error.
  local rec = run_of('LooplsRun report edit')
  check('the breaking run completed', rec ~= nil and rec.outcome == 'completed', rec)
  local said = chat.text():match('The tool said: ([^\n]*)')
  io.stderr:write('what the model saw (edit_file\'s result, on one line): ' .. tostring(said) .. '\n')
  check('loopls asked for hello.txt\'s diagnostics before and after the edit', #answers >= 2 and answers[#answers].answer[1]
    and answers[#answers].answer[1].uri:match('hello%.txt$') ~= nil, answers)
  check('the next tool result reported the new error to the model',
    said == "Edited hello.txt: replaced 1 occurrence(s). | New errors in hello.txt after this edit (the editor's diagnostics): | hello.txt:1:1: error [greet G1] goodbye is not a greeting",
    said)

  -- 2. :LooplsFix on the flagged line: the fix checks itself.
  vim.cmd('tabnew ' .. vim.fn.fnameescape(frame.ws .. '/hello.txt'))
  local diags = vim.diagnostic.get(hello)
  check('the source flags the broken line', #diags == 1 and diags[1].message == 'goodbye is not a greeting', diags)
  rec = run_of('1LooplsFix')
  check('the fix run\'s verdict says fixed', rec ~= nil and rec.outcome == 'completed' and type(rec.verdict) == 'table' and rec.verdict.fixed == true, rec and rec.verdict)
  check('the buffer is repaired', vim.api.nvim_buf_get_lines(hello, 0, 1, false)[1] == 'hello', vim.api.nvim_buf_get_lines(hello, 0, 1, false))
  check('the chat shows the verdict with a check mark', chat.text():find('✓ fixed: the problem is gone and no new errors appeared', 1, true) ~= nil, chat.text())

  -- 3. The verdict of a fix still failing, as the chat draws it.
  local lines = require('loopls.diagnostics').verdict_lines({ fixed = false, retries = 2, remaining = { 'hello.txt:1:1: error [greet G1] goodbye is not a greeting' } })
  check('a fix still failing shows "still failing" with the diagnostics',
    lines[1] == '✗ still failing after 2 more attempt(s):' and lines[2] == '  hello.txt:1:1: error [greet G1] goodbye is not a greeting', lines)
end)
frame.finish(ok, err)

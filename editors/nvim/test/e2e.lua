-- Headless end-to-end test of the loopls Neovim plugin against the real
-- loopls binary and the scripted Ollama server (internal/fakeollama).
-- Run by editors/test/nvim.sh, which sets:
--   LOOPLS_BIN        the loopls binary
--   LOOPLS_WS         a fresh workspace holding hello.txt ("hello") and README.md
--   LOOPLS_OLLAMA     host:port of the scripted Ollama server
-- Prints PASS/FAIL per check and "N passed, N failed"; exits 1 on any failure.
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
local function finish()
  -- a message Neovim echoed may leave a line open: the count gets its own line
  io.stderr:write(string.format('\n%d passed, %d failed\n', passed, failed))
  vim.cmd(failed == 0 and 'qall!' or 'cquit!')
end
-- Waits for a condition with a deadline; the only way this test waits.
local function wait_for(ms, cond)
  return vim.wait(ms, cond, 20)
end

-- Records what the plugin publishes, in order.
local events = { progress = {}, transitions = {}, ended = {}, started = {}, approvals = {} }
vim.api.nvim_create_autocmd('LspProgress', {
  callback = function(ev)
    local c = vim.lsp.get_client_by_id(ev.data.client_id)
    if c and c.name == 'loopls' then
      table.insert(events.progress, { token = ev.data.params.token, value = vim.deepcopy(ev.data.params.value) })
    end
  end,
})
vim.api.nvim_create_autocmd('User', {
  pattern = 'LooplsTransition',
  callback = function(ev)
    table.insert(events.transitions, ev.data)
  end,
})
vim.api.nvim_create_autocmd('User', {
  pattern = 'LooplsRunEnded',
  callback = function(ev)
    events.ended[ev.data.runId] = ev.data
  end,
})
vim.api.nvim_create_autocmd('User', {
  pattern = 'LooplsRunStarted',
  callback = function(ev)
    table.insert(events.started, ev.data)
  end,
})
vim.api.nvim_create_autocmd('User', {
  pattern = 'LooplsApproval',
  callback = function(ev)
    table.insert(events.approvals, ev.data)
  end,
})

-- Starts a command and returns the run it started (waits for loopls.run's answer).
local function start(cmdline)
  local n = #events.started
  vim.cmd(cmdline)
  if not wait_for(20000, function()
    return #events.started > n
  end) then
    return nil
  end
  return events.started[n + 1]
end
local function wait_end(run, ms)
  if not run then
    return nil
  end
  wait_for(ms or 20000, function()
    return events.ended[run.runId] ~= nil
  end)
  return events.ended[run.runId]
end
local function progress_kinds(token)
  local ks = {}
  for _, p in ipairs(events.progress) do
    if token == nil or p.token == token then
      table.insert(ks, p.value.kind)
    end
  end
  return ks
end

local ok, err = pcall(function()
  local loopls = require('loopls')
  check('setup() on Neovim ' .. tostring(vim.version()), loopls.setup({
    cmd = { bin, 'serve' },
    model = 'ollama:tiny',
    ollama_host = ollama,
    allow_commands = true, -- run_command is offered; `sleep` is not on the allow list, so it is asked for
    open = 'split',
  }) == true)

  vim.cmd('edit ' .. vim.fn.fnameescape(ws .. '/hello.txt'))
  local hello = vim.api.nvim_get_current_buf()
  local client
  wait_for(20000, function()
    client = vim.lsp.get_clients({ name = 'loopls', bufnr = hello })[1]
    return client ~= nil and client.initialized
  end)
  check('loopls started and attached to hello.txt', client ~= nil and client.initialized)
  if not client then
    return
  end
  local cmds = ((client.server_capabilities or {}).executeCommandProvider or {}).commands or {}
  check('server advertises loopls.run/fix/cancel', vim.tbl_contains(cmds, 'loopls.run') and vim.tbl_contains(cmds, 'loopls.fix') and vim.tbl_contains(cmds, 'loopls.cancel'), cmds)

  -- 1. :LooplsRun → progress, transitions, the answer streamed into the scratch buffer.
  local run = start('LooplsRun chat with me')
  check(':LooplsRun answered with a run id', run ~= nil and run.runId ~= nil, run)
  local rec = wait_end(run)
  check('run ended completed', rec ~= nil and rec.outcome == 'completed', rec)
  local kinds = progress_kinds(nil)
  check('$/progress begin … end seen through LspProgress', kinds[1] == 'begin' and kinds[#kinds] == 'end' and #kinds >= 3, kinds)
  local first = events.progress[1] and events.progress[1].value or {}
  check('progress begin is cancellable', first.cancellable == true, first)
  local states = {}
  for _, t in ipairs(events.transitions) do
    if run and t.runId == run.runId then
      table.insert(states, t.to)
    end
  end
  check('transitions Start → AwaitingModel → Terminal', states[1] == 'Start' and vim.tbl_contains(states, 'AwaitingModel') and states[#states] == 'Terminal', states)
  local ui = require('loopls.ui')
  local text = ui.text()
  check('answer streamed into the loopls://runs scratch buffer', text:find('Hello from the tiny test model.', 1, true) ~= nil, text)
  check('scratch buffer is shown in a window', #vim.fn.win_findbuf(ui.buffer()) == 1)
  check('statusline component shows the outcome', loopls.statusline() == 'loopls: completed', loopls.statusline())

  -- 2. :'<,'>LooplsFix with an instruction → edit applied to the buffer, undone with u.
  vim.api.nvim_set_current_buf(hello)
  vim.cmd('normal! gg')
  run = start('1,1LooplsFix edit hello.txt: say goodbye')
  rec = wait_end(run)
  check(':LooplsFix run completed', rec ~= nil and rec.outcome == 'completed', rec)
  local line = function()
    return vim.api.nvim_buf_get_lines(hello, 0, 1, false)[1]
  end
  wait_for(5000, function()
    return line() == 'goodbye'
  end)
  check('fix edit applied to the buffer through workspace/applyEdit', line() == 'goodbye', line())
  check('buffer is modified, not written behind its back', vim.bo[hello].modified == true and vim.fn.readfile(ws .. '/hello.txt')[1] == 'hello', vim.fn.readfile(ws .. '/hello.txt'))
  vim.api.nvim_set_current_buf(hello)
  vim.cmd('normal! u')
  check('u undoes the edit', line() == 'hello', line())

  -- :LooplsUndo reverts a run's edits through loopls/undoRun.
  local undone
  vim.api.nvim_create_autocmd('User', {
    pattern = 'LooplsUndone',
    once = true,
    callback = function(ev)
      undone = ev.data
    end,
  })
  run = start('1LooplsFix edit hello.txt once more')
  rec = wait_end(run)
  wait_for(5000, function()
    return line() == 'goodbye'
  end)
  check('second fix applied', rec ~= nil and rec.outcome == 'completed' and line() == 'goodbye', { rec and rec.outcome, line() })
  vim.cmd('LooplsUndo')
  wait_for(10000, function()
    return undone ~= nil and line() == 'hello'
  end)
  check(':LooplsUndo reverted the run through loopls/undoRun', undone ~= nil and undone.result and undone.result.applied == true and line() == 'hello', { undone, line() })

  -- 3. An approval: run_command asks through vim.ui.select; the test answers "reject".
  local asked
  vim.ui.select = function(items, opts, on_choice)
    asked = { prompt = opts.prompt, items = vim.deepcopy(items) }
    local pick
    for _, it in ipairs(items) do
      if it.kind == 'reject_once' then
        pick = it
      end
    end
    -- Answer later, as an asynchronous picker (telescope, fzf-lua) would.
    vim.defer_fn(function()
      on_choice(pick)
    end, 10)
  end
  run = start('LooplsRun sleep a bit')
  rec = wait_end(run)
  check('approval asked through vim.ui.select', asked ~= nil and asked.prompt:find('run_command', 1, true) ~= nil, asked and asked.prompt)
  check('approval answered (reject) and the run went on to complete', rec ~= nil and rec.outcome == 'completed' and #events.approvals >= 1, rec)

  -- 4. :LooplsCancel on a stalled run → it ends Cancelled.
  run = start('LooplsRun stall forever')
  local waiting = wait_for(15000, function()
    local r = run and loopls.runs[run.runId]
    return r ~= nil and r.state == 'AwaitingModel'
  end)
  check('stalled run is awaiting the model', waiting, run and loopls.runs[run.runId])
  vim.cmd('LooplsCancel')
  rec = wait_end(run, 10000)
  check(':LooplsCancel ended the run cancelled', rec ~= nil and rec.outcome == 'cancelled', rec)
  local pk = progress_kinds(nil)
  check('cancelled run closed its progress', pk[#pk] == 'end', pk[#pk])

  -- 5. :checkhealth loopls
  vim.cmd('checkhealth loopls')
  local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  check('checkhealth: binary found', report:find('loopls binary found', 1, true) ~= nil, report)
  check('checkhealth: version', report:find('version: ', 1, true) ~= nil)
  check('checkhealth: Ollama reachable', report:find('Ollama reachable at', 1, true) ~= nil)
  check('checkhealth: model pulled', report:find('model tiny is pulled', 1, true) ~= nil)
  check('checkhealth: no errors', report:find('ERROR', 1, true) == nil)
end)
if not ok then
  check('test ran to the end', false, err)
end
for _, c in ipairs(vim.lsp.get_clients({ name = 'loopls' })) do
  c.stop()
end
vim.wait(5000, function()
  return #vim.lsp.get_clients({ name = 'loopls' }) == 0
end, 20)
finish()

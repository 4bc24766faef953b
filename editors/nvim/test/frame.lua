-- The frame the Neovim check scripts share (loaded with dofile, never shipped
-- as part of the plugin): the environment editors/test/nvim.sh sets,
-- PASS/FAIL lines on stderr, a bounded wait on a condition, User autocmds
-- that record loopls's events, a run waited for by its id, the screen as
-- drawn, and the closing "N passed, N failed" line that nvim.sh adds up.
local M = { passed = 0, failed = 0 }

-- What nvim.sh sets: the loopls binary, a fresh workspace (hello.txt,
-- README.md, a git repository) and the scripted Ollama's host:port.
M.bin = assert(os.getenv('LOOPLS_BIN'), 'LOOPLS_BIN')
M.ws = assert(os.getenv('LOOPLS_WS'), 'LOOPLS_WS')
M.ollama = assert(os.getenv('LOOPLS_OLLAMA'), 'LOOPLS_OLLAMA')

-- Every run the plugin started (LooplsRunStarted, in order) and ended
-- (LooplsRunEnded, by runId).
M.started, M.ended = {}, {}
vim.api.nvim_create_autocmd('User', {
  pattern = 'LooplsRunStarted',
  callback = function(ev)
    table.insert(M.started, ev.data)
  end,
})
vim.api.nvim_create_autocmd('User', {
  pattern = 'LooplsRunEnded',
  callback = function(ev)
    M.ended[ev.data.runId] = ev.data
  end,
})

function M.check(name, ok, detail)
  if ok then
    M.passed = M.passed + 1
  else
    M.failed = M.failed + 1
  end
  io.stderr:write(string.format('%s %s%s\n', ok and 'PASS' or 'FAIL', name, detail ~= nil and (' ' .. vim.inspect(detail, { newline = ' ', indent = '' })) or ''))
end

function M.wait_for(ms, cond)
  return vim.wait(ms, cond, 20)
end

-- The screen as last drawn, one string a row. Headless Neovim keeps its
-- grid and draws it on :redraw, so this is what a user would see at this
-- moment, not what the buffers and extmarks hold.
function M.screen()
  local rows = {}
  for r = 1, vim.o.lines do
    local cells = {}
    for c = 1, vim.o.columns do
      table.insert(cells, vim.fn.screenstring(r, c))
    end
    rows[r] = table.concat(cells)
  end
  return rows
end

-- Whether a row of the screen contains each of the words.
function M.on_screen(rows, ...)
  local words = { ... }
  for _, row in ipairs(rows or {}) do
    local all = true
    for _, w in ipairs(words) do
      all = all and row:find(w, 1, true) ~= nil
    end
    if all then
      return true
    end
  end
  return false
end

-- record(Pattern): a list that gets the data of every User event Pattern
-- from now on, in order.
function M.record(pattern)
  local list = {}
  vim.api.nvim_create_autocmd('User', {
    pattern = pattern,
    callback = function(ev)
      table.insert(list, ev.data)
    end,
  })
  return list
end

-- on({Pattern = fn(data)}): a User autocmd for each of loopls's events.
function M.on(handlers)
  for pattern, fn in pairs(handlers) do
    vim.api.nvim_create_autocmd('User', {
      pattern = pattern,
      callback = function(ev)
        fn(ev.data)
      end,
    })
  end
end

-- setup's options for the real loopls and the scripted Ollama's tiny
-- model, with extra's on top.
function M.options(extra)
  return vim.tbl_extend('force', { cmd = { M.bin, 'serve' }, model = 'ollama:tiny', ollama_host = M.ollama }, extra or {})
end

-- run(start[, ms]): calls start(), which starts one run; waits (bounded)
-- for the run it started, the first LooplsRunStarted after the call, and
-- then for that run's own LooplsRunEnded. Returns the run and its end
-- record (nil for what was not seen in time).
function M.run(start, ms)
  local n = #M.started
  start()
  if not M.wait_for(20000, function()
    return #M.started > n
  end) then
    return nil, nil
  end
  local run = M.started[n + 1]
  M.wait_for(ms or 30000, function()
    return M.ended[run.runId] ~= nil
  end)
  return run, M.ended[run.runId]
end

-- The loopls client attached to bufnr (any loopls client when nil) once it
-- is initialized, or nil after a bounded wait.
function M.client(bufnr)
  local c
  M.wait_for(20000, function()
    c = vim.lsp.get_clients({ name = 'loopls', bufnr = bufnr })[1]
    return c ~= nil and c.initialized
  end)
  return c ~= nil and c.initialized and c or nil
end

-- The last call of tool name in run, as loopls keeps it in the session
-- (loopls/session): arguments, status, output.
function M.tool_call(run, name)
  local session
  require('loopls').request('loopls/session', { sessionId = run and run.sessionId }, function(_, s)
    session = s or false
  end)
  M.wait_for(10000, function()
    return session ~= nil
  end)
  local call
  for _, r in ipairs((session and session.runs) or {}) do
    if r.runId == (run and run.runId) then
      for _, item in ipairs(r.transcript or {}) do
        if item.kind == 'toolCall' and item.name == name then
          call = item
        end
      end
    end
  end
  return call
end

-- The bytes of a file under the workspace, or nil.
function M.read(rel)
  local f = io.open(M.ws .. '/' .. rel, 'rb')
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return s
end

-- Stops every loopls client and waits (bounded) until none is left.
function M.stop_clients()
  for _, c in ipairs(vim.lsp.get_clients({ name = 'loopls' })) do
    require('loopls.compat').stop(c)
  end
  M.wait_for(5000, function()
    return #vim.lsp.get_clients({ name = 'loopls' }) == 0
  end)
end

-- finish(ok, err): the body's pcall result; prints the count and quits with
-- the status nvim.sh reads.
function M.finish(ok, err)
  if not ok then
    M.check('the test ran to its end', false, err)
  end
  io.stderr:write(string.format('\n%d passed, %d failed\n', M.passed, M.failed))
  vim.cmd(M.failed == 0 and 'qall!' or 'cquit!')
end

return M

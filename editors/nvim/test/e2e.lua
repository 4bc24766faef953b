-- Headless end-to-end test of the loopls Neovim plugin against the real
-- loopls binary and the scripted Ollama server (internal/fakeollama).
-- Run by editors/test/nvim.sh (frame.lua reads what it sets: the binary, a
-- fresh workspace holding hello.txt ("hello") and README.md, the scripted
-- Ollama). Prints PASS/FAIL per check and "N passed, N failed"; exits 1 on
-- any failure.
local frame = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'frame.lua')
local check, wait_for = frame.check, frame.wait_for
local bin, ws, ollama = frame.bin, frame.ws, frame.ollama
-- Wide enough that a chat line and its status fit on the screen (frame.screen).
vim.o.columns, vim.o.lines = 200, 60

-- Records what the plugin publishes, in order.
local events = {
  progress = {},
  transitions = frame.record('LooplsTransition'),
  ended = frame.ended,
  started = frame.started,
  approvals = frame.record('LooplsApproval'),
}
vim.api.nvim_create_autocmd('LspProgress', {
  callback = function(ev)
    local c = vim.lsp.get_client_by_id(ev.data.client_id)
    if c and c.name == 'loopls' then
      table.insert(events.progress, { token = ev.data.params.token, value = vim.deepcopy(ev.data.params.value) })
    end
  end,
})
local infos, reviewed, loaded_session = {}, frame.record('LooplsReviewed'), nil
frame.on({
  LooplsRunInfo = function(d)
    infos[d.runId] = d
  end,
  LooplsSessionLoaded = function(d)
    loaded_session = d.sessionId
  end,
})

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

-- Deprecation warnings: on 0.12 the plugin must raise none.
local deprecated = {}
local orig_deprecate = vim.deprecate
vim.deprecate = function(name, ...)
  table.insert(deprecated, { name = name, trace = debug.traceback('', 2) })
  return orig_deprecate(name, ...)
end

local function keys(k)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(k, true, false, true), 'mx', false)
end
-- Types k (which ends in insert mode) and runs fn while insert mode is
-- still on, then leaves it with <Esc>; returns what fn returns. With 'x!'
-- feedkeys returns only once insert mode ends: fn runs from the event loop
-- while insert mode waits for a key.
local function while_inserting(k, fn)
  local out, err
  vim.schedule(function()
    local ok, res = pcall(fn)
    if ok then
      out = res
    else
      err = res
    end
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<Esc>', true, false, true), 'n', false)
  end)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(k, true, false, true), 'mx!', false)
  if err then
    error(err)
  end
  return out
end
-- Runs the chat's insert-mode mapping of lhs, as typing it would.
local function press_insert(lhs)
  local m = vim.fn.maparg(lhs, 'i', false, true)
  assert(m and m.callback, 'no insert-mode mapping of ' .. lhs)
  m.callback()
end
-- The virtual line under a streaming answer, if one is shown.
local function state_line(b)
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(b, -1, 0, -1, { details = true })) do
    local vl = m[4].virt_lines
    if vl and vl[1] and vl[1][1] then
      return vl[1][1][1]
    end
  end
end

-- Every virtual line under the chat's text, as its words.
local function virt_lines(b)
  local out = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(b, -1, 0, -1, { details = true })) do
    for _, vl in ipairs(m[4].virt_lines or {}) do
      table.insert(out, vl[1] and vl[1][1])
    end
  end
  return out
end
-- The status words at the end of the chat's tool lines.
local function tool_statuses(b)
  local out = {}
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(b, -1, 0, -1, { details = true })) do
    for _, chunk in ipairs(m[4].virt_text or {}) do
      table.insert(out, chunk[1])
    end
  end
  return out
end

local ok, err = pcall(function()
  -- Commands exist before setup() (plugin/loopls.lua).
  vim.cmd('runtime plugin/loopls.lua')
  check('plugin/loopls.lua defines :Loopls and :LooplsAdd before setup()', vim.fn.exists(':Loopls') == 2 and vim.fn.exists(':LooplsAdd') == 2)
  local loopls = require('loopls')
  check('setup() on Neovim ' .. tostring(vim.version()), loopls.setup({
    cmd = { bin, 'serve' },
    model = 'ollama:tiny',
    ollama_host = ollama,
    allow_commands = true, -- run_command is offered; `sleep` is not on the allow list, so it is asked for
    open = 'split',
  }) == true)
  local chat = require('loopls.chat')
  local review = require('loopls.review')

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

  -- 1. :Loopls opens the chat; a prompt sent with <CR> streams its answer.
  vim.cmd('Loopls')
  local chatwin = vim.api.nvim_get_current_win()
  check(':Loopls opens and focuses the chat buffer', vim.api.nvim_get_current_buf() == chat.buffer() and vim.bo.filetype == 'markdown')
  local function type_prompt(text)
    vim.api.nvim_set_current_win(chatwin)
    vim.api.nvim_win_set_buf(chatwin, chat.buffer())
    local n = vim.api.nvim_buf_line_count(chat.buffer())
    vim.api.nvim_buf_set_lines(chat.buffer(), n - 1, n, false, { text })
  end
  local insert_after_send
  local function send_and_wait(text, how)
    type_prompt(text)
    local n = #events.started
    if how == 'insert' then
      insert_after_send = while_inserting('A<C-s>', function()
        local b, cur = chat.buffer(), vim.api.nvim_win_get_cursor(0)[1]
        return {
          mode = vim.api.nvim_get_mode().mode,
          on_prompt_line = vim.api.nvim_get_current_buf() == b and cur == vim.api.nvim_buf_line_count(b)
            and vim.api.nvim_buf_get_lines(b, cur - 2, cur - 1, false)[1] == '## You',
        }
      end)
    else
      keys('<CR>')
    end
    if not wait_for(20000, function()
      return #events.started > n
    end) then
      return nil, nil
    end
    local run = events.started[n + 1]
    return run, wait_end(run)
  end
  local run, rec = send_and_wait('chat with me')
  check('<CR> sent the prompt and the run completed', rec ~= nil and rec.outcome == 'completed', rec)
  check('the answer streamed into the chat', chat.text():find('## loopls\nHello from the tiny test model.', 1, true) ~= nil, chat.text())
  local first_session = run and run.sessionId
  local titled = wait_for(10000, function()
    return chat.text():find('# loopls · chat with me · ', 1, true) ~= nil
  end)
  check('the chat shows the session\'s title in its header and winbar (not its id)', titled
    and vim.wo[chatwin].winbar:find('loopls · chat with me', 1, true) ~= nil and not chat.text():find(tostring(first_session), 1, true),
    { vim.split(chat.text(), '\n')[1], vim.wo[chatwin].winbar })
  -- begin and end follow the client's answer to window/workDoneProgress/create,
  -- which can come after the run ended: wait for the end, bounded.
  wait_for(10000, function()
    local k = progress_kinds(nil)
    return k[#k] == 'end'
  end)
  local kinds = progress_kinds(nil)
  -- What the run went through is reported: as reports, or, when the run
  -- ran ahead of that answer (a loaded machine), folded into begin's
  -- message (rpc/progress.go), so begin and end alone are right then.
  local first = events.progress[1]
  local told = #kinds >= 3 or (first ~= nil and type(first.value.message) == 'string' and first.value.message:find('^turn %d+ · ') ~= nil)
  check('$/progress begin … end seen through LspProgress, the run\'s state reported', kinds[1] == 'begin' and kinds[#kinds] == 'end' and told,
    { kinds = kinds, begin = first and first.value })

  -- 2. A follow-up with <C-s> in insert mode: only answerable from the first exchange.
  run, rec = send_and_wait('recall what I said', 'insert')
  check('<C-s> sent and left insert mode on, the cursor on the new prompt line', insert_after_send ~= nil
    and insert_after_send.mode == 'i' and insert_after_send.on_prompt_line, insert_after_send)
  check('the follow-up continued the session', run ~= nil and run.sessionId == first_session, run)
  check('the model answered from the first exchange', chat.text():find('You first said: chat with me', 1, true) ~= nil, chat.text())

  -- 3. A new conversation (gn), then the first one picked (gs) and drawn
  -- again, in the mode it had (edit; issue 34, item 4).
  vim.api.nvim_set_current_win(chatwin)
  vim.cmd('Loopls mode edit')
  keys('gn')
  check('gn starts a new conversation', chat.session == nil and chat.text():find('recall', 1, true) == nil, chat.text())
  check('the new conversation is in the default mode (auto), not the last one\'s', chat.mode ~= 'edit'
    and chat.text():find('mode auto', 1, true) ~= nil, { chat.mode, vim.split(chat.text(), '\n')[1] })
  local offered
  vim.ui.select = function(items, opts, on_choice)
    offered = vim.tbl_map(function(i)
      return opts.format_item(i)
    end, items)
    for _, it in ipairs(items) do
      if it.sessionId == first_session then
        vim.defer_fn(function()
          on_choice(it)
        end, 10)
        return
      end
    end
    on_choice(nil)
  end
  keys('gs')
  wait_for(10000, function()
    return loaded_session == first_session
  end)
  check('gs lists the sessions by title', offered ~= nil and offered[1] ~= nil and offered[1]:find('chat with me', 1, true) ~= nil, offered)
  check('gs says when in words, with the runs and the last answer, no raw timestamp', offered ~= nil and offered[1] ~= nil
    and (offered[1]:find('^chat with me · just now · 2 runs · “You first said: chat with me”$') ~= nil
      or offered[1]:find('^chat with me · %d+ min ago · 2 runs · “You first said: chat with me”$') ~= nil)
    and not offered[1]:find('%d%d%d%d%-%d%d%-%d%d'), offered)
  local drawn = chat.text()
  check('the picked conversation is drawn again, both runs', loaded_session == first_session
    and drawn:find('## You\nchat with me\n## loopls\nHello from the tiny test model.', 1, true) ~= nil
    and drawn:find('You first said: chat with me', 1, true) ~= nil, drawn)
  check('sending continues the picked session', chat.session == first_session)
  check('gs brought the conversation back in its mode (edit), header too', chat.mode == 'edit'
    and vim.split(chat.text(), '\n')[1]:find('mode edit', 1, true) ~= nil, { chat.mode, vim.split(chat.text(), '\n')[1] })
  vim.cmd('Loopls mode auto')

  -- 4. A tool call: its output is a closed fold that opens with zo.
  run, rec = send_and_wait('read the README')
  check('read the README completed', rec ~= nil and rec.outcome == 'completed', rec)
  local out_line
  for _, l in ipairs(chat.fold_starts()) do
    if (vim.api.nvim_buf_get_lines(chat.buffer(), l - 1, l, false)[1] or ''):find('output of read_file', 1, true) then
      out_line = l
    end
  end
  vim.api.nvim_set_current_win(chatwin)
  check('the tool output is folded', out_line ~= nil and vim.fn.foldclosed(out_line + 1) ~= -1, { out_line, out_line and vim.fn.foldclosed(out_line + 1) })
  check('the tool call shows its status', chat.text():find('⚙ read_file README.md', 1, true) ~= nil)
  if out_line then
    vim.api.nvim_win_set_cursor(chatwin, { out_line, 0 })
    vim.cmd('normal! zo')
    check('zo opens the fold', vim.fn.foldclosed(out_line + 1) == -1)
  end

  -- 4b. Two tool calls in one turn: the first waits for an approval, given
  -- only once the second has ended and its output is drawn; each output
  -- lands right under its own call's line (issue 34, item 3).
  local select_before = vim.ui.select
  vim.ui.select = function(items, _, on_choice)
    local allow
    for _, it in ipairs(items) do
      if it.option.kind == 'allow_once' then
        allow = it
      end
    end
    -- Answered once read_file's output is in the chat, bounded.
    local tries = 0
    local timer = vim.uv and vim.uv.new_timer() or vim.loop.new_timer()
    timer:start(20, 20, vim.schedule_wrap(function()
      tries = tries + 1
      if chat.text():find('▸ output of read_file', 1, true) or tries > 500 then
        timer:stop()
        timer:close()
        on_choice(allow)
      end
    end))
  end
  run, rec = send_and_wait('ask and read')
  vim.ui.select = select_before
  local all = vim.api.nvim_buf_get_lines(chat.buffer(), 0, -1, false)
  local from
  for i = #all, 1, -1 do
    if all[i] == 'ask and read' then
      from = i
      break
    end
  end
  -- Each output header and the line above it.
  local under = {}
  for i = (from or #all) + 1, #all do
    local name = all[i]:match('^▸ output of (%S+)')
    if name then
      table.insert(under, { name, all[i - 1] })
    elseif all[i] == '## You' then
      break
    end
  end
  local attached = #under == 2 and under[1][1] == 'run_command' and under[2][1] == 'read_file'
  for _, u in ipairs(under) do
    attached = attached and u[2]:find('^⚙ ' .. u[1] .. ' ') ~= nil
  end
  check('two calls in one turn, the first answered last: in the model\'s order, each output under its own line',
    rec ~= nil and rec.outcome == 'completed' and attached,
    { under = under, lines = vim.list_slice(all, from or 1) })

  -- 4c. A failed run ends on one line in words: no markdown underscores.
  vim.cmd('Loopls model ollama:nope')
  run, rec = send_and_wait('chat with a missing model')
  vim.cmd('Loopls model')
  local ends = vim.tbl_filter(function(l)
    return l:find('failed', 1, true) ~= nil
  end, vim.api.nvim_buf_get_lines(chat.buffer(), 0, -1, false))
  check('a failed run\'s last line says why, in words, without literal underscores', rec ~= nil and rec.outcome == 'failed'
    and #ends == 1 and ends[1]:find('^✗ failed — ') ~= nil and ends[1]:find('nope', 1, true) ~= nil and not ends[1]:find('_', 1, true), ends)

  -- 5. <C-c> in the chat cancels a run that is stuck waiting for the model.
  type_prompt('stall forever')
  local n = #events.started
  keys('<CR>')
  wait_for(20000, function()
    return #events.started > n
  end)
  run = events.started[n + 1]
  local waiting = wait_for(15000, function()
    local r = run and loopls.runs[run.runId]
    return r ~= nil and r.state == 'AwaitingModel'
  end)
  check('the stalled run awaits the model', waiting)
  vim.api.nvim_set_current_win(chatwin)
  keys('<C-c>')
  rec = wait_end(run, 10000)
  check('<C-c> ended the run cancelled', rec ~= nil and rec.outcome == 'cancelled', rec)

  -- 5b. A prompt sent while a run runs (issue 25, item 3): <CR> asks for it
  -- (the chat is read-only while the run streams), the header shows it as
  -- queued, and it is sent when the run ends.
  type_prompt('stall again')
  n = #events.started
  keys('<CR>')
  wait_for(20000, function()
    return #events.started > n
  end)
  local stalled = events.started[n + 1]
  wait_for(15000, function()
    local r = stalled and loopls.runs[stalled.runId]
    return r ~= nil and r.state == 'AwaitingModel'
  end)
  local asked_queue
  local orig_input = vim.ui.input
  vim.ui.input = function(opts, on_confirm)
    asked_queue = opts.prompt
    on_confirm('chat while it runs')
  end
  vim.api.nvim_set_current_win(chatwin)
  keys('<CR>')
  vim.ui.input = orig_input
  local header2 = vim.api.nvim_buf_get_lines(chat.buffer(), 1, 2, false)[1]
  check('<CR> during a run asks for a prompt to queue, and the header shows it queued',
    asked_queue ~= nil and asked_queue:find('queue', 1, true) ~= nil and header2:find('queued, sent when the run ends: "chat while it runs"', 1, true) ~= nil,
    { asked_queue, header2 })
  check('nothing was sent while the run runs', #events.started == n + 1, #events.started - n)
  check('the queued prompt shows under the streaming run and in the winbar, where the eye is',
    vim.tbl_contains(virt_lines(chat.buffer()), '⏎ queued, sent when the run ends: "chat while it runs"')
      and vim.wo[chatwin].winbar:find('1 queued', 1, true) ~= nil, { virt_lines(chat.buffer()), vim.wo[chatwin].winbar })
  keys('<C-c>')
  rec = wait_end(stalled, 10000)
  check('the stalled run ended cancelled', rec ~= nil and rec.outcome == 'cancelled', rec)
  wait_for(20000, function()
    return #events.started > n + 1
  end)
  local queued_run = events.started[n + 2]
  local queued_rec = wait_end(queued_run)
  check('the queued prompt was sent when the run ended, in the same session, and completed',
    queued_run ~= nil and queued_run.sessionId == stalled.sessionId and queued_rec ~= nil and queued_rec.outcome == 'completed'
      and chat.text():find('chat while it runs\n## loopls\nHello from the tiny test model.', 1, true) ~= nil,
    { queued_run, queued_rec and queued_rec.outcome })
  check('the header no longer shows it queued', vim.api.nvim_buf_get_lines(chat.buffer(), 1, 2, false)[1]:find('queued', 1, true) == nil)

  -- 5c. In insert mode (issue 25, item 10): <C-s> sends and insert mode
  -- stays; the run's state shows under its answer and in the winbar while
  -- it goes; the next prompt typed meanwhile is queued with <C-s>; <C-c>
  -- cancels from insert mode; the state is gone once the run ends.
  type_prompt('hush while I type')
  n = #events.started
  vim.api.nvim_win_set_cursor(chatwin, { vim.api.nvim_buf_line_count(chat.buffer()), 0 })
  local typing
  while_inserting('A<C-s>', function()
    wait_for(20000, function()
      return #events.started > n
    end)
    typing = events.started[n + 1]
    local thinking = wait_for(15000, function()
      local r = typing and loopls.runs[typing.runId]
      return r ~= nil and r.state == 'AwaitingModel' and state_line(chat.buffer()) == '⋯ thinking…'
    end)
    check('while the model is asked, "thinking…" shows under the answer and in the winbar', thinking
      and vim.wo[chatwin].winbar:find('thinking…', 1, true) ~= nil, { state_line(chat.buffer()), vim.wo[chatwin].winbar })
    -- typed at the cursor, which <C-s> left on the prompt line
    local row, col = unpack(vim.api.nvim_win_get_cursor(0))
    vim.api.nvim_buf_set_text(chat.buffer(), row - 1, col, row - 1, col, { 'typed while it runs' })
    check('insert mode stayed on, and text typed meanwhile goes into the prompt area', vim.api.nvim_get_mode().mode == 'i'
      and chat.prompt_text() == 'typed while it runs', { vim.api.nvim_get_mode().mode, chat.prompt_text() })
    press_insert('<C-s>')
    local header3 = vim.api.nvim_buf_get_lines(chat.buffer(), 1, 2, false)[1]
    check('<C-s> during the run queues the typed prompt and empties the prompt area', chat.prompt_text() == nil
      and header3:find('queued, sent when the run ends: "typed while it runs"', 1, true) ~= nil and #events.started == n + 1, header3)
    press_insert('<C-c>')
    check('still in insert mode after <C-s> and <C-c>', vim.api.nvim_get_mode().mode == 'i')
  end)
  rec = wait_end(typing, 10000)
  check('<C-c> in insert mode cancelled the run', rec ~= nil and rec.outcome == 'cancelled', rec)
  wait_for(20000, function()
    return #events.started > n + 1
  end)
  local typed_rec = wait_end(events.started[n + 2])
  check('the prompt typed during the run was sent after it, and completed', typed_rec ~= nil and typed_rec.outcome == 'completed'
    and chat.text():find('## You\ntyped while it runs\n## loopls\n', 1, true) ~= nil, typed_rec)
  check('no state is shown once the runs ended', state_line(chat.buffer()) == nil and chat.state_text == nil
    and not vim.wo[chatwin].winbar:find('⋯', 1, true), { state_line(chat.buffer()), vim.wo[chatwin].winbar })

  -- 5d. gy yanks the code block under the cursor; ]] and [[ go between answers.
  run, rec = send_and_wait('show code')
  local code_line
  for i, l in ipairs(vim.api.nvim_buf_get_lines(chat.buffer(), 0, -1, false)) do
    if l == 'fmt.Println("hi")' then
      code_line = i
    end
  end
  vim.api.nvim_set_current_win(chatwin)
  vim.fn.setreg('"', 'nothing yet')
  if code_line then
    vim.api.nvim_win_set_cursor(chatwin, { code_line, 0 })
    keys('gy')
  end
  check('gy yanked the block\'s code, without its fences', vim.fn.getreg('"') == 'fmt.Println("hi")\n', vim.fn.getreg('"'))
  local heads = chat.answer_lines()
  vim.api.nvim_win_set_cursor(chatwin, { 1, 0 })
  keys(']]')
  local first_head = vim.api.nvim_win_get_cursor(chatwin)[1]
  keys(']]')
  local second_head = vim.api.nvim_win_get_cursor(chatwin)[1]
  keys('G[[')
  local last_head = vim.api.nvim_win_get_cursor(chatwin)[1]
  check(']] and [[ jump to the answers', #heads >= 2 and first_head == heads[1] and second_head == heads[2] and last_head == heads[#heads],
    { heads = heads, got = { first_head, second_head, last_head } })

  -- 6. A visual range attached as context reaches the run.
  vim.cmd('tabnew ' .. vim.fn.fnameescape(ws .. '/hello.txt'))
  vim.cmd('normal! ggV')
  keys(':LooplsAdd<CR>')
  check(':\'<,\'>LooplsAdd shows the range in the chat header', chat.text():find('Context: hello.txt:1-1', 1, true) ~= nil, vim.split(chat.text(), '\n')[2])
  vim.cmd('tabclose')
  vim.api.nvim_set_current_win(chatwin)
  run, rec = send_and_wait('chat about this line')
  local info = run and infos[run.runId]
  local ctx = info and info.context and info.context[1]
  check('the context reached the run, read from the buffer', ctx ~= nil and ctx.path == 'hello.txt' and ctx.source == 'buffer', info)
  check('the context is used once', #chat.context == 0 and chat.text():find('Context: none', 1, true) ~= nil)

  -- 7. :LooplsFix edits hello.txt; :LooplsDiff shows before and after.
  vim.cmd('tabnew ' .. vim.fn.fnameescape(ws .. '/hello.txt'))
  n = #events.started
  vim.cmd('1LooplsFix edit hello.txt: say goodbye')
  wait_for(20000, function()
    return #events.started > n
  end)
  run = events.started[n + 1]
  rec = wait_end(run)
  local line = function()
    return vim.api.nvim_buf_get_lines(hello, 0, 1, false)[1]
  end
  check(':LooplsFix reports in the chat and edits the buffer', rec ~= nil and rec.outcome == 'completed' and line() == 'goodbye'
    and chat.text():find('Fix hello.txt:1-1: edit hello.txt: say goodbye', 1, true) ~= nil, { rec and rec.outcome, line() })
  check('the run lists its edit', chat.text():find('Edited: hello.txt', 1, true) ~= nil)
  local tabs = #vim.api.nvim_list_tabpages()
  vim.cmd('LooplsDiff')
  local wins = vim.api.nvim_tabpage_list_wins(0)
  local diffed = {}
  for _, w in ipairs(wins) do
    table.insert(diffed, { diff = vim.wo[w].diff, lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(w), 0, -1, false) })
  end
  check(':LooplsDiff opens before and after in diff mode', #vim.api.nvim_list_tabpages() == tabs + 1 and #wins == 2
    and diffed[1].diff and diffed[2].diff and diffed[1].lines[1] == 'hello' and diffed[2].lines[1] == 'goodbye', diffed)
  vim.cmd('tabclose')
  vim.cmd('tabclose')
  vim.api.nvim_buf_call(hello, function()
    vim.cmd('silent! undo')
  end)

  -- 8. edit mode: the change is shown, rejected, and the model is told.
  vim.api.nvim_set_current_win(chatwin)
  vim.cmd('Loopls mode edit')
  check(':Loopls mode edit shows in the header', chat.text():find('mode edit', 1, true) ~= nil)
  local shown, shown_screen
  review.ask = function(summary, diff, done)
    shown = { summary = summary, diff = diff }
    shown_screen = frame.screen()
    vim.defer_fn(function()
      done(false)
    end, 10)
  end
  run, rec = send_and_wait('edit hello.txt')
  check('edit mode asked before applying, with the diff', shown ~= nil and shown.diff:find('-hello', 1, true) ~= nil and shown.diff:find('+goodbye', 1, true) ~= nil, { shown = shown, rec = rec, run = run })
  -- What the screen showed as the review was asked: the plugin redraws
  -- before asking, so the tool line on screen is not "running".
  check('on the screen as the review is asked, the edit_file line says it waits for your review (redrawn first)', shown_screen ~= nil
    and frame.on_screen(shown_screen, '⚙ edit_file', '… waiting for your review') and not frame.on_screen(shown_screen, '… running'),
    vim.tbl_filter(function(r)
      return r:find('⚙', 1, true) ~= nil
    end, shown_screen or {}))
  check('the rejected change was not applied', line() == 'hello' and reviewed[#reviewed] ~= nil and reviewed[#reviewed].applied == false, { line(), reviewed })
  local told = frame.tool_call(run, 'edit_file')
  check('the model got "rejected" as the edit_file result', told ~= nil and told.status == 'failed' and tostring(told.output):find('reject', 1, true) ~= nil, told)

  -- 8b. The stock review (issue 25, item 2): one question per change, asked
  -- in a float that shows the diff; neither Neovim's own confirm() (which
  -- 0.11+ raises for needsConfirmation) nor vim.ui.select asks, and Neovim
  -- reports no "Applied changes".
  review.ask = nil
  local confirms, selects, notes = 0, 0, {}
  local orig_confirm, orig_select, orig_notify = vim.fn.confirm, vim.ui.select, vim.notify
  vim.fn.confirm = function()
    confirms = confirms + 1
    return 2
  end
  vim.ui.select = function(_, _, on_choice)
    selects = selects + 1
    on_choice(nil)
  end
  vim.notify = function(msg, ...)
    table.insert(notes, tostring(msg))
    return orig_notify(msg, ...)
  end
  local function review_float()
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(w).relative ~= '' and vim.bo[vim.api.nvim_win_get_buf(w)].filetype == 'diff' then
        return w
      end
    end
  end
  local review_state, review_tools
  local function review_once(prompt, key)
    vim.api.nvim_set_current_win(chatwin)
    type_prompt(prompt)
    local n, nr = #events.started, #reviewed
    keys('<CR>')
    local w
    wait_for(20000, function()
      w = review_float()
      return w ~= nil
    end)
    local seen
    if w then
      review_state = chat.state_text
      review_tools = tool_statuses(chat.buffer())
      seen = {
        focused = vim.api.nvim_get_current_win() == w,
        text = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(w), 0, -1, false), '\n'),
      }
      keys(key)
    end
    wait_for(20000, function()
      return #events.started > n
    end)
    local r = events.started[n + 1]
    return seen, wait_end(r), reviewed[nr + 1]
  end
  local seen, rec1, r1 = review_once('report edit of hello.txt', 'r')
  check('the review is a focused float showing the diff (-hello +goodbye)', seen ~= nil and seen.focused
    and seen.text:find('-hello', 1, true) ~= nil and seen.text:find('+goodbye', 1, true) ~= nil, seen)
  check('r in the float rejected it: hello.txt unchanged, the model told', r1 ~= nil and r1.applied == false and line() == 'hello'
    and rec1 ~= nil and tostring(rec1.output):find('rejected this change', 1, true) ~= nil, { r1, line(), rec1 and rec1.output })
  check('the float is gone after the answer', review_float() == nil)
  check('the chat said it waits for the review while the float asked', review_state == 'waiting for your review', review_state)
  check('the edit_file line says it waits for your review while the float asks, not "running"', review_tools ~= nil
    and vim.tbl_contains(review_tools, '… waiting for your review') and not vim.tbl_contains(review_tools, '… running'), review_tools)
  local seen2, rec2, r2 = review_once('report edit of hello.txt again', 'a')
  check('a in the float accepted it: hello.txt says goodbye, the model told', seen2 ~= nil and r2 ~= nil and r2.applied == true
    and line() == 'goodbye' and rec2 ~= nil and tostring(rec2.output):find('accepted the change', 1, true) ~= nil, { r2, line(), rec2 and rec2.output })
  local applied_notes = vim.tbl_filter(function(m)
    return m:find('Applied changes', 1, true) ~= nil
  end, notes)
  check('each change was asked exactly once: no confirm(), no vim.ui.select, no "Applied changes"',
    confirms == 0 and selects == 0 and #applied_notes == 0, { confirms = confirms, selects = selects, notes = applied_notes })
  vim.fn.confirm, vim.ui.select, vim.notify = orig_confirm, orig_select, orig_notify
  vim.api.nvim_buf_call(hello, function()
    vim.cmd('silent! undo')
  end)
  vim.cmd('Loopls mode auto')

  -- 9. An approval: run_command asks through vim.ui.select; the test answers "reject".
  local asked, asked_screen
  vim.ui.select = function(items, opts, on_choice)
    asked = { prompt = opts.prompt, labels = {}, state = chat.state_text, winbar = vim.wo[chatwin].winbar, tool_line = {} }
    asked_screen = frame.screen()
    for _, m in ipairs(vim.api.nvim_buf_get_extmarks(chat.buffer(), -1, 0, -1, { details = true })) do
      for _, chunk in ipairs(m[4].virt_text or {}) do
        table.insert(asked.tool_line, chunk[1])
      end
    end
    local pick
    for _, it in ipairs(items) do
      table.insert(asked.labels, opts.format_item(it))
      if it.option.kind == 'reject_once' then
        pick = it
      end
    end
    vim.defer_fn(function()
      on_choice(pick)
    end, 10)
  end
  run, rec = send_and_wait('sleep a bit')
  check('approval asked through vim.ui.select, in words with the reason', asked ~= nil and asked.prompt:find('loopls wants to run `sleep', 1, true) ~= nil
    and asked.prompt:find('(asked because ', 1, true) ~= nil, asked and asked.prompt)
  local raw = asked and vim.tbl_filter(function(l)
    return l:find('allow_', 1, true) or l:find('reject_', 1, true)
  end, asked.labels) or {}
  check('approval choices in words, "Always allow" saying what it allows, no raw kinds', asked ~= nil and #asked.labels == 4 and #raw == 0
    and asked.labels[2] == 'Always allow this exact command line in this workspace, without asking again', asked and asked.labels)
  check('the chat said it waits for approval while asked', asked ~= nil and asked.state == 'waiting for approval'
    and asked.winbar:find('waiting for approval', 1, true) ~= nil, asked and { asked.state, asked.winbar })
  check('the tool line says it waits for approval while asked, not "running"', asked ~= nil
    and vim.tbl_contains(asked.tool_line, '… waiting for approval') and not vim.tbl_contains(asked.tool_line, '… running'), asked and asked.tool_line)
  -- The buffer and its extmarks said so before; what the user sees is the
  -- screen, which is drawn again before vim.ui.select (a select that blocks,
  -- such as inputlist(), would leave it saying "running" while it asks).
  check('on the screen as vim.ui.select is called, the tool line and the winbar say waiting for approval (redrawn first)', asked_screen ~= nil
    and frame.on_screen(asked_screen, '⚙ run_command', '… waiting for approval') and not frame.on_screen(asked_screen, '… running')
    and frame.on_screen(asked_screen, 'loopls · ', 'waiting for approval'), vim.tbl_filter(function(r)
      return r:find('⚙', 1, true) ~= nil or r:find('waiting', 1, true) ~= nil
    end, asked_screen or {}))
  check('approval answered (reject) and the run went on to complete', rec ~= nil and rec.outcome == 'completed' and #events.approvals >= 1, rec)

  -- 10. :LooplsUndo reverts a fix through loopls/undoRun.
  local undone
  vim.api.nvim_create_autocmd('User', {
    pattern = 'LooplsUndone',
    once = true,
    callback = function(ev)
      undone = ev.data
    end,
  })
  vim.cmd('tabnew ' .. vim.fn.fnameescape(ws .. '/hello.txt'))
  n = #events.started
  vim.cmd('1LooplsFix edit hello.txt once more')
  wait_for(20000, function()
    return #events.started > n
  end)
  rec = wait_end(events.started[n + 1])
  wait_for(5000, function()
    return line() == 'goodbye'
  end)
  local undo_notes = {}
  local notify_before_undo = vim.notify
  vim.notify = function(m, ...)
    table.insert(undo_notes, tostring(m))
    return notify_before_undo(m, ...)
  end
  vim.cmd('LooplsUndo')
  wait_for(10000, function()
    return undone ~= nil and line() == 'hello'
  end)
  vim.notify = notify_before_undo
  check(':LooplsUndo reverted the run through loopls/undoRun', undone ~= nil and undone.result and undone.result.applied == true and line() == 'hello', { undone, line() })
  check(':LooplsUndo says so in words, without the run id', #undo_notes == 1 and undo_notes[1]:find('undid the edits of the last run', 1, true) ~= nil
    and not undo_notes[1]:find('run_', 1, true), undo_notes)

  -- 11. :checkhealth loopls
  vim.cmd('checkhealth loopls')
  local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  check('checkhealth: binary found', report:find('loopls binary found', 1, true) ~= nil, report)
  check('checkhealth: version', report:find('version: ', 1, true) ~= nil)
  check('checkhealth: the daemon', report:find('daemon running', 1, true) ~= nil)
  check('checkhealth: config files', report:find('user config', 1, true) ~= nil and report:find('project config', 1, true) ~= nil)
  check('checkhealth: Ollama reachable', report:find('Ollama reachable at', 1, true) ~= nil)
  check('checkhealth: model pulled', report:find('model tiny is pulled', 1, true) ~= nil)
  check('checkhealth: no errors', report:find('ERROR', 1, true) == nil)

  -- 11b. A loopls.run the daemon refuses (a session it does not know): the
  -- chat and the notification say why in words, without the JSON-RPC code.
  local chatmod = require('loopls.chat')
  local notes = {}
  local orig_notify = vim.notify
  vim.notify = function(m, ...)
    table.insert(notes, tostring(m))
    return orig_notify(m, ...)
  end
  local saved_session = chatmod.session
  chatmod.session = 'ses_00000000deadbeef'
  require('loopls').run('a prompt for a session loopls does not know')
  local refused = wait_for(20000, function()
    return table.concat(vim.api.nvim_buf_get_lines(chatmod.buffer(), 0, -1, false), '\n'):find('unknown session', 1, true) ~= nil
  end)
  vim.notify = orig_notify
  chatmod.session = saved_session
  local chat_text = table.concat(vim.api.nvim_buf_get_lines(chatmod.buffer(), 0, -1, false), '\n')
  local said = table.concat(notes, '\n')
  check('a refused loopls.run shows its message in the chat and the notification',
    refused and said:find('unknown session', 1, true) ~= nil, { said = said })
  -- loopls answers this one with its own code (-31005); any "(-NNNNN)" is a code.
  check('no JSON-RPC code in the chat or the notification', not chat_text:find('%(%-%d+%)') and not said:find('%(%-%d+%)'),
    { said = said, chat = chat_text:sub(-400) })

  -- 12. No deprecation warning.
  local messages = vim.api.nvim_exec2('messages', { output = true }).output
  check('no deprecation warning (vim.deprecate, :messages)', #deprecated == 0 and not messages:lower():find('deprecat'), { deprecated = deprecated, messages = messages })
end)
for _, c in ipairs(vim.lsp.get_clients({ name = 'loopls' })) do
  require('loopls.compat').stop(c)
end
vim.wait(5000, function()
  return #vim.lsp.get_clients({ name = 'loopls' }) == 0
end, 20)
frame.finish(ok, err)

-- Unit tests of the plugin's parts that need no server: the settings mapping,
-- Ollama address and model parsing, the statusline component, the chat
-- buffer drawn from protocol events, command completion, the edit preview and
-- the health helpers. Run headless by editors/test/nvim.sh on Neovim 0.10+.
-- Prints PASS/FAIL per check and "N passed, N failed" (frame.lua); exits 1 on any failure.
local frame = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'frame.lua')
local function eq(name, got, want)
  local ok = vim.deep_equal(got, want)
  frame.check(name, ok, not ok and { got = got, want = want } or nil)
end

local loopls = require('loopls')
local health = require('loopls.health')

eq('server_settings: protocol names', loopls.server_settings({
  model = 'ollama:tiny',
  ollama_host = '127.0.0.1:1',
  max_turns = 5,
  context_window = 0,
  allow_commands = false,
  allowed_commands = { 'go test' },
  mode = 'edit',
  open = 'split',
}), { model = 'ollama:tiny', ollamaHost = '127.0.0.1:1', maxTurns = 5, contextWindow = 0, allowCommands = false, allowedCommands = { 'go test' }, mode = 'edit' })
eq('server_settings: empty strings left out', loopls.server_settings({ model = '', ollama_host = '' }), {})
eq('server_settings: none set is a JSON object, not an array', vim.json.encode(loopls.server_settings({})), '{}')

eq('ollama_address: host:port', { health.ollama_address('10.1.2.3:9999') }, { '10.1.2.3', 9999, '10.1.2.3:9999' })
eq('ollama_address: URL', { health.ollama_address('http://localhost:11434/') }, { 'localhost', 11434, 'http://localhost:11434/' })
eq('ollama_address: bare host gets the default port', { health.ollama_address('example.internal') }, { 'example.internal', 11434, 'example.internal' })
eq('ollama_address: 0.0.0.0 means this machine', { health.ollama_address('0.0.0.0:11434') }, { '127.0.0.1', 11434, '0.0.0.0:11434' })
eq('ollama_address: IPv6', { health.ollama_address('[::1]:8080') }, { '::1', 8080, '[::1]:8080' })
eq('ollama_model: ollama: prefix', health.ollama_model('ollama:qwen2.5-coder:7b'), 'qwen2.5-coder:7b')
eq('ollama_model: bare name is Ollama', health.ollama_model('llama3'), 'llama3')
do -- :checkhealth names where the binary came from: install-binary.sh's loopls.source beside it
  local d = vim.fn.tempname()
  vim.fn.mkdir(d, 'p')
  eq('binary_source: no loopls.source', health.binary_source(d .. '/loopls'):match('^not by install%-binary%.sh') ~= nil, true)
  vim.fn.writefile({ 'loopls v1.2.3 from /x/dist/loopls-linux-x64.tar.gz (SHA-256 ab checked against SHA256SUMS)' }, d .. '/loopls.source')
  eq('binary_source: the installer\'s record', health.binary_source(d .. '/loopls'),
    'loopls v1.2.3 from /x/dist/loopls-linux-x64.tar.gz (SHA-256 ab checked against SHA256SUMS) (' .. d .. '/loopls.source)')
  vim.fn.delete(d, 'rf')
end
eq('ollama_model: remote providers', { health.ollama_model('openai:gpt-4.1-mini'), health.ollama_model('anthropic:x') }, {})

eq('statusline: nothing before a run', loopls.statusline(), '')
loopls.runs.r1 = { runId = 'r1', state = 'AwaitingTools', turn = 2, seq = 3 }
loopls.last_started = 'r1'
eq('statusline: the state in words, the turn counted from 1 (as $/progress says it)', loopls.statusline(), 'loopls: running tools… · turn 3')
loopls.runs.r1.ended, loopls.runs.r1.outcome = true, 'cancelled'
eq('statusline: outcome once ended', loopls.statusline(), 'loopls: cancelled')
loopls.runs.r1.outcome = 'max_turns_exceeded'
eq('statusline: an outcome in words', loopls.statusline(), 'loopls: max turns exceeded')

-- The chat buffer, drawn from protocol events.
local chat = require('loopls.chat')
local compat = require('loopls.compat')
local review = require('loopls.review')
local commands = require('loopls.commands')
local b = chat.buffer()
local function lines()
  return vim.api.nvim_buf_get_lines(b, 0, -1, false)
end
eq('chat: a new buffer is a header and an empty prompt area', lines(), { '# loopls · new conversation · mode auto', 'Context: none (:LooplsAdd)', '', '## You', '' })
eq('chat: markdown scratch buffer', { vim.bo[b].buftype, vim.bo[b].filetype }, { 'nofile', 'markdown' })
vim.api.nvim_buf_set_lines(b, -2, -1, false, { 'read the README', '' })
eq('chat: the prompt is what follows the last "## You"', chat.prompt_text(), 'read the README')
chat.begin_run(nil)
eq('chat: begin_run adds the answer header and a prompt area below it; the buffer stays editable',
  { vim.list_slice(lines(), #lines() - 4), vim.bo[b].modifiable }, { { '## loopls', '', '', '## You', '' }, true })
-- What the run does shows under its text (a virtual line) and in the winbar.
local chatwin = vim.api.nvim_open_win(b, false, { split = 'below' })
chat.setup_window(chatwin)
chat.winbar()
local function state_line()
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(b, -1, 0, -1, { details = true })) do
    local vl = m[4].virt_lines
    if vl and vl[1] and vl[1][1] then
      return { row = m[2], text = vl[1][1][1] }
    end
  end
end
eq('chat: the state shows under the answer header while the run starts', state_line(), { row = #lines() - 4, text = '⋯ starting…' })
chat.adopt({ runId = 'r1', sessionId = 'ses_1' })
chat.delta({ runId = 'r1', lane = 'thinking', text = 'Let me' })
chat.delta({ runId = 'r1', lane = 'thinking', text = ' think.' })
chat.set_state('r1', 'thinking…')
eq('chat: the state line follows the streamed text', state_line(), { row = #lines() - 4, text = '⋯ thinking…' })
eq('chat: the winbar says the same', vim.wo[chatwin].winbar:find('thinking…', 1, true) ~= nil, true)
loopls.handlers['loopls/modelWait'](nil, { runId = 'r1', turn = 0, afterMs = 10000 })
eq('chat: loopls/modelWait says the model is silent', chat.state_text, 'waiting for the model: no answer for 10s, it may be loading')
loopls.handlers['loopls/transition'](nil, { runId = 'r1', seq = 50, from = 'AwaitingModel', to = 'AwaitingTools', turn = 0 })
eq('chat: a transition to AwaitingTools, in words', chat.state_text, 'running tools…')
loopls.runs.r1 = nil
chat.set_state('r1', 'thinking…')
chat.set_state('r0', 'running elsewhere')
eq('chat: another run\'s state is not shown', chat.state_text, 'thinking…')
-- A draft typed in the prompt area while the run streams stays there.
vim.api.nvim_buf_set_lines(b, -2, -1, false, { 'next question' })
loopls.handlers['loopls/toolCall'](nil, { runId = 'r1', id = 'c1', name = 'read_file', arguments = { path = 'README.md' }, status = 'running' })
eq('chat: tool status running', chat.tool_status('r1', 'c1'), 'running')
eq('chat: a running tool names itself in the state', chat.state_text, 'running read_file README.md')
chat.tool_waiting('r1', 'c1', true)
eq('chat: a tool that waits for approval says so, not "running"', chat.tool_status('r1', 'c1'), 'waiting')
chat.tool_waiting('r1', 'c1', false)
eq('chat: once answered, the tool runs again', chat.tool_status('r1', 'c1'), 'running')
chat.tool_waiting('r1', 'nope', true)
chat.tool_waiting('r9', 'c1', true)
eq('chat: an unknown call or run changes nothing', chat.tool_status('r1', 'c1'), 'running')
chat.tool_call({ runId = 'r1', id = 'c1', name = 'read_file', arguments = { path = 'README.md' }, status = 'completed', output = '1\t# demo\n2\tline two\n' })
chat.delta({ runId = 'r1', lane = 'text', text = 'The tool' })
chat.delta({ runId = 'r1', lane = 'text', text = ' result was received.' })
eq('chat: the draft is the prompt while the run streams above it', chat.prompt_text(), 'next question')
chat.ended({ runId = 'r1', outcome = 'completed', turns = 2, usage = { inputTokens = 10, outputTokens = 3 }, edits = { { path = 'hello.txt' } } }, true)
eq('chat: the state is cleared when the run ends', { state_line(), chat.state_text, vim.wo[chatwin].winbar:find('⋯', 1, true) }, {})
eq('chat: a run drawn in order, the draft kept below it', lines(), {
  '# loopls · conversation · mode auto', 'Context: none (:LooplsAdd)', '', '## You', 'read the README', '## loopls',
  '▸ thinking', 'Let me think.',
  '⚙ read_file README.md',
  '▸ output of read_file', '```text', '1\t# demo', '2\tline two', '```',
  'The tool result was received.',
  '✓ completed · 2 turn(s) · 10 in / 3 out tokens',
  'Edited: hello.txt (:LooplsDiff to review, :LooplsUndo to revert)',
  '', '## You', 'next question' })
vim.api.nvim_buf_set_lines(b, -2, -1, false, { '' })
eq('chat: tool status completed', chat.tool_status('r1', 'c1'), 'completed')
eq('chat: editable again after the run', vim.bo[b].modifiable, true)
eq('chat: thinking and output are folded blocks', chat.fold_starts(), { 7, 10 })
local levels = {}
for l = 6, 16 do
  table.insert(levels, chat.foldexpr(l))
end
eq('chat: foldexpr levels', levels, { '0', '>1', '1', '0', '>1', '1', '1', '1', '1', '0', '0' })
eq('chat: key argument of a call', { chat.key_argument({ command = 'go test' }), chat.key_argument({ x = 1, y = 'z' }), chat.key_argument(nil) }, { 'go test', 'z', '' })

-- A command's prompt is written into the prompt area.
chat.begin_run('LooplsRun list the files')
eq('chat: a command label becomes the prompt', vim.list_slice(lines(), #lines() - 6), { '## You', 'LooplsRun list the files', '## loopls', '', '', '## You', '' })
chat.ended({ runId = 'r2', outcome = 'cancelled' }, false)
-- With a draft in the prompt area, a command's exchange goes above it.
vim.api.nvim_buf_set_lines(b, -2, -1, false, { 'my draft' })
chat.begin_run('queued prompt')
chat.delta({ runId = 'r3', lane = 'text', text = 'answer' })
chat.ended({ runId = 'r3', outcome = 'completed' }, true)
eq('chat: a queued prompt sent with a draft waiting: the draft stays last', vim.list_slice(lines(), #lines() - 7),
  { '## You', 'queued prompt', '## loopls', 'answer', '✓ completed', '', '## You', 'my draft' })

-- ]] and [[ between answers; gy yanks the code block under the cursor.
chat.new_conversation()
vim.api.nvim_buf_set_lines(b, 2, -1, false, {
  '', '## You', 'one', '## loopls', 'first', '```lua', 'print(1)', 'print(2)', '```', '', '## You', 'two', '## loopls', 'second', '', '## You', '' })
vim.api.nvim_set_current_win(chatwin)
vim.api.nvim_win_set_cursor(chatwin, { 1, 0 })
local jumps = { chat.jump_answer(1), chat.jump_answer(1), chat.jump_answer(1), chat.jump_answer(-1), chat.jump_answer(-1) }
eq(']] / [[ jump between the answers\' headers', jumps, { 6, 15, nil, 6, nil })
vim.api.nvim_win_set_cursor(chatwin, { 1, 0 })
eq(']] with a count', chat.jump_answer(1, 2), 15)
vim.api.nvim_win_set_cursor(chatwin, { 9, 0 })
vim.fn.setreg('"', 'before')
local yanked = chat.yank_block('"')
eq('gy yanks the code block under the cursor, without its fences', { yanked and yanked.lang, vim.fn.getreg('"'), vim.fn.getregtype('"') }, { 'lua', 'print(1)\nprint(2)\n', 'V' })
eq('gy on a fence line yanks that block too', (chat.code_block_at(8) or {}).lines, { 'print(1)', 'print(2)' })
vim.api.nvim_win_set_cursor(chatwin, { 7, 0 })
local orig_notify = vim.notify
vim.notify = function() end
eq('gy outside a block yanks nothing', { chat.yank_block('"'), vim.fn.getreg('"') }, { nil, 'print(1)\nprint(2)\n' })
vim.notify = orig_notify
vim.api.nvim_win_close(chatwin, true)

-- Approvals in words (issue 25, item 10): the question, the reason, no raw kinds.
local approval = require('loopls.approval')
local ask = {
  toolCall = { name = 'run_command', arguments = { command = 'make && sleep 30' } },
  options = {
    { optionId = 'reject_always', name = 'Always reject', kind = 'reject_always' },
    { optionId = 'allow_once', name = 'Allow once', kind = 'allow_once' },
    { optionId = 'reject_once', name = 'Reject', kind = 'reject_once' },
    { optionId = 'allow_always', name = 'Always allow', kind = 'allow_always' },
  },
  unapproved = { 'sleep 30' },
  reasons = { 'it is not on the allowedCommands list' },
}
eq('approval: the question names the command, the part asked for and why', approval.question(ask),
  'loopls wants to run `make && sleep 30`, and asks for `sleep 30` in it (asked because it is not on the allowedCommands list)')
eq('approval: choices in words, allow first, no raw kinds', vim.tbl_map(function(c)
  return { c.option.optionId, c.label }
end, approval.choices(ask)), {
  { 'allow_once', 'Allow, this time only' },
  { 'allow_always', 'Always allow this exact command line in this workspace, without asking again' },
  { 'reject_once', 'Refuse, this time only (the model is told)' },
  { 'reject_always', 'Always refuse this exact command line in this workspace, without asking again' },
})
eq('approval: another tool', approval.question({ toolCall = { name = 'fetch_url', arguments = { url = 'https://x' } } }), 'loopls wants to use fetch_url on https://x')

-- Session titles (issue 25, item 8): the same title twice is told apart;
-- dates in words (issue 34, item 7), with a preview of the last answer.
local function utc(epoch_s)
  return os.date('!%Y-%m-%dT%H:%M:%S', epoch_s) .. '.5Z'
end
local now = os.time()
local labels = loopls.session_labels({
  { sessionId = 'ses_a', title = 'hello', updatedAt = utc(now - 7200 - 10), runs = 1 },
  { sessionId = 'ses_b', title = 'hello', updatedAt = utc(now - 7200 - 40), runs = 2 },
  { sessionId = 'ses_c', title = 'Fix the problems reported in this code', updatedAt = utc(now - 300), runs = 1 },
  { sessionId = 'ses_d', title = 'Fix the problems reported in this code', updatedAt = utc(now - 300), runs = 1 },
  { sessionId = 'ses_e', title = 'alone', updatedAt = utc(now - 30), runs = 3, preview = 'Hello from the tiny test model.' },
}, now)
local distinct = {}
for _, l in ipairs(labels) do
  distinct[l] = true
end
eq('sessions: five sessions, five different labels', vim.tbl_count(distinct), 5)
eq('sessions: twins get the time to the second, the id when that is the same too',
  { labels[1]:match('^hello · .- · %d%d:%d%d:%d%d · 1 run$') ~= nil, labels[3]:find('ses_c', 1, true) ~= nil, labels[4]:find('ses_d', 1, true) ~= nil },
  { true, true, true })
eq('sessions: a title of its own: when in words, runs, the last answer; no id, no timestamp', labels[5],
  'alone · just now · 3 runs · “Hello from the tiny test model.”')
eq('sessions: no raw timestamp in any label', vim.tbl_filter(function(l)
  return l:find('%d%d%d%d%-%d%d%-%d%d') ~= nil
end, labels), {})
local t0 = os.time({ year = 2026, month = 12, day = 9, hour = 15, min = 0 })
local at = function(y, mo, d, h, mi)
  return utc(os.time({ year = y, month = mo, day = d, hour = h, min = mi }))
end
eq('sessions: when in words', {
  loopls.when_text(at(2026, 12, 9, 14, 59), t0 - 40),
  loopls.when_text(at(2026, 12, 9, 14, 40), t0),
  loopls.when_text(at(2026, 12, 9, 9, 0), t0),
  loopls.when_text(at(2026, 12, 8, 14, 5), t0),
  loopls.when_text(at(2026, 12, 5, 14, 5), t0),
  loopls.when_text(at(2026, 11, 1, 8, 0), t0),
  loopls.when_text(at(2025, 11, 1, 8, 0), t0),
  loopls.when_text('not a time', t0),
}, { 'just now', '20 min ago', '6 h ago', 'yesterday 14:05', os.date('%a', os.time({ year = 2026, month = 12, day = 5, hour = 12 })) .. ' 14:05', 'Nov 1', 'Nov 1, 2025', '' })

-- Redraw from loopls/session.
chat.redraw({
  sessionId = 'ses_9',
  title = 'read the README',
  runs = {
    { runId = 'a', outcome = 'completed', turns = 2, transcript = {
      { kind = 'prompt', text = 'read the README' },
      { kind = 'toolCall', id = 'c', name = 'read_file', arguments = { path = 'README.md' }, status = 'completed', output = 'x' },
      { kind = 'answer', text = 'Done.' },
    } },
    { runId = 'b', outcome = 'failed', error = { kind = 'Api', message = 'boom' }, transcript = {
      { kind = 'prompt', text = 'and again' },
      { kind = 'answer', text = 'Part', partial = true },
    } },
  },
})
eq('chat: a session drawn again, its title in the header', lines(), {
  '# loopls · read the README · mode auto', 'Context: none (:LooplsAdd)', '', '## You', 'read the README', '## loopls',
  '⚙ read_file README.md', '▸ output of read_file', '```text', 'x', '```', 'Done.', '✓ completed · 2 turn(s)',
  '', '## You', 'and again', '## loopls', 'Part', '✗ failed — boom', '', '## You', '' })
eq('chat: redraw continues that session', chat.session, 'ses_9')

-- Two calls of one turn that start and end out of order (issue 34, item 3):
-- drawn in the model's order, each output under its own line, statuses kept.
chat.new_conversation()
chat.begin_run('read both')
chat.adopt({ runId = 'r7', sessionId = 'ses_7' })
chat.tool_call({ runId = 'r7', id = 'b', name = 'read_file', arguments = { path = 'b.txt' }, status = 'running', turn = 0, index = 1 })
chat.tool_call({ runId = 'r7', id = 'b', name = 'read_file', arguments = { path = 'b.txt' }, status = 'completed', output = 'B', turn = 0, index = 1 })
chat.tool_call({ runId = 'r7', id = 'a', name = 'read_file', arguments = { path = 'a.txt' }, status = 'running', turn = 0, index = 0 })
chat.tool_call({ runId = 'r7', id = 'a', name = 'read_file', arguments = { path = 'a.txt' }, status = 'completed', output = 'A', turn = 0, index = 0 })
chat.tool_call({ runId = 'r7', id = 'c', name = 'list_dir', arguments = { path = '.' }, status = 'running', turn = 1, index = 0 })
chat.ended({ runId = 'r7', outcome = 'completed' }, true)
local from = #lines()
for i, l in ipairs(lines()) do
  if l == 'read both' then
    from = i
  end
end
eq('chat: calls of one turn in the model\'s order, outputs under their own lines', vim.list_slice(lines(), from + 2, from + 13), {
  '⚙ read_file a.txt', '▸ output of read_file', '```text', 'A', '```',
  '⚙ read_file b.txt', '▸ output of read_file', '```text', 'B', '```',
  '⚙ list_dir .', '✓ completed' })
eq('chat: the call pushed down keeps its status', { chat.tool_status('r7', 'a'), chat.tool_status('r7', 'b') }, { 'completed', 'completed' })
chat.new_conversation()
eq('chat: new conversation', { chat.session, lines() }, { nil, { '# loopls · new conversation · mode auto', 'Context: none (:LooplsAdd)', '', '## You', '' } })

eq('compat: UTF-16 length (é is 1, 😀 is 2)', compat.utf16_len('é😀x'), 4)

eq('commands: subcommands complete', commands.complete('s', 'Loopls s'), { 'session', 'sessions' })
eq('commands: mode arguments complete', commands.complete('', 'Loopls mode '), { 'ask', 'edit', 'auto' })
eq('commands: nothing after a full argument list', commands.complete('', 'Loopls mode ask '), {})

-- review.preview: the diff an annotated edit would make.
local tmp = vim.fn.tempname()
vim.fn.writefile({ 'hello', 'world' }, tmp)
local diff = review.preview({
  documentChanges = { { textDocument = { uri = vim.uri_from_fname(tmp), version = vim.NIL }, edits = {
    { range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 5 } }, newText = 'goodbye', annotationId = 'loopls.review' },
  } } },
  changeAnnotations = { ['loopls.review'] = { label = 'x', needsConfirmation = true } },
})
eq('review: the preview is a unified diff of the change', diff:find('-hello\n+goodbye\n', 1, true) ~= nil, true)
local annotated = {
  label = 'x',
  edit = {
    documentChanges = {
      { kind = 'create', uri = 'file:///n', annotationId = 'loopls.review' },
      { textDocument = { uri = 'file:///n', version = vim.NIL }, edits = { { range = {}, newText = 'a', annotationId = 'loopls.review' } } },
    },
    changes = { ['file:///m'] = { { range = {}, newText = 'b', annotationId = 'loopls.review' } } },
    changeAnnotations = { ['loopls.review'] = { label = 'x', needsConfirmation = true } },
  },
}
local plain = review.without_annotations(annotated)
eq('review: an accepted edit goes on without its annotations (Neovim 0.11+ would ask again)', {
  plain.edit.changeAnnotations, plain.edit.documentChanges[1].annotationId, plain.edit.documentChanges[2].edits[1].annotationId,
  plain.edit.changes['file:///m'][1].annotationId, plain.edit.documentChanges[2].edits[1].newText, plain.label,
}, { nil, nil, nil, nil, 'a', 'x' })
eq('review: without_annotations leaves its input alone', annotated.edit.changeAnnotations['loopls.review'].needsConfirmation, true)

-- review.stale: an edit against a version the user typed past, or a buffer
-- no longer open, is refused by the plugin (Neovim's handler would skip it
-- and answer applied=true).
vim.cmd('edit ' .. vim.fn.fnameescape(tmp))
local tb = vim.api.nvim_get_current_buf()
local function versioned(uri, v)
  return { documentChanges = { { textDocument = { uri = uri, version = v }, edits = {} } } }
end
vim.lsp.util.buf_versions[tb] = 7
eq('review.stale: the version the buffer is at is not stale', review.stale(versioned(vim.uri_from_fname(tmp), 7)), nil)
eq('review.stale: a version the buffer went past is', (review.stale(versioned(vim.uri_from_fname(tmp), 6)) or ''):find('changed in Neovim since', 1, true) ~= nil, true)
eq('review.stale: no version (a file not open) is not checked', review.stale(versioned(vim.uri_from_fname(tmp), vim.NIL)), nil)
eq('review.stale: a versioned edit of a buffer not open is', (review.stale(versioned(vim.uri_from_fname(tmp .. '.closed'), 3)) or ''):find('no longer open', 1, true) ~= nil, true)
eq('review.stale: nothing loaded was made to check', vim.fn.bufnr(tmp .. '.closed'), -1)
vim.lsp.util.buf_versions[tb] = nil
vim.cmd('bwipeout! ' .. tb)
eq('review.into_unsaved: a command\'s change to an unsaved buffer', {
  review.into_unsaved({ label = 'loopls: run_command changed f.txt' }),
  review.into_unsaved({ label = 'loopls: edit_file f.txt' }),
  review.into_unsaved({ label = 'loopls: undo run run_1' }),
  review.into_unsaved({}),
}, { true, false, false, false })

eq('health: config files, user then project', vim.tbl_map(function(f)
  return f.kind
end, health.config_files('/p')), { 'user', 'project' })
local cfg = vim.fn.tempname()
vim.fn.writefile({ '{"model":"ollama:tiny","maxTurns":3}' }, cfg)
eq('health: a config file and its keys', { health.read_config(cfg) }, { 'ok', { 'maxTurns', 'model' } })
vim.fn.writefile({ '{"model":' }, cfg)
eq('health: a broken config file', (health.read_config(cfg)), 'bad')
eq('health: an absent one', health.read_config(cfg .. '.nope'), 'absent')

if vim.fn.has('nvim-0.11') == 1 then
  local cfg = vim.lsp.config['loopls']
  eq('lsp/loopls.lua: vim.lsp.config knows loopls, with its handlers and approvals capability', cfg ~= nil and {
    cfg.cmd, cfg.root_markers, type(cfg.handlers['loopls/approve']), type(cfg.handlers['workspace/applyEdit']),
    cfg.capabilities.experimental.loopls.approvals,
  }, { loopls.default_cmd(), { '.git' }, 'function', 'function', true })
end

-- The binary install-binary.sh puts in the checkout's bin/ is used when
-- loopls is not on PATH (issue 25, item 12).
do
  local here = vim.api.nvim_get_runtime_file('lua/loopls/init.lua', false)[1]
  eq('the checkout\'s root is three levels above editors/nvim', loopls.root .. '/editors/nvim/lua/loopls/init.lua', vim.fn.fnamemodify(here, ':p'))
  local orig_root, orig_path = loopls.root, vim.env.PATH
  local fake = vim.fn.tempname()
  vim.fn.mkdir(fake .. '/bin', 'p')
  vim.fn.writefile({ '#!/bin/sh', 'echo loopls test' }, fake .. '/bin/loopls')
  vim.fn.setfperm(fake .. '/bin/loopls', 'rwxr-xr-x')
  loopls.root = fake
  vim.env.PATH = '/nonexistent'
  local with_bundled = loopls.default_cmd()
  vim.fn.delete(fake .. '/bin/loopls')
  local without = loopls.default_cmd()
  loopls.root, vim.env.PATH = orig_root, orig_path
  eq('no loopls on PATH: the checkout\'s bin/loopls starts, when it is there', { with_bundled, without },
    { { fake .. '/bin/loopls', 'serve' }, { 'loopls', 'serve' } })
end

local help_ok = pcall(vim.cmd, 'help :LooplsFix')
eq(':help :LooplsFix opens loopls.txt (doc/tags on the runtimepath)', help_ok and vim.fn.expand('%:t'), 'loopls.txt')
do -- the shipped doc/tags is what :helptags makes of loopls.txt now (a new tag is found)
  local doc = vim.fn.fnamemodify(vim.api.nvim_get_runtime_file('doc/loopls.txt', false)[1] or '', ':h')
  local fresh = vim.fn.tempname()
  vim.fn.mkdir(fresh, 'p')
  vim.fn.writefile(vim.fn.readfile(doc .. '/loopls.txt'), fresh .. '/loopls.txt')
  vim.cmd('helptags ' .. vim.fn.fnameescape(fresh))
  eq('doc/tags is up to date (:helptags editors/nvim/doc)', vim.fn.readfile(doc .. '/tags'), vim.fn.readfile(fresh .. '/tags'))
  vim.fn.delete(fresh, 'rf')
end

-- No binary (issue 25, item 6): the message names the missing binary, not "open a file first".
do
  local notes = {}
  local orig = vim.notify
  vim.notify = function(m)
    table.insert(notes, tostring(m))
  end
  loopls.setup({ cmd = { '/nonexistent/bin/loopls', 'serve' } })
  pcall(loopls.run, 'hello')
  vim.notify = orig
  local named = vim.tbl_filter(function(m)
    return m:find('loopls binary was not found: "/nonexistent/bin/loopls"', 1, true) ~= nil and m:find('loopls-install', 1, true) ~= nil
  end, notes)
  local wrong = vim.tbl_filter(function(m)
    return m:find('open a file', 1, true) ~= nil
  end, notes)
  eq('no binary: the message names it and how to install it, not "open a file"', { #named, #wrong }, { 1, 0 })
end

-- A failed request in words: the message, never the JSON-RPC code.
eq('error_text: the message without its code', loopls.error_text({ code = -32603, message = 'unknown session: omit the session id' }),
  'unknown session: omit the session id')
eq('error_text: no message: the code in words', loopls.error_text({ code = -32601 }), 'loopls does not know this request')
eq('error_text: an unknown code and no message', loopls.error_text({ code = 7, message = '' }), 'the request failed')
eq('error_text: a string error as it is', loopls.error_text('timeout'), 'timeout')

frame.finish(true)

-- loopls for Neovim: starts the loopls daemon with vim.lsp.start, keeps a
-- conversation with it in the chat buffer (chat.lua) and reviews what its
-- runs change (review.lua). All agent logic stays in loopls; this plugin only
-- speaks its protocol (docs/protocol.md) and shows what comes back.
--
--   require('loopls').setup({ model = 'ollama:qwen2.5-coder:7b' })
--
-- See :help loopls.
local M = {}

local chat = require('loopls.chat')
local compat = require('loopls.compat')
local review = require('loopls.review')

--- The root of the loopls checkout the plugin is in (init.lua is
--- editors/nvim/lua/loopls/init.lua there).
M.root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h:h:h')

--- Where editors/nvim/scripts/install-binary.sh (and `make build`) put the
--- binary: bin/loopls of the checkout.
function M.bundled_binary()
  return M.root .. '/bin/loopls'
end

--- The command that starts loopls when setup() names none: `loopls` on
--- PATH, else the checkout's bin/loopls when it is there.
function M.default_cmd()
  if vim.fn.executable('loopls') ~= 1 and vim.fn.executable(M.bundled_binary()) == 1 then
    return { M.bundled_binary(), 'serve' }
  end
  return { 'loopls', 'serve' }
end

--- Default options; see :help loopls-setup.
M.defaults = {
  cmd = { 'loopls', 'serve' },
  model = nil, -- "ollama:qwen2.5-coder:7b", "openai:gpt-4.1-mini", … (nil: loopls picks)
  ollama_host = nil, -- nil: $OLLAMA_HOST, else Ollama's default
  max_turns = nil,
  context_window = nil,
  allow_commands = nil,
  allowed_commands = nil,
  mode = nil, -- 'ask', 'edit' or 'auto' for new conversations (nil: the daemon's setting, else auto)
  save_kept_edits = true, -- write a file once a loopls edit of it is kept, before loopls is told (its next command reads it)
  root_markers = { '.git' },
  autostart = true, -- attach to every normal file buffer
  open = 'split', -- where the chat opens when a command starts a run: 'split', 'vsplit', 'float', 'tab' or 'none'
  chat = {
    layout = 'vsplit', -- where :Loopls opens the chat: 'split', 'vsplit', 'float' or 'tab'
    -- Buffer-local keys of the chat; set one to false to leave it unmapped.
    keys = {
      send = '<CR>', -- normal mode
      send_insert = '<C-s>', -- insert mode: sends and stays in insert mode
      close = 'q',
      cancel = '<C-c>', -- normal and insert mode
      new = 'gn',
      sessions = 'gs',
      yank_block = 'gy', -- yank the code block under the cursor
      next_answer = ']]',
      prev_answer = '[[',
    },
  },
}

M.options = nil

--- Runs the plugin knows of, by id: { runId, sessionId, state, turn, outcome, error, ended }.
M.runs = {}
--- The run started last (what :LooplsCancel cancels) and the run that ended last (:LooplsUndo).
M.last_started = nil
M.last_ended = nil

local function notify(msg, level)
  vim.notify('loopls: ' .. msg, level or vim.log.levels.INFO)
end

--- True when this Neovim has what the plugin needs (vim.lsp.start, Neovim 0.10+).
function M.supported()
  return vim.lsp ~= nil and type(vim.lsp.start) == 'function' and vim.fs ~= nil and type(vim.fs.root) == 'function'
end

local function version_string()
  local v = vim.version and vim.version() or {}
  return string.format('%s.%s.%s', tostring(v.major), tostring(v.minor), tostring(v.patch))
end

--- The message shown where the plugin cannot work.
function M.unsupported_message()
  return string.format(
    'loopls.nvim needs Neovim 0.10 or newer (this is %s, which has no vim.lsp.start). '
      .. 'Upgrade Neovim, or configure loopls as a plain language server (see docs/editors.md).',
    version_string()
  )
end

--- The settings object loopls reads from initializationOptions and
--- workspace/didChangeConfiguration (protocol names). An object even when
--- empty: a plain {} would go out as the JSON array [], which loopls refuses.
function M.server_settings(opts)
  local s = vim.empty_dict()
  if opts.model and opts.model ~= '' then
    s.model = opts.model
  end
  if opts.ollama_host and opts.ollama_host ~= '' then
    s.ollamaHost = opts.ollama_host
  end
  if opts.max_turns then
    s.maxTurns = opts.max_turns
  end
  if opts.context_window then
    s.contextWindow = opts.context_window
  end
  if opts.allow_commands ~= nil then
    s.allowCommands = opts.allow_commands
  end
  if opts.allowed_commands then
    s.allowedCommands = opts.allowed_commands
  end
  if opts.mode and opts.mode ~= '' then
    s.mode = opts.mode
  end
  return s
end

-- Handlers for loopls's own notifications and the approval request.
local handlers = {}
M.handlers = handlers

--- What the chat says a run is doing in each state of loopls/transition.
M.state_words = {
  Start = 'starting…',
  AwaitingModel = 'thinking…',
  AwaitingTools = 'running tools…',
  AwaitingCompaction = 'compacting the conversation…',
}

handlers['loopls/transition'] = function(_, p)
  if type(p) ~= 'table' or not p.runId then
    return
  end
  local run = M.runs[p.runId] or { runId = p.runId, sessionId = p.sessionId, seq = 0 }
  M.runs[p.runId] = run
  if p.seq and p.seq <= run.seq then
    return -- a repeat or a late one: never move the state back
  end
  run.seq = p.seq or run.seq
  run.state = p.to
  run.turn = p.turn
  run.contextTokens = p.contextTokens
  if p.to == 'Terminal' then
    run.outcome = p.outcome
    run.error = p.error
  end
  if M.state_words[p.to] then
    chat.set_state(p.runId, M.state_words[p.to])
  end
  vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsTransition', modeline = false, data = p })
  vim.cmd('redrawstatus')
end

handlers['loopls/runStarted'] = function(_, p)
  if type(p) ~= 'table' or not p.runId then
    return
  end
  local run = M.runs[p.runId] or { runId = p.runId, sessionId = p.sessionId, seq = 0 }
  M.runs[p.runId] = run
  run.started = p
  vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsRunInfo', modeline = false, data = p })
end

handlers['loopls/delta'] = function(_, p)
  if type(p) ~= 'table' or (p.lane ~= 'text' and p.lane ~= 'thinking') or type(p.text) ~= 'string' then
    return
  end
  local run = M.runs[p.runId]
  if run and p.lane == 'text' then
    run.streamed = true
  end
  chat.delta(p)
  chat.set_state(p.runId, p.lane == 'thinking' and 'thinking…' or 'writing…')
end

-- loopls/modelWait: a model call silent for a while (it may be loading).
handlers['loopls/modelWait'] = function(_, p)
  if type(p) ~= 'table' or not p.runId then
    return
  end
  local secs = type(p.afterMs) == 'number' and math.floor(p.afterMs / 1000) or nil
  chat.set_state(p.runId, secs and string.format('waiting for the model: no answer for %ds, it may be loading', secs) or 'waiting for the model')
end

--- After a command line: what it applied is on disk by now (a file without
--- unsaved changes; an unsaved buffer got its change as an edit), so each
--- loaded file buffer without unsaved changes is checked against its file
--- and reloaded if the line rewrote it ('autoread'). One :checktime per
--- buffer: a bare :checktime skips buffers in no window. A buffer with
--- unsaved changes is left as it is.
function M.reload_clean()
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(b) and vim.bo[b].buftype == '' and not vim.bo[b].modified and vim.api.nvim_buf_get_name(b) ~= '' then
      pcall(vim.cmd, 'checktime ' .. b)
    end
  end
end

handlers['loopls/toolCall'] = function(_, p)
  if type(p) ~= 'table' then
    return
  end
  chat.tool_call(p)
  if p.name == 'run_command' and p.status ~= 'running' and p.status ~= 'waiting' then
    M.reload_clean()
  end
  if p.status == 'running' then
    local key = chat.key_argument(p.arguments)
    if #key > 60 then
      key = key:sub(1, 59) .. '…'
    end
    chat.set_state(p.runId, vim.trim(string.format('running %s %s', tostring(p.name), key)))
  end
end

-- Whether the chat's run is going (or its loopls.run not answered yet):
-- a prompt sent now is queued.
local starting = false
local function chat_busy()
  return starting or (chat.run ~= nil and M.runs[chat.run] ~= nil and not M.runs[chat.run].ended)
end

--- Most prompts that wait for the chat's run to end.
M.max_queued = 16

-- Queues a prompt; the chat's header shows it until it is sent.
local function enqueue(text)
  if #chat.queue >= M.max_queued then
    notify('a few prompts are waiting already; send this one when the run ends', vim.log.levels.WARN)
    return false
  end
  table.insert(chat.queue, text)
  chat.header()
  vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsQueued', modeline = false, data = { prompt = text, queued = #chat.queue } })
  return true
end

handlers['loopls/runEnded'] = function(_, rec)
  if type(rec) ~= 'table' or not rec.runId then
    return
  end
  local run = M.runs[rec.runId] or { runId = rec.runId, sessionId = rec.sessionId, seq = 0 }
  M.runs[rec.runId] = run
  run.ended = true
  run.state = 'Terminal'
  run.outcome = rec.outcome
  run.error = rec.error
  run.record = rec
  M.last_ended = rec.runId
  if review.current_run == rec.runId then
    review.current_run = nil
  end
  chat.ended(rec, run.streamed)
  vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsRunEnded', modeline = false, data = rec })
  vim.cmd('redrawstatus')
  -- The chat's run is over: the oldest queued prompt is sent.
  if #chat.queue > 0 and not chat_busy() then
    local next_prompt = table.remove(chat.queue, 1)
    chat.header()
    vim.schedule(function()
      M.run(next_prompt)
    end)
  end
end

handlers['workspace/applyEdit'] = function(...)
  return review.apply_edit_handler(...)
end

-- loopls/approve: asked through vim.ui.select (answer.lua waits for it),
-- in words (approval.lua); the chat says it waits for the answer.
handlers['loopls/approve'] = function(_, p)
  local approval = require('loopls.approval')
  local run_id = type(p) == 'table' and p.runId or nil
  local before = chat.state_text
  local call_id = type(p) == 'table' and type(p.toolCall) == 'table' and p.toolCall.id or nil
  chat.set_state(run_id, 'waiting for approval')
  chat.tool_waiting(run_id, call_id, true)
  -- Drawn before the question: a vim.ui.select that blocks (inputlist)
  -- would leave the screen saying "running" while it asks.
  vim.cmd('redraw')
  local picked = require('loopls.answer').await(function(reply)
    vim.ui.select(approval.choices(p), {
      prompt = approval.question(p),
      kind = 'loopls.approve',
      format_item = function(c)
        return c.label
      end,
    }, reply)
  end)
  chat.set_state(run_id, before)
  chat.tool_waiting(run_id, call_id, false)
  local choice = picked and picked.option or nil
  vim.api.nvim_exec_autocmds('User', {
    pattern = 'LooplsApproval',
    modeline = false,
    data = { request = p, choice = choice },
  })
  if choice then
    return { outcome = 'selected', optionId = choice.optionId }
  end
  return { outcome = 'cancelled' }
end

-- loopls/diagnostics: what vim.diagnostic holds, once settled (diagnostics.lua).
handlers['loopls/diagnostics'] = function(_, p)
  return require('loopls.diagnostics').answer(p)
end

--- The capabilities loopls's client declares: approvals through loopls/approve,
--- the editor's diagnostics through loopls/diagnostics,
--- work-done progress, and change annotations (edit mode's review).
function M.capabilities()
  local caps = vim.lsp.protocol.make_client_capabilities()
  caps.experimental = caps.experimental or {}
  caps.experimental.loopls = { approvals = true, diagnostics = true }
  caps.window = caps.window or {}
  caps.window.workDoneProgress = true
  caps.workspace = caps.workspace or {}
  caps.workspace.applyEdit = true
  caps.workspace.workspaceEdit = caps.workspace.workspaceEdit or {}
  caps.workspace.workspaceEdit.documentChanges = true
  caps.workspace.workspaceEdit.changeAnnotationSupport = { groupsOnLabel = false }
  return caps
end

local function root_for(bufnr)
  local markers = M.options.root_markers or { '.git' }
  return vim.fs.root(bufnr, markers) or vim.fn.getcwd()
end

local function client_config(bufnr)
  local settings = M.server_settings(M.options)
  local root = root_for(bufnr)
  return {
    name = 'loopls',
    cmd = M.options.cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ':t') } },
    init_options = settings,
    settings = { loopls = settings },
    capabilities = M.capabilities(),
    handlers = handlers,
    -- Every change reaches loopls at once, not after Neovim's 150 ms: the
    -- text a kept edit's save (and its format-on-save) left is what loopls
    -- has when it is told the edit landed, and what commands then read.
    flags = { debounce_text_changes = 0 },
  }
end

-- One loopls per workspace root: every buffer under it shares the client,
-- so a run sees all of them (a command line, the unsaved buffers). Neovim
-- 0.10's default compares the root with the workspace folder's name (our
-- name is the folder's last part), so it never reused one and each file
-- opened started a loopls of its own. A client that is stopping (a
-- restart) is not reused: a new one starts.
local function reuse_client(client, config)
  return client.name == config.name and client.root_dir == config.root_dir and not compat.is_stopped(client)
end

--- Starts (or reuses) the loopls client for bufnr and attaches it. Returns the client id.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= '' or vim.api.nvim_buf_get_name(bufnr) == '' then
    return nil
  end
  return vim.lsp.start(client_config(bufnr), { bufnr = bufnr, reuse_client = reuse_client })
end

--- The loopls client for the current buffer, else any loopls client, else one
--- started for the current buffer (or, from the chat, for the working directory).
function M.client()
  local bufnr = vim.api.nvim_get_current_buf()
  local c = vim.lsp.get_clients({ name = 'loopls', bufnr = bufnr })[1] or vim.lsp.get_clients({ name = 'loopls' })[1]
  if c then
    return c
  end
  local id = M.attach(bufnr)
  if not id then
    -- no file buffer here (the chat, an empty Neovim): start for the cwd
    local cfg = client_config(bufnr)
    cfg.root_dir = vim.fn.getcwd()
    cfg.workspace_folders = { { uri = vim.uri_from_fname(cfg.root_dir), name = vim.fn.fnamemodify(cfg.root_dir, ':t') } }
    id = vim.lsp.start(cfg, { attach = false, reuse_client = reuse_client })
  end
  return id and vim.lsp.get_client_by_id(id) or nil
end

--- Calls setup() with the defaults when nobody has yet (commands work before setup()).
function M.ensure_setup()
  if not M.options then
    return M.setup({}) ~= false
  end
  return true
end

--- Why no client could be had, naming the cause: a binary that is not there
--- (the usual one on a first try), else a start that failed.
function M.no_client_reason()
  local cmd = (M.options and M.options.cmd) or { 'loopls', 'serve' }
  local bin = type(cmd) == 'table' and cmd[1] or tostring(cmd)
  if vim.fn.executable(bin) ~= 1 then
    return string.format(
      'the loopls binary was not found: %q is not an executable%s. Install it (sh editors/nvim/scripts/install-binary.sh in the plugin\'s folder, :help loopls-install) or set cmd = { "/path/to/loopls", "serve" } in setup(); :checkhealth loopls says more',
      bin,
      bin:find('/', 1, true) and '' or ' on PATH'
    )
  end
  return string.format('loopls (%s) did not start: see :LspLog and :checkhealth loopls', bin)
end

local function with_client(fn)
  if not M.ensure_setup() then
    return
  end
  local c = M.client()
  if not c then
    notify(M.no_client_reason(), vim.log.levels.ERROR)
    return
  end
  fn(c)
end

-- JSON-RPC's own codes, in words, for an error that brings no message.
local rpc_error_words = {
  [-32700] = 'loopls could not parse the request',
  [-32600] = 'the request was not valid',
  [-32601] = 'loopls does not know this request',
  [-32602] = 'the request had a bad parameter',
  [-32603] = 'loopls failed inside',
  [-32800] = 'the request was cancelled',
  [-32803] = 'the request failed',
}

--- A failed request as people read it: its message, never its JSON-RPC
--- code ("(-32603)" says nothing to a user); the code only picks the words
--- when the message is empty.
function M.error_text(err)
  if type(err) == 'table' then
    if type(err.message) == 'string' and vim.trim(err.message) ~= '' then
      return vim.trim(err.message)
    end
    return rpc_error_words[err.code] or 'the request failed'
  end
  return tostring(err)
end
local error_text = M.error_text

--- Sends a request to loopls (for the commands and the chat).
function M.request(method, params, cb)
  with_client(function(c)
    compat.request(c, method, params, function(err, res)
      if cb then
        cb(err, res)
      elseif err then
        notify(method .. ' failed: ' .. error_text(err), vim.log.levels.ERROR)
      end
    end)
  end)
end

-- Starts a run from the chat or a command; it is drawn in the chat. arg is
-- loopls.run's or loopls.fix's object; the chat adds its session, mode and
-- attached context. label, when set, is written as the prompt first.
local function start_run(c, command, arg, label, bufnr, where)
  if chat_busy() then
    notify('a run is still going in the chat: cancel it first (<C-c> or :LooplsCancel)', vim.log.levels.WARN)
    return
  end
  arg.session = chat.session
  arg.mode = chat.mode
  arg.model = chat.model
  if #chat.context > 0 then
    arg.context = {}
    for _, e in ipairs(chat.context) do
      table.insert(arg.context, { uri = e.uri, range = e.range })
    end
  end
  chat.begin_run(label)
  if where and where ~= 'none' then
    chat.show(where, false)
  end
  starting = true
  compat.request(c, 'workspace/executeCommand', { command = command, arguments = { arg } }, function(err, res)
    starting = false
    if err then
      notify(command .. ' failed: ' .. error_text(err), vim.log.levels.ERROR)
      chat.ended({ runId = '', outcome = 'not started', error = { kind = 'Error', message = error_text(err) } }, true)
      return
    end
    if type(res) == 'table' and res.runId then
      local run = M.runs[res.runId] or { runId = res.runId, sessionId = res.sessionId, seq = 0 }
      M.runs[res.runId] = run
      M.last_started = res.runId
      review.current_run = res.runId
      chat.context = {}
      chat.adopt(res)
      if not chat.title and chat.session then
        M.fetch_title(chat.session)
      end
      vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsRunStarted', modeline = false, data = res })
    end
  end, bufnr)
end

--- Asks the daemon for the title of the chat's session (loopls/sessions)
--- and shows it in the header and the winbar.
function M.fetch_title(session_id)
  M.request('loopls/sessions', vim.empty_dict(), function(err, list)
    if err or type(list) ~= 'table' or chat.session ~= session_id then
      return
    end
    for _, s in ipairs(list) do
      if s.sessionId == session_id and type(s.title) == 'string' and s.title ~= '' then
        chat.title = s.title
        chat.header()
        return
      end
    end
  end)
end

--- Sends what is typed in the chat's prompt area (<CR> / <C-s> in the chat).
--- While the chat's run goes, what is typed there is queued (and the prompt
--- area emptied); with nothing typed, it asks for a prompt to queue.
function M.send()
  if chat_busy() then
    local typed = chat.streaming() and chat.prompt_text() or nil
    if typed then
      if enqueue(typed) then
        chat.clear_prompt()
      end
      return
    end
    vim.ui.input({ prompt = 'loopls: queue a prompt (sent when the run ends): ' }, function(text)
      if text and vim.trim(text) ~= '' then
        enqueue(text)
      end
    end)
    return
  end
  local text = chat.prompt_text()
  if not text then
    notify('type a prompt after "## You" first', vim.log.levels.WARN)
    return
  end
  with_client(function(c)
    start_run(c, 'loopls.run', { prompt = text }, nil, nil, nil)
  end)
end

--- :LooplsRun {prompt}: the prompt goes into the chat and continues its
--- conversation; while the chat's run goes it is queued, and sent when that
--- run ends.
function M.run(prompt)
  if not prompt or vim.trim(prompt) == '' then
    notify('usage: :LooplsRun {prompt}', vim.log.levels.WARN)
    return
  end
  if chat_busy() then
    enqueue(prompt)
    return
  end
  with_client(function(c)
    start_run(c, 'loopls.run', { prompt = prompt }, prompt, vim.api.nvim_get_current_buf(), M.options.open)
  end)
end

local function lsp_diagnostics(bufnr, first, last)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.lnum >= first and d.lnum <= last then
      -- As loopls/diagnostics answers them, so a fix's check matches them.
      table.insert(out, require('loopls.diagnostics').lsp_diagnostic(d))
    end
  end
  return out
end

-- path relative to the workspace root of the loopls client (else to the cwd).
local function rel(path)
  local c = vim.lsp.get_clients({ name = 'loopls' })[1]
  local root = c and c.config.root_dir
  if root and vim.startswith(path, root .. '/') then
    return path:sub(#root + 2)
  end
  return vim.fn.fnamemodify(path, ':.')
end

-- The LSP range of lines line1..line2 (1-based) of bufnr, to the end of the last.
local function line_range(bufnr, line1, line2)
  local last_text = vim.api.nvim_buf_get_lines(bufnr, line2 - 1, line2, false)[1] or ''
  return {
    start = { line = line1 - 1, character = 0 },
    ['end'] = { line = line2 - 1, character = compat.utf16_len(last_text) },
  }
end
M.line_range = line_range

--- :'<,'>LooplsFix [instruction]: lines line1..line2 (1-based) of the current buffer.
function M.fix(line1, line2, instruction)
  with_client(function(c)
    local bufnr = vim.api.nvim_get_current_buf()
    if not vim.lsp.buf_is_attached(bufnr, c.id) and not M.attach(bufnr) then
      notify('this buffer is not a workspace file loopls can edit', vim.log.levels.ERROR)
      return
    end
    local arg = { uri = vim.uri_from_bufnr(bufnr), range = line_range(bufnr, line1, line2) }
    local diags = lsp_diagnostics(bufnr, line1 - 1, line2 - 1)
    if #diags > 0 then
      arg.diagnostics = diags
    end
    if instruction and vim.trim(instruction) ~= '' then
      arg.instruction = vim.trim(instruction)
    end
    local label = string.format('Fix %s:%d-%d%s', rel(vim.api.nvim_buf_get_name(bufnr)), line1, line2, arg.instruction and (': ' .. arg.instruction) or '')
    start_run(c, 'loopls.fix', arg, label, bufnr, M.options.open)
  end)
end

--- :[range]LooplsAdd [file]: attaches lines of the current buffer (with a
--- range) or a whole file (% or a path) as context for the next prompt.
function M.add(line1, line2, has_range, file)
  if not M.ensure_setup() then
    return
  end
  local entry
  if file and file ~= '' and file ~= '%' then
    local path = vim.fn.fnamemodify(vim.fn.expand(file), ':p')
    entry = { uri = vim.uri_from_fname(path), label = rel(path) }
  else
    local bufnr = vim.api.nvim_get_current_buf()
    if vim.bo[bufnr].buftype ~= '' or vim.api.nvim_buf_get_name(bufnr) == '' then
      notify('attach a file buffer or a range of one (:LooplsAdd %, :\'<,\'>LooplsAdd)', vim.log.levels.WARN)
      return
    end
    M.attach(bufnr) -- the daemon reads the unsaved text through the open buffer
    local name = rel(vim.api.nvim_buf_get_name(bufnr))
    entry = { uri = vim.uri_from_bufnr(bufnr), label = name }
    if has_range and file ~= '%' then
      entry.range = line_range(bufnr, line1, line2)
      entry.label = string.format('%s:%d-%d', name, line1, line2)
    end
  end
  table.insert(chat.context, entry)
  chat.header()
  vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsContext', modeline = false, data = vim.deepcopy(chat.context) })
end

--- :LooplsCancel [runId]: without an id, the chat's run if one is going, else the last started, else every run.
function M.cancel(run_id)
  with_client(function(c)
    local id = run_id
    if not id or id == '' then
      for _, cand in ipairs({ chat.run, M.last_started }) do
        local r = cand and M.runs[cand]
        if r and not r.ended then
          id = r.runId
          break
        end
      end
    end
    local arg = (id and id ~= '') and { runId = id } or vim.empty_dict()
    compat.request(c, 'workspace/executeCommand', { command = 'loopls.cancel', arguments = { arg } }, function(err)
      if err then
        notify('cancel failed: ' .. error_text(err), vim.log.levels.ERROR)
      end
    end)
  end)
end

--- :LooplsUndo [runId]: reverts the edits of the last ended run (or the one named).
function M.undo(run_id)
  with_client(function(c)
    local id = (run_id and run_id ~= '') and run_id or M.last_ended
    if not id then
      notify('no finished run to undo yet', vim.log.levels.WARN)
      return
    end
    compat.request(c, 'loopls/undoRun', { runId = id }, function(err, res)
      if err then
        notify('undo failed: ' .. error_text(err), vim.log.levels.ERROR)
      elseif type(res) == 'table' and res.applied then
        notify(id == M.last_ended and 'undid the edits of the last run' or 'undid the edits of that run')
      else
        notify('could not undo the run: ' .. tostring(res and res.failureReason or 'its edits were not applied'), vim.log.levels.WARN)
      end
      vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsUndone', modeline = false, data = { runId = id, result = res, err = err } })
    end)
  end)
end

--- :LooplsDiff [file]: before and after of each file the last run changed.
function M.diff(file)
  local id = M.last_ended or M.last_started
  if not id or #review.files(id) == 0 then
    notify('the last run changed no file in this Neovim', vim.log.levels.WARN)
    return 0
  end
  return review.diff(id, file)
end

--- :Loopls: opens the chat (or focuses it).
function M.open(layout)
  if not M.ensure_setup() then
    return
  end
  local w = chat.show(layout or M.options.chat.layout, true)
  vim.cmd('normal! G')
  -- Ollama loads the model while the user types (loopls/warmUp): loopls
  -- loads only the model the settings name, never evicting another, and
  -- answers "already loaded" at once the next time. Nothing waits for it.
  M.request('loopls/warmUp', vim.empty_dict(), function() end)
  return w
end

-- The mode of each conversation shown in this Neovim, by session id: gn
-- and gs leave the shown one, and a conversation picked again comes back
-- in its mode (the chat holds only the shown one's).
local session_modes = {}
local function remember_mode()
  if chat.session and chat.mode then
    session_modes[chat.session] = chat.mode
  end
end

-- The mode a picked conversation is shown in: the one it had here, else
-- the one its last run started in (loopls records it), else the current.
local function mode_of(s)
  if session_modes[s.sessionId] then
    return session_modes[s.sessionId]
  end
  local runs = type(s.runs) == 'table' and s.runs or {}
  local last = runs[#runs]
  local m = type(last) == 'table' and last.mode
  if m == 'ask' or m == 'edit' or m == 'auto' then
    return m
  end
  return chat.mode
end

--- gn in the chat: a new conversation.
function M.new_conversation()
  remember_mode()
  chat.new_conversation()
  chat.mode = M.options and M.options.mode or nil
  chat.header()
end

--- gs in the chat: pick a session with vim.ui.select and draw it again.
function M.pick_session(on_done)
  M.request('loopls/sessions', vim.empty_dict(), function(err, list)
    if err then
      notify('loopls/sessions failed: ' .. error_text(err), vim.log.levels.ERROR)
      return
    end
    list = type(list) == 'table' and list or {}
    if #list == 0 then
      notify('no conversations yet')
      return
    end
    local labels = M.session_labels(list)
    local label_of = {}
    for i, s in ipairs(list) do
      label_of[s] = labels[i]
    end
    vim.ui.select(list, {
      prompt = 'loopls: conversation',
      kind = 'loopls.session',
      format_item = function(s)
        return label_of[s] or tostring(s.title)
      end,
    }, function(choice)
      if not choice then
        return
      end
      M.load_session(choice.sessionId, on_done)
    end)
  end)
end

-- An RFC 3339 time (UTC, as loopls writes it) as seconds since the epoch,
-- or nil when it cannot be read.
local function epoch(stamp)
  if type(stamp) ~= 'string' then
    return nil
  end
  local y, mo, d, h, mi, sec = stamp:match('^(%d+)-(%d+)-(%d+)T(%d+):(%d+):(%d+)')
  if not y then
    return nil
  end
  -- os.time reads the fields as local time: shift by the zone's offset.
  local as_local = os.time({ year = tonumber(y), month = tonumber(mo), day = tonumber(d), hour = tonumber(h), min = tonumber(mi), sec = tonumber(sec), isdst = false })
  local now = os.time()
  return as_local + os.difftime(now, os.time(os.date('!*t', now)))
end

local weekdays = { 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat' }
local months = { 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec' }

--- When, in words and local time, relative to now (seconds since the
--- epoch; default the clock): "just now", "5 min ago", "3 h ago" (today),
--- "yesterday 14:05", "Tue 14:05" (this week), "Dec 1", "Dec 1, 2025"
--- (another year); '' when the time cannot be read. As VS Code's list says it.
function M.when_text(stamp, now)
  local t = epoch(stamp)
  if not t then
    return ''
  end
  now = now or os.time()
  local ago = now - t
  if ago < 60 then
    return 'just now'
  end
  if ago < 3600 then
    return string.format('%d min ago', math.floor(ago / 60))
  end
  local n = os.date('*t', now)
  local today = os.time({ year = n.year, month = n.month, day = n.day, hour = 0 })
  local d = os.date('*t', t)
  if t >= today then
    return string.format('%d h ago', math.floor(ago / 3600))
  end
  local day = os.time({ year = d.year, month = d.month, day = d.day, hour = 0 })
  local days = math.floor((today - day) / 86400 + 0.5)
  local hhmm = string.format('%02d:%02d', d.hour, d.min)
  if days == 1 then
    return 'yesterday ' .. hhmm
  end
  if days < 7 then
    return weekdays[d.wday] .. ' ' .. hhmm
  end
  local md = string.format('%s %d', months[d.month], d.day)
  return d.year == n.year and md or string.format('%s, %d', md, d.year)
end

--- How gs lists the sessions: the title (short, from the first prompt),
--- when its last run was in words, its number of runs, and a preview of its
--- last answer. Titles repeat (the same first line, a fix's default
--- instruction): then the local time to the second is added, and, if that
--- is the same too, the session's id.
function M.session_labels(list, now)
  local function title(s)
    return (type(s.title) == 'string' and s.title ~= '') and s.title or 'untitled'
  end
  local function runs(s)
    local n = tonumber(s.runs)
    return n and string.format('%d run%s', n, n == 1 and '' or 's') or ''
  end
  local function to_second(s)
    local t = epoch(s.updatedAt)
    return t and os.date('%H:%M:%S', t) or ''
  end
  local count = function(key)
    local seen = {}
    for _, s in ipairs(list) do
      local k = key(s)
      seen[k] = (seen[k] or 0) + 1
    end
    return seen
  end
  local by_title = count(title)
  local by_second = count(function(s)
    return title(s) .. '\0' .. to_second(s)
  end)
  local out = {}
  for _, s in ipairs(list) do
    local twin = by_title[title(s)] > 1
    local parts = { title(s), M.when_text(s.updatedAt, now) }
    if twin then
      table.insert(parts, to_second(s))
      if by_second[title(s) .. '\0' .. to_second(s)] > 1 then
        table.insert(parts, tostring(s.sessionId))
      end
    end
    table.insert(parts, runs(s))
    if type(s.preview) == 'string' and s.preview ~= '' then
      local p = s.preview:gsub('%s+', ' ')
      if vim.fn.strchars(p) > 60 then
        p = vim.fn.strcharpart(p, 0, 59) .. '…'
      end
      table.insert(parts, '“' .. p .. '”')
    end
    out[#out + 1] = table.concat(vim.tbl_filter(function(x)
      return x ~= ''
    end, parts), ' · ')
  end
  return out
end

--- Draws session id in the chat from loopls/session.
function M.load_session(id, on_done)
  M.request('loopls/session', { sessionId = id }, function(err, s)
    if err or type(s) ~= 'table' then
      notify('loopls/session failed: ' .. error_text(err), vim.log.levels.ERROR)
      return
    end
    remember_mode()
    chat.mode = mode_of(s)
    chat.redraw(s)
    vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsSessionLoaded', modeline = false, data = { sessionId = id } })
    if on_done then
      on_done(s)
    end
  end)
end

--- :Loopls mode {ask|edit|auto}: the mode of the chat's conversation.
function M.set_mode(mode)
  if mode ~= 'ask' and mode ~= 'edit' and mode ~= 'auto' then
    notify('mode is one of ask, edit, auto', vim.log.levels.WARN)
    return
  end
  chat.mode = mode
  chat.header()
end

--- :Loopls model {name}: the model of the chat's runs ('' : the setting).
function M.set_model(name)
  chat.model = (name and name ~= '') and name or nil
  chat.header()
end

--- Names for completion, asked synchronously (completion cannot wait): the
--- sessions' ids or the models' names; {} when the daemon does not answer
--- within 500 ms.
function M.complete(method)
  local c = vim.lsp.get_clients({ name = 'loopls' })[1]
  if not c then
    return {}
  end
  local r = compat.request_sync(c, method, vim.empty_dict(), 500)
  local out = {}
  for _, item in ipairs((r and type(r.result) == 'table') and r.result or {}) do
    table.insert(out, item.sessionId or item.model)
  end
  return out
end

--- Sends new settings to running clients (workspace/didChangeConfiguration).
function M.configure(opts)
  M.options = vim.tbl_deep_extend('force', M.options or M.defaults, opts or {})
  local settings = M.server_settings(M.options)
  for _, c in ipairs(vim.lsp.get_clients({ name = 'loopls' })) do
    c.config.settings = { loopls = settings }
    compat.notify(c, 'workspace/didChangeConfiguration', { settings = { loopls = settings } })
  end
end

--- A statusline component: the state of the latest run.
function M.statusline()
  local r = M.last_started and M.runs[M.last_started]
  if not r then
    return ''
  end
  if r.ended or r.state == 'Terminal' then
    return 'loopls: ' .. tostring(r.outcome or 'ended'):gsub('_', ' ')
  end
  -- In words, and turns counted from 1 as $/progress and the chat count
  -- them (loopls/transition's turn counts from 0).
  local words = M.state_words[r.state or 'Start'] or tostring(r.state)
  return string.format('loopls: %s · turn %d', words, (tonumber(r.turn) or 0) + 1)
end

-- Buffer-local keys of the chat, from setup{ chat = { keys = … } }.
chat.on_buffer_created = function(b)
  local keys = (M.options and M.options.chat and M.options.chat.keys) or M.defaults.chat.keys
  local map = function(mode, lhs, fn, desc)
    if lhs then
      vim.keymap.set(mode, lhs, fn, { buffer = b, desc = 'loopls: ' .. desc, nowait = true })
    end
  end
  map('n', keys.send, M.send, 'send the prompt')
  -- Insert mode stays: the cursor goes to the prompt area, where the next
  -- prompt can be typed while the answer streams above it.
  map('i', keys.send_insert, function()
    M.send()
    if vim.api.nvim_get_current_buf() == b then
      vim.api.nvim_win_set_cursor(0, { vim.api.nvim_buf_line_count(b), 0 })
    end
  end, 'send the prompt')
  map('n', keys.yank_block, function()
    chat.yank_block(vim.v.register)
  end, 'yank the code block under the cursor')
  map({ 'n', 'x', 'o' }, keys.next_answer, function()
    chat.jump_answer(1, vim.v.count1)
  end, 'next answer')
  map({ 'n', 'x', 'o' }, keys.prev_answer, function()
    chat.jump_answer(-1, vim.v.count1)
  end, 'previous answer')
  map('n', keys.close, chat.close, 'close the chat')
  map({ 'n', 'i' }, keys.cancel, function()
    M.cancel()
  end, 'cancel the run')
  map('n', keys.new, M.new_conversation, 'new conversation')
  map('n', keys.sessions, function()
    M.pick_session()
  end, 'pick a conversation')
end

--- setup(opts): see :help loopls-setup. Returns false on a Neovim without
--- vim.lsp.start, after saying so. Calling it again changes the options.
function M.setup(opts)
  local commands = require('loopls.commands')
  if not M.supported() then
    -- nvim_create_user_command exists since 0.7, so the commands can still say why.
    if vim.api.nvim_create_user_command then
      commands.define_unsupported(M.unsupported_message())
    end
    vim.notify(M.unsupported_message(), vim.log.levels.ERROR)
    return false
  end
  M.options = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  if type(M.options.cmd) == 'string' then
    M.options.cmd = { M.options.cmd, 'serve' }
  end
  if not (opts and opts.cmd) then
    M.options.cmd = M.default_cmd()
  end
  chat.mode = chat.mode or M.options.mode
  commands.define()
  local group = vim.api.nvim_create_augroup('loopls', { clear = true })
  if M.options.autostart then
    vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
      group = group,
      callback = function(ev)
        M.attach(ev.buf)
      end,
    })
    -- Buffers already open when setup runs.
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(b) then
        M.attach(b)
      end
    end
  end
  return true
end

return M

-- loopls for Neovim: starts the loopls daemon with vim.lsp.start and gives
-- it commands. All agent logic stays in loopls; this plugin only speaks the
-- protocol (SPEC §3) and shows what comes back.
--
--   require('loopls').setup({ cmd = { 'loopls', 'serve' }, model = 'ollama:qwen2.5-coder:7b' })
--
-- See :help loopls.
local M = {}

local ui = require('loopls.ui')

--- Default options; see :help loopls-setup.
M.defaults = {
  cmd = { 'loopls', 'serve' },
  model = nil, -- "ollama:qwen2.5-coder:7b", "openai:gpt-4.1-mini", … (nil: loopls picks)
  ollama_host = nil, -- nil: $OLLAMA_HOST, else Ollama's default
  max_turns = nil,
  context_window = nil,
  allow_commands = nil,
  allowed_commands = nil,
  root_markers = { '.git' },
  autostart = true, -- attach to every normal file buffer
  open = 'split', -- where a run's answer buffer opens: 'split', 'vsplit', 'tab' or 'none'
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
--- workspace/didChangeConfiguration (protocol names).
function M.server_settings(opts)
  local s = {}
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
  return s
end

-- Handlers for loopls's own notifications and the approval request.
local handlers = {}

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
  if p.to == 'Terminal' then
    run.outcome = p.outcome
    run.error = p.error
  end
  vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsTransition', modeline = false, data = p })
  vim.cmd('redrawstatus')
end

handlers['loopls/delta'] = function(_, p)
  if type(p) ~= 'table' or p.lane ~= 'text' or type(p.text) ~= 'string' then
    return
  end
  local run = M.runs[p.runId]
  if run then
    run.streamed = true
  end
  ui.append(p.text)
end

handlers['loopls/toolCall'] = function(_, p)
  if type(p) ~= 'table' then
    return
  end
  ui.tool_call(p)
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
  if not run.streamed and type(rec.output) == 'string' and rec.output ~= '' then
    ui.append(rec.output) -- nothing streamed (deltas lost or coalesced away): show the answer
  end
  ui.ended(rec)
  vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsRunEnded', modeline = false, data = rec })
  vim.cmd('redrawstatus')
end

local kind_order = { allow_once = 1, allow_always = 2, reject_once = 3, reject_always = 4 }

-- loopls/approve: asked through vim.ui.select. The request handler runs in a
-- coroutine (vim.lsp's rpc), so an asynchronous vim.ui.select (telescope,
-- dressing, fzf-lua) is waited for by yielding; the stock synchronous one
-- answers before we would yield.
handlers['loopls/approve'] = function(_, p)
  local options = vim.deepcopy((p and p.options) or {})
  table.sort(options, function(a, b)
    return (kind_order[a.kind] or 9) < (kind_order[b.kind] or 9)
  end)
  local tc = (p and p.toolCall) or {}
  local args = tc.arguments ~= nil and vim.json.encode(tc.arguments) or ''
  local prompt = string.format('loopls wants to run %s %s', tc.name or 'a tool', args)
  local co = coroutine.running()
  local done, choice = false, nil
  vim.ui.select(options, {
    prompt = prompt,
    kind = 'loopls.approve',
    format_item = function(o)
      return string.format('%s (%s)', o.name or o.kind, o.kind)
    end,
  }, function(item)
    done, choice = true, item
    if co and coroutine.status(co) == 'suspended' then
      coroutine.resume(co)
    end
  end)
  if not done then
    if co then
      coroutine.yield()
    else
      vim.wait(10 * 60 * 1000, function()
        return done
      end, 50)
    end
  end
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

local function root_for(bufnr)
  local markers = M.options.root_markers or { '.git' }
  return vim.fs.root(bufnr, markers) or vim.fn.getcwd()
end

local function client_config(bufnr)
  local settings = M.server_settings(M.options)
  local caps = vim.lsp.protocol.make_client_capabilities()
  caps.experimental = caps.experimental or {}
  caps.experimental.loopls = { approvals = true }
  caps.window = caps.window or {}
  caps.window.workDoneProgress = true
  local root = root_for(bufnr)
  return {
    name = 'loopls',
    cmd = M.options.cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ':t') } },
    init_options = settings,
    settings = { loopls = settings },
    capabilities = caps,
    handlers = handlers,
  }
end

--- Starts (or reuses) the loopls client for bufnr and attaches it. Returns the client id.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= '' or vim.api.nvim_buf_get_name(bufnr) == '' then
    return nil
  end
  return vim.lsp.start(client_config(bufnr), { bufnr = bufnr })
end

--- The loopls client for the current buffer, else any loopls client, else one
--- started for the current buffer.
function M.client()
  local bufnr = vim.api.nvim_get_current_buf()
  local c = vim.lsp.get_clients({ name = 'loopls', bufnr = bufnr })[1] or vim.lsp.get_clients({ name = 'loopls' })[1]
  if c then
    return c
  end
  local id = M.attach(bufnr)
  return id and vim.lsp.get_client_by_id(id) or nil
end

local function with_client(fn)
  if not M.options then
    notify('call require("loopls").setup() first', vim.log.levels.ERROR)
    return
  end
  local c = M.client()
  if not c then
    notify('no loopls client: open a file of the workspace first (or check :checkhealth loopls)', vim.log.levels.ERROR)
    return
  end
  fn(c)
end

local function error_text(err)
  if type(err) == 'table' then
    return string.format('%s (%s)', err.message or vim.inspect(err), tostring(err.code))
  end
  return tostring(err)
end

local function start_run(c, command, arg, label, bufnr)
  c.request('workspace/executeCommand', { command = command, arguments = { arg } }, function(err, res)
    if err then
      notify(command .. ' failed: ' .. error_text(err), vim.log.levels.ERROR)
      return
    end
    if type(res) == 'table' and res.runId then
      local run = M.runs[res.runId] or { runId = res.runId, sessionId = res.sessionId, seq = 0 }
      M.runs[res.runId] = run
      M.last_started = res.runId
      ui.started(res, label, M.options.open)
      vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsRunStarted', modeline = false, data = res })
    end
  end, bufnr)
end

--- :LooplsRun {prompt}
function M.run(prompt)
  if not prompt or vim.trim(prompt) == '' then
    notify('usage: :LooplsRun {prompt}', vim.log.levels.WARN)
    return
  end
  with_client(function(c)
    start_run(c, 'loopls.run', { prompt = prompt }, prompt, vim.api.nvim_get_current_buf())
  end)
end

local function lsp_diagnostics(bufnr, first, last)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.lnum >= first and d.lnum <= last then
      local lsp = d.user_data and d.user_data.lsp
      if lsp then
        table.insert(out, lsp)
      else
        table.insert(out, {
          range = {
            start = { line = d.lnum, character = d.col },
            ['end'] = { line = d.end_lnum or d.lnum, character = d.end_col or d.col },
          },
          severity = d.severity,
          message = d.message,
          source = d.source,
        })
      end
    end
  end
  return out
end

--- :'<,'>LooplsFix [instruction]: lines line1..line2 (1-based) of the current buffer.
function M.fix(line1, line2, instruction)
  with_client(function(c)
    local bufnr = vim.api.nvim_get_current_buf()
    if not vim.lsp.buf_is_attached(bufnr, c.id) and not M.attach(bufnr) then
      notify('this buffer is not a workspace file loopls can edit', vim.log.levels.ERROR)
      return
    end
    local last_text = vim.api.nvim_buf_get_lines(bufnr, line2 - 1, line2, false)[1] or ''
    local arg = {
      uri = vim.uri_from_bufnr(bufnr),
      range = {
        start = { line = line1 - 1, character = 0 },
        ['end'] = { line = line2 - 1, character = vim.str_utfindex(last_text) },
      },
    }
    local diags = lsp_diagnostics(bufnr, line1 - 1, line2 - 1)
    if #diags > 0 then
      arg.diagnostics = diags
    end
    if instruction and vim.trim(instruction) ~= '' then
      arg.instruction = vim.trim(instruction)
    end
    local label = string.format('fix %s:%d-%d', vim.fn.expand('%:t'), line1, line2)
    start_run(c, 'loopls.fix', arg, label, bufnr)
  end)
end

--- :LooplsCancel [runId]: without an id, the last started run if it is still going, else every run.
function M.cancel(run_id)
  with_client(function(c)
    local id = run_id
    if (not id or id == '') and M.last_started then
      local r = M.runs[M.last_started]
      if r and not r.ended then
        id = r.runId
      end
    end
    local arg = (id and id ~= '') and { runId = id } or vim.empty_dict()
    c.request('workspace/executeCommand', { command = 'loopls.cancel', arguments = { arg } }, function(err)
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
    c.request('loopls/undoRun', { runId = id }, function(err, res)
      if err then
        notify('undo failed: ' .. error_text(err), vim.log.levels.ERROR)
      elseif type(res) == 'table' and res.applied then
        notify('undid the edits of run ' .. id)
      else
        notify('could not undo run ' .. id .. ': ' .. tostring(res and res.failureReason or 'not applied'), vim.log.levels.WARN)
      end
      vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsUndone', modeline = false, data = { runId = id, result = res, err = err } })
    end)
  end)
end

--- Sends new settings to running clients (workspace/didChangeConfiguration).
function M.configure(opts)
  M.options = vim.tbl_deep_extend('force', M.options or M.defaults, opts or {})
  local settings = M.server_settings(M.options)
  for _, c in ipairs(vim.lsp.get_clients({ name = 'loopls' })) do
    c.config.settings = { loopls = settings }
    c.notify('workspace/didChangeConfiguration', { settings = { loopls = settings } })
  end
end

--- A statusline component: the state of the latest run.
function M.statusline()
  local r = M.last_started and M.runs[M.last_started]
  if not r then
    return ''
  end
  if r.ended or r.state == 'Terminal' then
    return 'loopls: ' .. tostring(r.outcome or 'ended')
  end
  return string.format('loopls: %s · turn %s', tostring(r.state or 'Start'), tostring(r.turn or 0))
end

local function define_unsupported_commands()
  local msg = M.unsupported_message()
  for _, name in ipairs({ 'LooplsRun', 'LooplsFix', 'LooplsCancel', 'LooplsUndo' }) do
    vim.api.nvim_create_user_command(name, function()
      vim.notify(msg, vim.log.levels.ERROR)
    end, { nargs = '*', range = true })
  end
end

local function define_commands()
  local cmd = vim.api.nvim_create_user_command
  cmd('LooplsRun', function(a)
    M.run(a.args)
  end, { nargs = '+', desc = 'loopls: run the agent on a prompt' })
  cmd('LooplsFix', function(a)
    M.fix(a.line1, a.line2, a.args)
  end, { nargs = '*', range = true, desc = 'loopls: fix the lines of the range' })
  cmd('LooplsCancel', function(a)
    M.cancel(a.args)
  end, { nargs = '?', desc = 'loopls: cancel the running run' })
  cmd('LooplsUndo', function(a)
    M.undo(a.args)
  end, { nargs = '?', desc = "loopls: undo the last run's edits" })
end

--- setup(opts): see :help loopls-setup. Returns false on a Neovim without
--- vim.lsp.start, after saying so.
function M.setup(opts)
  if not M.supported() then
    -- nvim_create_user_command exists since 0.7, so the commands can still say why.
    if vim.api.nvim_create_user_command then
      define_unsupported_commands()
    end
    vim.notify(M.unsupported_message(), vim.log.levels.ERROR)
    return false
  end
  M.options = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  if type(M.options.cmd) == 'string' then
    M.options.cmd = { M.options.cmd, 'serve' }
  end
  define_commands()
  if M.options.autostart then
    local group = vim.api.nvim_create_augroup('loopls', { clear = true })
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

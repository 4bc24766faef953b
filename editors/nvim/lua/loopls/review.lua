-- Review of what a run changed. loopls sends every edit as
-- workspace/applyEdit; this module stands in front of Neovim's handler:
--   * it keeps each file's text from before a run first touched it, so
--     :LooplsDiff can show before and after side by side (diffthis);
--   * in `edit` mode loopls marks each change with a change annotation whose
--     needsConfirmation is true. Neovim 0.10 applies such edits without
--     asking; 0.11+ asks "Apply all changes?" in a confirm() prompt that hides
--     the change, and answers applied=true even when the user said No. So the
--     plugin asks once itself, in a float that shows the diff and takes the
--     answer (a / r), and hands an accepted change to Neovim without its
--     annotations, so Neovim neither asks again nor reports "Applied changes";
--     a rejected change answers applied=false and loopls tells the model.
local M = {}

--- Before-texts by run: M.before[runId] = { { path, uri, lines } … } in the order touched.
M.before = {}
--- The run edits are attributed to (set by init.lua when a run starts and ends).
M.current_run = nil
--- How a change in edit mode is put to the user; tests replace it.
--- ask(summary, diff_text, done) calls done(true) to apply, done(false) to reject.
M.ask = nil

local function file_lines(uri)
  local b = vim.uri_to_bufnr(uri)
  if not vim.api.nvim_buf_is_loaded(b) then
    local path = vim.uri_to_fname(uri)
    if vim.fn.filereadable(path) == 1 then
      return vim.fn.readfile(path)
    end
    return {}
  end
  return vim.api.nvim_buf_get_lines(b, 0, -1, false)
end

local function remember(run, uri, lines)
  if not run then
    return
  end
  local list = M.before[run] or {}
  M.before[run] = list
  for _, e in ipairs(list) do
    if e.uri == uri then
      return
    end
  end
  table.insert(list, { uri = uri, path = vim.uri_to_fname(uri), lines = lines })
end

-- The text documents an edit touches, with their edits: { uri, edits, create? }.
local function touched(edit)
  local out = {}
  for _, dc in ipairs(edit.documentChanges or {}) do
    if dc.textDocument then
      table.insert(out, { uri = dc.textDocument.uri, edits = dc.edits or {} })
    elseif dc.kind == 'create' then
      table.insert(out, { uri = dc.uri, edits = {}, create = true })
    end
  end
  for uri, edits in pairs(edit.changes or {}) do
    table.insert(out, { uri = uri, edits = edits })
  end
  return out
end

local function needs_confirmation(edit)
  for _, a in pairs(edit.changeAnnotations or {}) do
    if type(a) == 'table' and a.needsConfirmation then
      return true
    end
  end
  return false
end

local diff = (vim.text and vim.text.diff) or vim.diff

--- The unified diff an edit would make, file by file, as one text.
function M.preview(edit, encoding)
  local parts = {}
  local merged = {}
  for _, t in ipairs(touched(edit)) do
    local key = t.uri
    if not merged[key] then
      merged[key] = { uri = t.uri, edits = {}, create = t.create }
      table.insert(parts, merged[key])
    end
    vim.list_extend(merged[key].edits, t.edits)
  end
  local out = {}
  for _, m in ipairs(parts) do
    local before = m.create and {} or file_lines(m.uri)
    local scratch = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_lines(scratch, 0, -1, false, before)
    if #m.edits > 0 then
      -- the preview applies the text alone: annotations are what it asks about
      local plain = vim.tbl_map(function(e)
        return { range = e.range, newText = e.newText }
      end, m.edits)
      vim.lsp.util.apply_text_edits(plain, scratch, encoding or 'utf-16')
    end
    local after = vim.api.nvim_buf_get_lines(scratch, 0, -1, false)
    vim.api.nvim_buf_delete(scratch, { force = true })
    local a = #before > 0 and (table.concat(before, '\n') .. '\n') or ''
    local b = #after > 0 and (table.concat(after, '\n') .. '\n') or ''
    local name = vim.fn.fnamemodify(vim.uri_to_fname(m.uri), ':.')
    table.insert(out, string.format('--- a/%s\n+++ b/%s\n%s', name, name, diff(a, b, { result_type = 'unified' }) or ''))
  end
  return table.concat(out, '')
end

--- The keys of the review float.
M.keys = { accept = { 'a', 'y' }, reject = { 'r', 'n', 'q', '<Esc>' } }

-- The stock question: the diff in a focused float that is the question
-- itself (its footer names the keys), so the change is on screen at the
-- moment of choice and nothing else asks. Closing the float rejects.
local function default_ask(summary, text, done)
  local lines = vim.split(text, '\n', { plain = true })
  if lines[#lines] == '' then
    table.remove(lines)
  end
  local b = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(b, 0, -1, false, lines)
  vim.bo[b].filetype = 'diff'
  vim.bo[b].modifiable = false
  vim.bo[b].bufhidden = 'wipe'
  local width = math.min(vim.o.columns - 4, 100)
  local height = math.min(#lines, math.max(3, vim.o.lines - 8))
  local w = vim.api.nvim_open_win(b, true, {
    relative = 'editor',
    width = width,
    height = math.max(height, 1),
    row = 2,
    col = math.floor((vim.o.columns - width) / 2),
    border = 'rounded',
    title = ' ' .. summary .. ' ',
    footer = ' a: accept   r: reject (q, Esc) ',
    footer_pos = 'center',
  })
  vim.wo[w].wrap = false
  -- The keys are normal-mode maps: a review that comes while typing in the chat leaves insert mode.
  vim.cmd('stopinsert')
  local answered = false
  local function answer(accepted)
    if answered then
      return
    end
    answered = true
    if vim.api.nvim_win_is_valid(w) then
      vim.api.nvim_win_close(w, true)
    end
    done(accepted)
  end
  for _, k in ipairs(M.keys.accept) do
    vim.keymap.set('n', k, function()
      answer(true)
    end, { buffer = b, nowait = true, desc = 'loopls: accept this change' })
  end
  for _, k in ipairs(M.keys.reject) do
    vim.keymap.set('n', k, function()
      answer(false)
    end, { buffer = b, nowait = true, desc = 'loopls: reject this change' })
  end
  -- Closed another way (:q, a window command): rejected.
  vim.api.nvim_create_autocmd('WinClosed', {
    pattern = tostring(w),
    once = true,
    callback = function()
      vim.schedule(function()
        answer(false)
      end)
    end,
  })
end

--- The same edit with no change annotation: what is applied once the user
--- accepted it, so Neovim (0.11+) does not ask again nor report the
--- annotations. params is not changed.
function M.without_annotations(params)
  local out = vim.deepcopy(params)
  local edit = out.edit or {}
  edit.changeAnnotations = nil
  local function strip(list)
    for _, e in ipairs(list or {}) do
      if type(e) == 'table' then
        e.annotationId = nil
      end
    end
  end
  for _, dc in ipairs(edit.documentChanges or {}) do
    if type(dc) == 'table' then
      dc.annotationId = nil
      strip(dc.edits)
    end
  end
  for _, edits in pairs(edit.changes or {}) do
    strip(edits)
  end
  return out
end

-- The loaded buffer of uri, or nil (none is made).
local function loaded_buffer(uri)
  local fname = vim.uri_to_fname(uri)
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(b) and (vim.uri_from_bufnr(b) == uri or vim.api.nvim_buf_get_name(b) == fname) then
      return b
    end
  end
end

--- Why an edit cannot be applied as sent, or nil: a change against a
--- version of a buffer the user has changed since (or closed). Neovim's own
--- handler skips such a change with a print and still answers applied=true;
--- loopls must hear it was not applied (a command's change to an unsaved
--- buffer is then a conflict the model is told of, and the user's typing
--- stays).
function M.stale(edit)
  for _, dc in ipairs(edit.documentChanges or {}) do
    local td = type(dc) == 'table' and dc.textDocument or nil
    local v = td and td.version
    if type(v) == 'number' and v > 0 then
      local b = loaded_buffer(td.uri)
      local have = b and vim.lsp.util.buf_versions[b]
      local name = vim.fn.fnamemodify(vim.uri_to_fname(td.uri), ':.')
      if not b then
        return name .. ' is no longer open in Neovim'
      end
      if type(have) == 'number' and have > v then
        return string.format('%s changed in Neovim since (version %d, the change was made against %d)', name, have, v)
      end
    end
  end
end

--- Whether an edit is a command's change to an unsaved buffer: loopls labels
--- it "loopls: run_command changed PATH" (docs/protocol.md). It is not a kept
--- edit: the buffer stays unsaved, as the user left it, and is not written.
function M.into_unsaved(params)
  return type(params) == 'table' and type(params.label) == 'string' and params.label:find('^loopls: run_command changed ') ~= nil
end

--- The workspace/applyEdit handler loopls's client uses.
function M.apply_edit_handler(err, params, ctx, config)
  local edit = params and params.edit or {}
  local client = ctx and vim.lsp.get_client_by_id(ctx.client_id)
  local encoding = client and client.offset_encoding or 'utf-16'
  local stale = M.stale(edit)
  if stale then
    return { applied = false, failureReason = stale }
  end
  local unsaved = M.into_unsaved(params)
  if needs_confirmation(edit) then
    local summary = (params and params.label) or 'loopls: change'
    local ask = M.ask or default_ask
    local chat = require('loopls.chat')
    local before = chat.state_text
    local editing = { 'edit_file', 'write_file' }
    chat.set_state(nil, 'waiting for your review')
    chat.tools_reviewing(chat.run, editing, true)
    vim.cmd('redraw')
    local accepted = require('loopls.answer').await(function(reply)
      ask(summary, M.preview(edit, encoding), reply)
    end) == true
    chat.set_state(nil, before)
    chat.tools_reviewing(chat.run, editing, false)
    vim.api.nvim_exec_autocmds('User', {
      pattern = 'LooplsReviewed',
      modeline = false,
      data = { label = summary, applied = accepted },
    })
    if not accepted then
      return { applied = false, failureReason = 'the user rejected this change' }
    end
    params = M.without_annotations(params)
  end
  for _, t in ipairs(touched(edit)) do
    remember(M.current_run, t.uri, t.create and {} or file_lines(t.uri))
  end
  -- Without its label: Neovim would echo "Workspace edit …" for every edit,
  -- which the chat shows already (and which piles up into Press-ENTER prompts).
  params = vim.tbl_extend('force', {}, params or {})
  params.label = nil
  -- A buffer holding typing of the user's not yet written is not written
  -- for them: the edit joins the typing there, unsaved.
  local typed = {}
  for _, t in ipairs(touched(edit)) do
    local b = loaded_buffer(t.uri)
    if b and vim.bo[b].modified then
      typed[t.uri] = true
    end
  end
  local result = vim.lsp.handlers['workspace/applyEdit'](err, params, ctx, config)
  if type(result) == 'table' and result.applied and M.save_kept() and not unsaved then
    M.save(edit, client, typed)
  end
  return result
end

--- Whether kept edits are saved (setup's save_kept_edits, on by default).
function M.save_kept()
  local o = require('loopls').options
  return not (o and o.save_kept_edits == false)
end

--- Writes each buffer a kept edit changed (format-on-save and other
--- BufWritePre autocommands run), attached to loopls first so the text
--- written reaches it before the edit's answer: loopls journals what was
--- saved, and the run's next command reads it. A buffer the edit deleted is
--- not written, nor one in typed (uri → true: it held the user's unsaved
--- typing when the edit came; the run's commands read it as it is anyway).
function M.save(edit, client, typed)
  for _, t in ipairs(touched(edit)) do
    local b = vim.uri_to_bufnr(t.uri)
    if not (typed and typed[t.uri]) and vim.api.nvim_buf_is_loaded(b) and vim.bo[b].modified and vim.bo[b].buftype == '' then
      if client and not vim.lsp.buf_is_attached(b, client.id) then
        pcall(vim.lsp.buf_attach_client, b, client.id)
      end
      local ok, err = pcall(vim.api.nvim_buf_call, b, function()
        vim.fn.mkdir(vim.fn.fnamemodify(vim.api.nvim_buf_get_name(b), ':h'), 'p')
        -- A file the edit created exists on disk (empty) since after its
        -- buffer was made: :write would refuse it (E13).
        vim.cmd(t.create and 'silent keepalt write!' or 'silent keepalt write')
      end)
      vim.api.nvim_exec_autocmds('User', {
        pattern = 'LooplsKeptSaved',
        modeline = false,
        data = { path = vim.api.nvim_buf_get_name(b), saved = ok, error = not ok and tostring(err) or nil },
      })
    end
  end
end

--- The files run changed (paths, in the order first touched).
function M.files(run)
  local out = {}
  for _, e in ipairs(M.before[run] or {}) do
    table.insert(out, e.path)
  end
  return out
end

--- :LooplsDiff [path]: a tab per file the run changed, its text from before
--- the run (a scratch copy) beside the buffer as it is now, in diff mode.
--- Returns the number of tabs opened.
function M.diff(run, only)
  local opened = 0
  for _, e in ipairs(M.before[run] or {}) do
    if not only or only == '' or e.path == only or vim.fn.fnamemodify(e.path, ':.') == only then
      vim.cmd('tabnew ' .. vim.fn.fnameescape(e.path))
      local ft = vim.bo.filetype
      vim.cmd('diffthis')
      vim.cmd('leftabove vnew')
      local b = vim.api.nvim_get_current_buf()
      vim.api.nvim_buf_set_lines(b, 0, -1, false, e.lines)
      vim.bo[b].buftype = 'nofile'
      vim.bo[b].bufhidden = 'wipe'
      vim.bo[b].swapfile = false
      vim.bo[b].modifiable = false
      vim.bo[b].filetype = ft
      pcall(vim.api.nvim_buf_set_name, b, 'loopls://before/' .. vim.fn.fnamemodify(e.path, ':.') .. '#' .. run)
      vim.cmd('diffthis')
      vim.cmd('wincmd l')
      opened = opened + 1
    end
  end
  return opened
end

return M

-- loopls/diagnostics: the diagnostics Neovim holds for documents (from every
-- source: language servers, linters), answered once they have settled after
-- the latest edit (docs/protocol.md#diagnostics). A buffer is settled when
-- no DiagnosticChanged came for settleMs and, if a source publishes for it,
-- a DiagnosticChanged came since its last change (b:changedtick). The wait
-- is bounded at 5 s whatever settleMs asks.
local M = {}

M.max_settle_ms = 5000
M.default_settle_ms = 500

local uv = vim.uv or vim.loop

-- Per buffer: when its diagnostics last changed, and its changedtick then.
local last = {}

local group = vim.api.nvim_create_augroup('loopls.diagnostics', { clear = true })
vim.api.nvim_create_autocmd('DiagnosticChanged', {
  group = group,
  callback = function(ev)
    if vim.api.nvim_buf_is_valid(ev.buf) then
      last[ev.buf] = { at = uv.now(), tick = vim.api.nvim_buf_get_changedtick(ev.buf) }
    end
  end,
})
vim.api.nvim_create_autocmd('BufWipeout', {
  group = group,
  callback = function(ev)
    last[ev.buf] = nil
  end,
})

--- The settle time a request asks for, bounded.
function M.settle_of(p)
  local ms = type(p) == 'table' and tonumber(p.settleMs) or nil
  if ms == nil or ms ~= ms then
    ms = M.default_settle_ms
  end
  return math.min(math.max(0, ms), M.max_settle_ms)
end

--- Milliseconds until bufs count as settled for a request made at start; 0 settled.
function M.remaining(bufs, start, settle, now)
  local deadline = start + M.max_settle_ms
  if now >= deadline then
    return 0
  end
  local quiet = start
  for _, b in ipairs(bufs) do
    local l = last[b]
    if l then
      quiet = math.max(quiet, l.at)
      if vim.api.nvim_buf_is_valid(b) and vim.api.nvim_buf_get_changedtick(b) > l.tick then
        return math.min(deadline - now, math.max(settle, 50))
      end
    end
  end
  return math.max(0, math.min(deadline, quiet + settle) - now)
end

-- LSP's Diagnostic of a vim.diagnostic item: the language server's own when
-- it came from one (UTF-16 positions), else built from the item.
local function lsp_diagnostic(d)
  local lsp = d.user_data and d.user_data.lsp
  if type(lsp) == 'table' and lsp.range and lsp.message then
    return lsp
  end
  local out = {
    range = {
      start = { line = d.lnum, character = d.col },
      ['end'] = { line = d.end_lnum or d.lnum, character = d.end_col or d.col },
    },
    severity = d.severity,
    message = d.message,
    source = d.source,
  }
  if d.code ~= nil then
    out.code = d.code
  end
  return out
end
M.lsp_diagnostic = lsp_diagnostic

--- Answers one loopls/diagnostics: loads the buffers of uris (a file not
--- loaded is read, so its sources can look at it), waits until they settle,
--- then returns each one's diagnostics.
function M.answer(p)
  local uris = {}
  for _, u in ipairs(type(p) == 'table' and type(p.uris) == 'table' and p.uris or {}) do
    if type(u) == 'string' and #uris < 64 then
      table.insert(uris, u)
    end
  end
  local bufs = {}
  for i, u in ipairs(uris) do
    local ok, b = pcall(vim.uri_to_bufnr, u)
    if ok and b then
      if not vim.api.nvim_buf_is_loaded(b) then
        pcall(vim.fn.bufload, b)
      end
      bufs[i] = b
    end
  end
  local settle = M.settle_of(p)
  local start = uv.now()
  local list = vim.tbl_values(bufs)
  vim.wait(M.max_settle_ms, function()
    uv.update_time()
    return M.remaining(list, start, settle, uv.now()) <= 0
  end, 20)
  local out = {}
  for i, u in ipairs(uris) do
    local entry = { uri = u, diagnostics = {} }
    local b = bufs[i]
    if b and vim.api.nvim_buf_is_valid(b) then
      for _, d in ipairs(vim.diagnostic.get(b)) do
        table.insert(entry.diagnostics, lsp_diagnostic(d))
      end
      local v = vim.lsp.util.buf_versions and vim.lsp.util.buf_versions[b]
      if type(v) == 'number' then
        entry.version = v
      end
    end
    table.insert(out, entry)
  end
  vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsDiagnostics', modeline = false, data = { params = p, answer = out } })
  return out
end

--- The lines a checked fix's verdict shows in the chat.
function M.verdict_lines(v)
  if type(v) ~= 'table' then
    return {}
  end
  local more = (tonumber(v.retries) or 0) > 0 and string.format(' after %d more attempt(s)', v.retries) or ''
  if v.fixed == true then
    return { '✓ fixed' .. more .. ': the problem is gone and no new errors appeared' }
  end
  if type(v.note) == 'string' and v.note ~= '' then
    return { '? ' .. v.note }
  end
  local lines = { '✗ still failing' .. more .. ':' }
  for _, r in ipairs(type(v.remaining) == 'table' and v.remaining or {}) do
    table.insert(lines, '  ' .. tostring(r))
  end
  return lines
end

return M

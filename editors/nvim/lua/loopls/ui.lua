-- The answer buffer: one scratch buffer, "loopls://runs", that every run
-- streams into (a header per run, the text as it comes, a line per tool call
-- status, a closing line with the outcome).
local M = {}

M.name = 'loopls://runs'
M.bufnr = nil

local function valid(b)
  return b ~= nil and vim.api.nvim_buf_is_valid(b)
end

--- The scratch buffer, created on first use.
function M.buffer()
  if valid(M.bufnr) then
    return M.bufnr
  end
  local b = vim.fn.bufnr(M.name)
  if b < 0 or not vim.api.nvim_buf_is_valid(b) then
    b = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(b, M.name)
  end
  vim.bo[b].buftype = 'nofile'
  vim.bo[b].bufhidden = 'hide'
  vim.bo[b].swapfile = false
  vim.bo[b].filetype = 'markdown'
  vim.bo[b].modifiable = false
  M.bufnr = b
  return b
end

local function with_modifiable(b, fn)
  vim.bo[b].modifiable = true
  local ok, err = pcall(fn)
  vim.bo[b].modifiable = false
  if not ok then
    error(err)
  end
end

local function follow(b)
  -- Windows showing the buffer keep their cursor on the last line, like a log.
  local last = vim.api.nvim_buf_line_count(b)
  for _, w in ipairs(vim.fn.win_findbuf(b)) do
    vim.api.nvim_win_set_cursor(w, { last, 0 })
  end
end

--- Appends text at the end of the buffer; newlines in text start new lines.
function M.append(text)
  if text == nil or text == '' then
    return
  end
  local b = M.buffer()
  with_modifiable(b, function()
    local n = vim.api.nvim_buf_line_count(b)
    local cur = vim.api.nvim_buf_get_lines(b, n - 1, n, false)[1] or ''
    local lines = vim.split(cur .. text, '\n', { plain = true })
    vim.api.nvim_buf_set_lines(b, n - 1, n, false, lines)
  end)
  follow(b)
end

--- Appends whole lines, after ending the current one if it has text.
function M.lines(lines)
  local b = M.buffer()
  local n = vim.api.nvim_buf_line_count(b)
  local cur = vim.api.nvim_buf_get_lines(b, n - 1, n, false)[1] or ''
  local text = (cur ~= '' and '\n' or '') .. table.concat(lines, '\n') .. '\n'
  M.append(text)
end

local function show(where)
  local b = M.buffer()
  if where == 'none' or #vim.fn.win_findbuf(b) > 0 then
    return
  end
  local cur = vim.api.nvim_get_current_win()
  if where == 'vsplit' then
    vim.cmd('vertical sbuffer ' .. b)
  elseif where == 'tab' then
    vim.cmd('tab sbuffer ' .. b)
  else
    vim.cmd('belowright sbuffer ' .. b)
  end
  follow(b)
  -- The answer is shown, not focused: the user keeps editing where they were.
  vim.api.nvim_set_current_win(cur)
end

--- A run started: a header, and the buffer shown.
function M.started(res, label, where)
  M.lines({ '', string.format('## loopls run %s (session %s): %s', res.runId, tostring(res.sessionId), label or '') })
  show(where)
end

--- A tool call changed status.
function M.tool_call(p)
  local args = p.arguments ~= nil and vim.json.encode(p.arguments) or ''
  if #args > 160 then
    args = args:sub(1, 159) .. '…'
  end
  local tail = ''
  if p.status == 'failed' and type(p.output) == 'string' then
    tail = ' — ' .. (vim.split(p.output, '\n', { plain = true })[1] or '')
  end
  M.lines({ string.format('  ⚙ %s(%s) … %s%s', tostring(p.name), args, tostring(p.status), tail) })
end

--- A run ended: the outcome line (and the final text when nothing streamed).
function M.ended(rec)
  local parts = { '-- ' .. tostring(rec.outcome) }
  if rec.turns then
    table.insert(parts, rec.turns .. ' turn(s)')
  end
  if type(rec.usage) == 'table' then
    table.insert(parts, string.format('%s in / %s out tokens', tostring(rec.usage.inputTokens or 0), tostring(rec.usage.outputTokens or 0)))
  end
  local line = table.concat(parts, ' · ')
  if type(rec.error) == 'table' then
    line = line .. string.format(' — %s: %s', tostring(rec.error.kind), tostring(rec.error.message))
  end
  M.lines({ line .. ' --' })
end

--- The buffer's text, for tests and :LooplsRun callers.
function M.text()
  local b = M.buffer()
  return table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n')
end

return M

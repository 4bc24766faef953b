-- One review for the whole run (:LooplsReview [runId]): everything a run
-- changed (its file tools' edits and what its commands applied), from
-- loopls/runReview, in a scratch buffer: "N files changed", each file with
-- its status in words (waiting for your review, kept, rejected by you) and
-- the hunks still waiting. Keys: k keeps and u undoes the hunk or file under
-- the cursor, K keeps all, U undoes all, q closes. loopls keeps the review
-- with the session, so it reads the same after Neovim starts again.
local M = {}

local ns = vim.api.nvim_create_namespace('loopls.runreview')

--- The buffer's lines for a review, and what each line is about:
--- rows[lnum] = { path = …, hunk = index from 0 } (hunk nil on a file line).
function M.render(review)
  local files = review.files or {}
  local n = #files
  local title = (n == 1 and '1 file changed' or (n .. ' files changed'))
  if (review.waiting or 0) > 0 then
    title = title .. ' · ' .. review.waiting .. ' waiting for your review'
  end
  local lines, rows = { title, 'k keep · u undo (the hunk or file under the cursor) · K keep all · U undo all · q close', '' }, {}
  for _, f in ipairs(files) do
    local status = f.status .. (f.kind == 'line' and ' · by a command' or '')
    table.insert(lines, string.format('%s — %s', f.path, status))
    rows[#lines] = { path = f.path }
    for i, h in ipairs(f.hunks or {}) do
      table.insert(lines, string.format('  @ line %d', h.line))
      rows[#lines] = { path = f.path, hunk = i - 1 }
      for _, side in ipairs({ { '-', h.removed }, { '+', h.added } }) do
        local text = side[2] or ''
        if text ~= '' then
          for _, l in ipairs(vim.split(text:gsub('\n$', ''), '\n', { plain = true })) do
            table.insert(lines, '  ' .. side[1] .. ' ' .. l)
            rows[#lines] = { path = f.path, hunk = i - 1 }
          end
        end
      end
    end
  end
  return lines, rows
end

local state = {} -- buf → { runId, rows }

local function draw(buf, review)
  local lines, rows = M.render(review)
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1)
  for i, l in ipairs(lines) do
    local hl = (i == 1 and 'Title') or (l:find('^  %- ') and 'DiffDelete') or (l:find('^  %+ ') and 'DiffAdd')
      or (l:find('waiting for your review', 1, true) and i > 3 and 'WarningMsg') or (l:find('rejected by you', 1, true) and i > 3 and 'ErrorMsg') or nil
    if hl then
      vim.api.nvim_buf_add_highlight(buf, ns, hl, i - 1, 0, -1)
    end
  end
  state[buf] = { runId = review.runId, rows = rows, review = review }
  vim.api.nvim_exec_autocmds('User', { pattern = 'LooplsRunReview', modeline = false, data = { buf = buf, review = review } })
end

local function act(buf, keep, all)
  local s = state[buf]
  if not s then
    return
  end
  local params = { runId = s.runId, keep = keep }
  if not all then
    local row = s.rows[vim.api.nvim_win_get_cursor(0)[1]]
    if not row then
      return
    end
    params.path = row.path
    params.hunk = row.hunk
  end
  require('loopls').request('loopls/reviewRun', params, function(err, res)
    if err then
      vim.notify('loopls: ' .. (keep and 'keep' or 'undo') .. ' failed: ' .. require('loopls').error_text(err), vim.log.levels.ERROR)
      return
    end
    if res.failureReason then
      vim.notify('loopls: ' .. res.failureReason, vim.log.levels.WARN)
    end
    if vim.api.nvim_buf_is_valid(buf) then
      draw(buf, res.review)
    end
  end)
end

--- Opens the review of run_id (the last finished run when nil or '').
function M.open(run_id)
  local loopls = require('loopls')
  local id = (run_id and run_id ~= '') and run_id or loopls.last_ended
  if not id then
    vim.notify('loopls: no finished run to review yet', vim.log.levels.WARN)
    return
  end
  loopls.request('loopls/runReview', { runId = id }, function(err, review)
    if err then
      vim.notify('loopls: no review of that run: ' .. loopls.error_text(err), vim.log.levels.WARN)
      return
    end
    local buf = vim.api.nvim_create_buf(false, true)
    vim.bo[buf].bufhidden = 'wipe'
    vim.bo[buf].filetype = 'looplsreview'
    pcall(vim.api.nvim_buf_set_name, buf, 'loopls://review/' .. id)
    vim.cmd('botright split')
    vim.api.nvim_win_set_buf(0, buf)
    local map = function(lhs, fn, desc)
      vim.keymap.set('n', lhs, fn, { buffer = buf, nowait = true, desc = desc })
    end
    map('k', function()
      act(buf, true, false)
    end, 'loopls: keep the hunk or file under the cursor')
    map('u', function()
      act(buf, false, false)
    end, 'loopls: undo the hunk or file under the cursor')
    map('K', function()
      act(buf, true, true)
    end, 'loopls: keep every change of the run')
    map('U', function()
      act(buf, false, true)
    end, 'loopls: undo every change of the run still waiting')
    map('q', '<cmd>close<cr>', 'loopls: close the review')
    draw(buf, review)
  end)
end

return M

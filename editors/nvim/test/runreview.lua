-- One review for the whole run (issue 34, item 2) in Neovim: :LooplsReview
-- over a run that changed three files; K (Keep all) and U (Undo all); and
-- again after loopls starts anew (as after a restart of Neovim), from the
-- review loopls kept with the session. Run by editors/test/nvim.sh.
local frame = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'frame.lua')
local check, wait_for, read, ws = frame.check, frame.wait_for, frame.read, frame.ws
local reviews = frame.record('LooplsRunReview')
local function make(dir)
  vim.fn.mkdir(ws .. '/' .. dir, 'p')
  vim.fn.writefile({ 'alpha' }, ws .. '/' .. dir .. '/a.txt')
  vim.fn.writefile({ 'beta' }, ws .. '/' .. dir .. '/b.txt')
end
local function run_three(dir)
  make(dir)
  local _, rec = frame.run(function()
    vim.cmd('LooplsRun edit three in ' .. dir)
  end)
  return rec
end
-- The first drawing of run_id's review (in buf, when given) after the n-th.
local function drawn(n, run_id, buf)
  local found
  wait_for(10000, function()
    for i = n + 1, #reviews do
      local r = reviews[i]
      if r.review and r.review.runId == run_id and (buf == nil or r.buf == buf) then
        found = r
        return true
      end
    end
    return false
  end)
  return found
end
-- Opens the review of run and returns its buffer's lines once drawn.
local function open_review(run_id)
  local n = #reviews
  vim.cmd('LooplsReview ' .. run_id)
  local r = drawn(n, run_id)
  return r and r.buf, r and vim.api.nvim_buf_get_lines(r.buf, 0, -1, false) or {}
end
local function press(buf, key)
  local n, run_id = #reviews, nil
  for _, r in ipairs(reviews) do
    if r.buf == buf and r.review then
      run_id = r.review.runId
    end
  end
  vim.api.nvim_set_current_buf(buf)
  vim.api.nvim_feedkeys(key, 'x', false)
  local r = drawn(n, run_id, buf)
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false), r and r.review
end
local function all_status(review, want)
  if not review or #(review.files or {}) ~= 3 then
    return false
  end
  for _, f in ipairs(review.files) do
    if f.status ~= want then
      return false
    end
  end
  return true
end

local function scenario(tag, sfx)
  local rk = run_three('rk' .. sfx)
  check(tag .. 'a run that changed three files completed', rk ~= nil and rk.outcome == 'completed', rk and rk.outcome)
  if not rk then
    return
  end
  local buf, lines = open_review(rk.runId)
  check(tag .. ':LooplsReview says "3 files changed · 3 waiting for your review", each file waiting, with its hunk',
    lines[1] == '3 files changed · 3 waiting for your review' and #vim.tbl_filter(function(l)
      return l:find(' — waiting for your review$') ~= nil
    end, lines) == 3 and vim.tbl_contains(lines, '  - alpha') and vim.tbl_contains(lines, '  + ALPHA'), lines)
  local after, review = press(buf, 'K')
  check(tag .. 'K (Keep all) keeps the three files as the run left them', all_status(review, 'kept') and after[1] == '3 files changed'
    and read('rk' .. sfx .. '/a.txt') == 'ALPHA\n' and (read('rk' .. sfx .. '/c.txt') or ''):find('^gamma\n') ~= nil, { after, read('rk' .. sfx .. '/a.txt'), read('rk' .. sfx .. '/c.txt') })
  vim.cmd('close')
  local ru = run_three('ru' .. sfx)
  buf = open_review(ru and ru.runId or '')
  after, review = press(buf, 'U')
  check(tag .. 'U (Undo all) reverts the three files (the new one is gone) and says "rejected by you"', all_status(review, 'rejected by you')
    and wait_for(5000, function()
      return read('ru' .. sfx .. '/a.txt') == 'alpha\n' and read('ru' .. sfx .. '/b.txt') == 'beta\n' and read('ru' .. sfx .. '/c.txt') == nil
    end), { after, read('ru' .. sfx .. '/a.txt'), read('ru' .. sfx .. '/c.txt') })
  vim.cmd('close')
  return rk, ru
end

local ok, err = pcall(function()
  local loopls = require('loopls')
  loopls.setup(frame.options({ open = 'none' }))
  check('a rejected edit says "rejected by you", not failed',
    require('loopls.chat').call_status('failed', 'edit_file: a was not changed: the user rejected this change') == 'rejected'
      and require('loopls.chat').call_status('failed', 'old_string not found') == 'failed')
  vim.cmd('edit ' .. vim.fn.fnameescape(ws .. '/hello.txt'))
  local client = frame.client()
  if not client then
    check('loopls started', false)
    return
  end
  local rk, ru = scenario('', '')
  local waiting = run_three('rw')
  -- loopls anew: the daemon stops and a new one starts (what a restart of
  -- Neovim does to loopls); the reviews come from the store.
  vim.lsp.stop_client(client.id, true)
  wait_for(10000, function()
    return client.is_stopped and client:is_stopped() or vim.lsp.get_client_by_id(client.id) == nil
  end)
  vim.cmd('edit ' .. vim.fn.fnameescape(ws .. '/README.md'))
  loopls.attach(vim.api.nvim_get_current_buf())
  local fresh
  wait_for(20000, function()
    fresh = vim.lsp.get_clients({ name = 'loopls' })[1]
    return fresh ~= nil and fresh.id ~= client.id and fresh.initialized
  end)
  check('a new loopls started', fresh ~= nil and fresh.id ~= client.id)
  local _, l1 = open_review(rk and rk.runId or '')
  vim.cmd('close')
  local _, l2 = open_review(ru and ru.runId or '')
  vim.cmd('close')
  check('after the restart the earlier reviews read the same: kept, and rejected by you', l1[1] == '3 files changed'
    and #vim.tbl_filter(function(l) return l:find(' — kept$') ~= nil end, l1) == 3
    and #vim.tbl_filter(function(l) return l:find(' — rejected by you$') ~= nil end, l2) == 3, { l1, l2 })
  local buf, l3 = open_review(waiting and waiting.runId or '')
  check('after the restart the run left waiting still waits', l3[1] == '3 files changed · 3 waiting for your review', l3)
  local _, review = press(buf, 'K')
  check('after the restart K keeps it', all_status(review, 'kept'), review)
  vim.cmd('close')
  scenario('after the restart: ', '2')
end)
frame.finish(ok, err)

-- The chat buffer: one conversation with loopls at a time, drawn as markdown.
--
--   # loopls · <title> · mode auto                 ← header (2 lines, kept in place)
--   Context: hello.txt:1-3                            (or "Context: none")
--
--   ## You
--   read the README
--   ## loopls
--   ▸ thinking                                    ← folded block
--   ⚙ read_file README.md            ✓ completed  ← status as an extmark
--   ▸ output of read_file (3 lines)               ← folded block
--   The tool result was received.
--   _completed · 2 turns · 105 in / 6 out_
--
--   ## You
--   |                                             ← the prompt area: everything
--                                                   after the last "## You"
--
-- While a run streams, its text goes above a prompt area that is already
-- open, so the next prompt can be typed (and queued) meanwhile; a virtual
-- line under the streamed text says what the run is doing ("thinking…",
-- "running read_file", "waiting for approval"), and so does the winbar.
--
-- Everything here draws; what is sent and received lives in init.lua.
local M = {}

local ns = vim.api.nvim_create_namespace('loopls_chat')

M.name = 'loopls://chat'
M.bufnr = nil
--- The conversation shown: the session it continues (nil: the next send starts one).
M.session = nil
M.title = nil
--- The run in flight from this buffer (nil when idle).
M.run = nil
--- Context entries attached to the next prompt: { uri, range?, label }.
M.context = {}
--- Mode for the session's runs ('ask' | 'edit' | 'auto'; nil: the setting).
M.mode = nil
--- Model for the session's runs (nil: the setting).
M.model = nil
--- Prompts sent while a run runs, sent in order when it ends (init.lua owns the sending).
M.queue = {}

-- Runs drawn here, by id: { tools = { [callId] = { mark, name } }, lane, block }.
local runs = {}
-- Folded blocks: { s = extmark id, e = extmark id, label = string }.
local folds = {}
local fold_cache = { tick = -1, levels = {} }
-- While a run streams with a prompt area open below it: the extmark where
-- its text goes (right gravity, so it stays after what is written at it).
-- nil: text goes at the end of the buffer.
local tail = nil
--- What the chat's run is doing, in words (nil when no run goes).
M.state_text = nil

M.output_lines = 200 -- tool output lines kept in the buffer per call

local PROMPT = '## You'
local ANSWER = '## loopls'

local function valid(b)
  return b ~= nil and vim.api.nvim_buf_is_valid(b)
end

--- Highlight groups, linked to standard ones so colour schemes apply.
function M.highlights()
  local links = {
    LooplsHeader = 'Title',
    LooplsContext = 'Special',
    LooplsToolRunning = 'DiagnosticInfo',
    LooplsToolCompleted = 'DiagnosticOk',
    LooplsToolFailed = 'DiagnosticError',
    LooplsToolCancelled = 'DiagnosticWarn',
    LooplsThinking = 'Comment',
    LooplsOutcome = 'Comment',
    LooplsFold = 'Folded',
    LooplsStatus = 'DiagnosticHint',
    LooplsWinbar = 'WinBar',
  }
  for name, target in pairs(links) do
    vim.api.nvim_set_hl(0, name, { link = target, default = true })
  end
end

--- The conversation's name as the header and the winbar show it: its
--- title (the daemon's, from its first prompt), else "new conversation".
function M.display_title()
  if M.title and M.title ~= '' then
    return M.title
  end
  return M.session and 'conversation' or 'new conversation'
end

-- The prompts queued, in words: the first one's start and how many more.
local function queued_words()
  if #M.queue == 0 then
    return nil
  end
  local first = M.queue[1]:gsub('%s+', ' ')
  if vim.fn.strchars(first) > 40 then
    first = vim.fn.strcharpart(first, 0, 39) .. '…'
  end
  return string.format('queued, sent when the run ends: "%s"%s', first, #M.queue > 1 and string.format(' (+%d)', #M.queue - 1) or '')
end

local function header_lines()
  local title = M.display_title()
  local parts = { '# loopls · ' .. title }
  table.insert(parts, 'mode ' .. (M.mode or 'auto'))
  if M.model then
    table.insert(parts, M.model)
  end
  local ctx = {}
  for _, c in ipairs(M.context) do
    table.insert(ctx, c.label)
  end
  local second = 'Context: ' .. (#ctx > 0 and table.concat(ctx, ', ') or 'none (:LooplsAdd)')
  local q = queued_words()
  if q then
    second = second .. ' · ' .. q
  end
  return {
    table.concat(parts, ' · '),
    second,
  }
end

local function with_modifiable(b, fn)
  local was = vim.bo[b].modifiable
  vim.bo[b].modifiable = true
  local ok, err = pcall(fn)
  vim.bo[b].modifiable = was
  if not ok then
    error(err)
  end
end

-- The winbar of a window showing the chat: the title, and what the run does.
local function winbar_text()
  local t = ('loopls · ' .. M.display_title()):gsub('%%', '%%%%')
  local right = {}
  if M.state_text then
    table.insert(right, M.state_text)
  end
  if #M.queue > 0 then
    table.insert(right, string.format('%d queued', #M.queue))
  end
  local st = #right > 0 and (' %=' .. table.concat(right, ' · '):gsub('%%', '%%%%') .. ' ') or ''
  return '%#LooplsWinbar# ' .. t .. st
end

--- Sets the winbar of every window showing the chat.
function M.winbar()
  if not valid(M.bufnr) then
    return
  end
  local text = winbar_text()
  for _, w in ipairs(vim.fn.win_findbuf(M.bufnr)) do
    vim.api.nvim_set_option_value('winbar', text, { win = w, scope = 'local' })
  end
end

--- Redraws the two header lines in place.
function M.header()
  local b = M.buffer()
  with_modifiable(b, function()
    vim.api.nvim_buf_set_lines(b, 0, 2, false, header_lines())
  end)
  vim.api.nvim_buf_clear_namespace(b, ns, 0, 2)
  vim.api.nvim_buf_set_extmark(b, ns, 0, 0, { line_hl_group = 'LooplsHeader' })
  vim.api.nvim_buf_set_extmark(b, ns, 1, 0, { line_hl_group = 'LooplsContext' })
  M.draw_state()
  M.winbar()
end

--- The chat buffer, created on first use.
function M.buffer()
  if valid(M.bufnr) then
    return M.bufnr
  end
  M.highlights()
  local b = vim.fn.bufnr(M.name)
  if b < 0 or not vim.api.nvim_buf_is_valid(b) then
    b = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(b, M.name)
  end
  vim.bo[b].buftype = 'nofile'
  vim.bo[b].bufhidden = 'hide'
  vim.bo[b].swapfile = false
  vim.bo[b].filetype = 'markdown'
  M.bufnr = b
  vim.api.nvim_buf_set_lines(b, 0, -1, false, { '', '', '', PROMPT, '' })
  M.header()
  M.on_buffer_created(b)
  return b
end

-- Set by init.lua: buffer-local keymaps.
function M.on_buffer_created(_) end

-- Where a run's text goes: the tail mark, else the end of the last line
-- (0-based row, byte column).
local function append_point(b)
  if tail then
    local pos = vim.api.nvim_buf_get_extmark_by_id(b, ns, tail, {})
    if pos and pos[1] then
      return pos[1], pos[2]
    end
    tail = nil
  end
  local n = vim.api.nvim_buf_line_count(b)
  return n - 1, #(vim.api.nvim_buf_get_lines(b, n - 1, n, false)[1] or '')
end

local function last_line(b)
  return (append_point(b)) -- 0-based
end

local function follow(b)
  local n = vim.api.nvim_buf_line_count(b)
  for _, w in ipairs(vim.fn.win_findbuf(b)) do
    if w ~= vim.api.nvim_get_current_win() or vim.api.nvim_get_mode().mode ~= 'i' then
      vim.api.nvim_win_set_cursor(w, { n, 0 })
    end
  end
end

--- Appends text at the end; newlines start new lines. Marks before the end
--- stay where they are.
function M.append(text)
  if text == nil or text == '' then
    return
  end
  local b = M.buffer()
  with_modifiable(b, function()
    local row, col = append_point(b)
    vim.api.nvim_buf_set_text(b, row, col, row, col, vim.split(text, '\n', { plain = true }))
  end)
  follow(b)
end

--- Appends whole lines after ending the current one if it has text; returns
--- the 0-based index of the first appended line.
function M.lines(lines)
  local b = M.buffer()
  local row = append_point(b)
  local cur = vim.api.nvim_buf_get_lines(b, row, row + 1, false)[1] or ''
  local first = cur ~= '' and row + 1 or row
  if #lines == 0 then
    -- only ends the current line
    if cur ~= '' then
      M.append('\n')
    end
    return first
  end
  M.append((cur ~= '' and '\n' or '') .. table.concat(lines, '\n') .. '\n')
  return first
end

-- A folded block: open_block writes its first line and registers it at once,
-- so every line appended while it is open is folded as it arrives;
-- close_block ends it at the last line with text.
local function open_block(first_line, label)
  local b = M.buffer()
  M.lines({})
  -- the (empty) line text goes to, before any text is written on it
  local block = { s = vim.api.nvim_buf_set_extmark(b, ns, last_line(b), 0, { right_gravity = false }), label = label }
  table.insert(folds, block)
  fold_cache.tick = -1
  M.lines({ first_line })
  return block
end

local function close_block(block)
  if not block or block.e then
    return
  end
  local b = M.buffer()
  local l = last_line(b)
  if (vim.api.nvim_buf_get_lines(b, l, l + 1, false)[1] or '') == '' and l > 0 then
    l = l - 1
  end
  block.e = vim.api.nvim_buf_set_extmark(b, ns, l, 0, { right_gravity = false })
  fold_cache.tick = -1
end

local function run_state(id)
  local r = runs[id]
  if not r then
    r = { tools = {} }
    runs[id] = r
  end
  return r
end

--- 'foldexpr': a block's first line is ">1", the rest of it "1".
function M.foldexpr(lnum)
  local b = M.buffer()
  local tick = vim.api.nvim_buf_get_changedtick(b)
  if fold_cache.tick ~= tick then
    local levels = {}
    local last = last_line(b)
    for _, f in ipairs(folds) do
      local s = vim.api.nvim_buf_get_extmark_by_id(b, ns, f.s, {})
      local e = f.e and vim.api.nvim_buf_get_extmark_by_id(b, ns, f.e, {}) or { last }
      if s and s[1] and e and e[1] and e[1] > s[1] then
        levels[s[1] + 1] = '>1'
        for l = s[1] + 2, e[1] + 1 do
          levels[l] = '1'
        end
      end
    end
    fold_cache = { tick = tick, levels = levels }
  end
  return fold_cache.levels[lnum or vim.v.lnum] or '0'
end

--- 'foldtext': the block's first line and how many lines it hides.
function M.foldtext()
  local first = vim.fn.getline(vim.v.foldstart)
  return string.format('%s (%d lines)', first, vim.v.foldend - vim.v.foldstart)
end

--- Window-local options for a window showing the chat.
function M.setup_window(w)
  local set = function(name, value)
    vim.api.nvim_set_option_value(name, value, { win = w, scope = 'local' })
  end
  set('foldmethod', 'expr')
  set('foldexpr', "v:lua.require'loopls.chat'.foldexpr(v:lnum)")
  set('foldtext', "v:lua.require'loopls.chat'.foldtext()")
  set('foldlevel', 0)
  set('foldenable', true)
  set('wrap', true)
  set('linebreak', true)
  set('number', false)
  set('relativenumber', false)
  set('signcolumn', 'no')
end

--- Shows the chat: 'split' (below), 'vsplit' (right), 'float', 'tab'.
--- Focuses it when focus is true. Returns the window.
function M.show(layout, focus)
  local b = M.buffer()
  local w = vim.fn.win_findbuf(b)[1]
  local from = vim.api.nvim_get_current_win()
  if not w then
    if layout == 'float' then
      local width = math.floor(vim.o.columns * 0.7)
      local height = math.floor(vim.o.lines * 0.7)
      w = vim.api.nvim_open_win(b, true, {
        relative = 'editor',
        width = width,
        height = height,
        row = math.floor((vim.o.lines - height) / 2),
        col = math.floor((vim.o.columns - width) / 2),
        border = 'rounded',
        title = ' loopls ',
      })
    elseif layout == 'vsplit' then
      vim.cmd('botright vertical sbuffer ' .. b)
      w = vim.api.nvim_get_current_win()
    elseif layout == 'tab' then
      vim.cmd('tab sbuffer ' .. b)
      w = vim.api.nvim_get_current_win()
    else
      vim.cmd('botright sbuffer ' .. b)
      w = vim.api.nvim_get_current_win()
    end
    M.setup_window(w)
  end
  M.winbar()
  if focus then
    vim.api.nvim_set_current_win(w)
  elseif vim.api.nvim_win_is_valid(from) then
    vim.api.nvim_set_current_win(from)
  end
  follow(b)
  return w
end

--- Closes every window showing the chat (the buffer and its conversation stay).
function M.close()
  for _, w in ipairs(vim.fn.win_findbuf(M.buffer())) do
    if #vim.api.nvim_list_wins() > 1 then
      vim.api.nvim_win_close(w, false)
    end
  end
end

local function prompt_line(b)
  local lines = vim.api.nvim_buf_get_lines(b, 0, -1, false)
  for i = #lines, 1, -1 do
    if lines[i] == PROMPT then
      return i - 1, lines
    end
  end
  return nil, lines
end

--- The text typed after the last "## You" (trimmed), or nil when empty.
function M.prompt_text()
  local l, lines = prompt_line(M.buffer())
  if not l then
    return nil
  end
  local text = vim.trim(table.concat(vim.list_slice(lines, l + 2), '\n'))
  return text ~= '' and text or nil
end

-- Leaves exactly one empty line at the end (the line text is appended to).
local function trim_tail(b)
  local n = vim.api.nvim_buf_line_count(b)
  local lines = vim.api.nvim_buf_get_lines(b, 0, -1, false)
  local keep = n
  while keep > 1 and lines[keep] == '' and lines[keep - 1] == '' do
    keep = keep - 1
  end
  if keep < n then
    with_modifiable(b, function()
      vim.api.nvim_buf_set_lines(b, keep, n, false, {})
    end)
  end
end

-- Sets the virtual lines under the run's text (the tail mark carries
-- them): what the run does, and the prompts queued behind it, where the
-- eye is while it streams (the header may be scrolled out of view).
local function draw_state(b)
  if not tail then
    return
  end
  local pos = vim.api.nvim_buf_get_extmark_by_id(b, ns, tail, {})
  if not pos or not pos[1] then
    return
  end
  local opts = { id = tail, right_gravity = true }
  local virt = {}
  if M.state_text then
    table.insert(virt, { { '⋯ ' .. M.state_text, 'LooplsStatus' } })
  end
  local q = queued_words()
  if q then
    table.insert(virt, { { '⏎ ' .. q, 'LooplsStatus' } })
  end
  if #virt > 0 then
    opts.virt_lines = virt
  end
  vim.api.nvim_buf_set_extmark(b, ns, pos[1], pos[2], opts)
end

--- Draws the lines under the chat's streaming run again (its state, the queue).
function M.draw_state()
  if valid(M.bufnr) then
    draw_state(M.bufnr)
  end
end

--- Says what the chat's run is doing (nil: nothing), under its streamed
--- text and in the winbar. run_id, when given, must be the chat's run (or
--- the one it is starting).
function M.set_state(run_id, text)
  if run_id and M.run and run_id ~= M.run then
    return
  end
  if not tail and text ~= nil then
    return -- no run of this chat is streaming
  end
  if M.state_text == text then
    return
  end
  M.state_text = text
  draw_state(M.buffer())
  M.winbar()
end

-- The prompt area a run keeps open below its text: a blank line, "## You"
-- and the line the next prompt is typed on. Text is written at the tail
-- mark, on the line before the blank one.
local function open_prompt_area(b)
  local row = append_point(b)
  local n = vim.api.nvim_buf_line_count(b)
  vim.api.nvim_buf_set_lines(b, n, n, false, { '', PROMPT, '' })
  tail = vim.api.nvim_buf_set_extmark(b, ns, row, 0, { right_gravity = true })
end

--- A run begins. The prompt typed after the last "## You" stays as it is;
--- a command's label (:LooplsRun's prompt, :LooplsFix's range) is written
--- there first, or above the prompt area when something is typed in it
--- already. The answer header follows, then a prompt area for the next
--- prompt: the buffer stays editable while the run streams.
function M.begin_run(label)
  local b = M.buffer()
  M.finish_prompt_area(b)
  trim_tail(b)
  M.state_text = nil
  if label and M.prompt_text() ~= nil then
    -- A draft waits in the prompt area: this exchange goes above it.
    local p = prompt_line(b)
    local above = { PROMPT }
    vim.list_extend(above, vim.split(label, '\n', { plain = true }))
    vim.list_extend(above, { ANSWER, '', '' })
    vim.api.nvim_buf_set_lines(b, p, p, false, above)
    tail = vim.api.nvim_buf_set_extmark(b, ns, p + #above - 2, 0, { right_gravity = true })
  else
    if label then
      if not prompt_line(b) then
        M.lines({ '', PROMPT })
      end
      M.lines(vim.split(label, '\n', { plain = true }))
    end
    M.lines({ ANSWER })
    open_prompt_area(b)
  end
  vim.bo[b].modifiable = true
  M.set_state(nil, 'starting…')
  follow(b)
end

--- Ends the prompt area a run kept open: the empty line text would have gone
--- to is dropped, so one blank line parts the run from the next "## You".
function M.finish_prompt_area(b)
  b = b or M.buffer()
  if not tail then
    return
  end
  local row = append_point(b)
  vim.api.nvim_buf_del_extmark(b, ns, tail)
  tail = nil
  if (vim.api.nvim_buf_get_lines(b, row, row + 1, false)[1] or '') == '' then
    vim.api.nvim_buf_set_lines(b, row, row + 1, false, {})
  end
end

--- Whether a run's prompt area is open (the run streams above it).
function M.streaming()
  return tail ~= nil
end

--- Empties the prompt area (its text was queued).
function M.clear_prompt()
  local b = M.buffer()
  local l = prompt_line(b)
  if l then
    vim.api.nvim_buf_set_lines(b, l + 1, -1, false, { '' })
  end
end

--- The run started from this buffer got its id (or the daemon started one we
--- did not ask for, such as a code action's fix).
function M.adopt(res)
  if not res or not res.runId then
    return
  end
  run_state(res.runId)
  if res.sessionId and res.sessionId ~= vim.NIL then
    if M.session ~= res.sessionId then
      M.title = nil -- another conversation: init.lua asks for its title
    end
    M.session = res.sessionId
  end
  M.run = res.runId
  M.header()
end

--- loopls/delta
function M.delta(p)
  local r = run_state(p.runId)
  if p.lane == 'thinking' then
    if r.lane ~= 'thinking' then
      r.block = open_block('▸ thinking', 'thinking')
      r.lane = 'thinking'
    end
    M.append(p.text)
    return
  end
  if r.lane == 'thinking' then
    close_block(r.block)
    M.lines({})
    r.block = nil
  end
  r.lane = 'text'
  M.append(p.text)
end

local status_text = {
  running = { '… running', 'LooplsToolRunning' },
  waiting = { '… waiting for approval', 'LooplsToolRunning' },
  reviewing = { '… waiting for your review', 'LooplsToolRunning' },
  completed = { '✓ completed', 'LooplsToolCompleted' },
  failed = { '✗ failed', 'LooplsToolFailed' },
  rejected = { '✗ rejected by you', 'LooplsToolFailed' },
  cancelled = { '⊘ cancelled', 'LooplsToolCancelled' },
}

--- A call's status in words: one that failed because the user rejected its
--- edit or refused it (loopls's result says "the user rejected" / "the user
--- refused") is 'rejected' ("rejected by you"), not 'failed'.
function M.call_status(status, output)
  if status == 'failed' and type(output) == 'string' and (output:find('the user rejected', 1, true) or output:find('the user refused', 1, true)) then
    return 'rejected'
  end
  return status
end

--- The argument that says what a call is about: a path, a command, a pattern.
function M.key_argument(args)
  if type(args) ~= 'table' then
    return type(args) == 'string' and args or ''
  end
  for _, k in ipairs({ 'path', 'command', 'pattern', 'url', 'query' }) do
    if type(args[k]) == 'string' then
      return args[k]
    end
  end
  for _, v in pairs(args) do
    if type(v) == 'string' then
      return v
    end
  end
  return ''
end

local function set_status(b, t, status)
  local s = status_text[status] or { tostring(status), 'LooplsToolRunning' }
  local pos = vim.api.nvim_buf_get_extmark_by_id(b, ns, t.mark, {})
  if not pos or not pos[1] then
    return
  end
  vim.api.nvim_buf_set_extmark(b, ns, pos[1], 0, { id = t.mark, virt_text = { { s[1], s[2] } }, virt_text_pos = 'eol' })
  t.status = status
end

-- A call's output, folded, right under the call's line (row, 0-based):
-- two calls of one turn each keep their output below their own line,
-- whichever ends first.
local function output_block(row, name, output)
  local b = M.buffer()
  local lines = vim.split(output, '\n', { plain = true })
  if lines[#lines] == '' then
    table.remove(lines)
  end
  local cut = #lines - M.output_lines
  if cut > 0 then
    lines = vim.list_slice(lines, 1, M.output_lines)
    table.insert(lines, string.format('… %d more lines', cut))
  end
  local first = '▸ output of ' .. name
  local rest = { '', '```text' }
  vim.list_extend(rest, lines)
  table.insert(rest, '```')
  -- The block's first line, then its marks (the end one moves with what is
  -- written at it), then the rest: the lines arrive inside a registered
  -- block, so Neovim folds them as they come (as open_block does).
  with_modifiable(b, function()
    vim.api.nvim_buf_set_lines(b, row + 1, row + 1, false, { first })
  end)
  local block = {
    s = vim.api.nvim_buf_set_extmark(b, ns, row + 1, 0, { right_gravity = false }),
    e = vim.api.nvim_buf_set_extmark(b, ns, row + 1, #first, { right_gravity = true }),
    label = 'output',
  }
  table.insert(folds, block)
  fold_cache.tick = -1
  with_modifiable(b, function()
    vim.api.nvim_buf_set_text(b, row + 1, #first, row + 1, #first, rest)
  end)
  follow(b)
end

--- A running tool call waits for the user's approval (waiting = true), or
--- the question was answered and it runs again: its line says which, so a
--- call that waits for the user never reads "running".
function M.tool_waiting(run_id, id, waiting)
  local r = runs[run_id or '']
  local t = r and r.tools[id or '']
  if not t or (t.status ~= 'running' and t.status ~= 'waiting') then
    return
  end
  set_status(M.buffer(), t, waiting and 'waiting' or 'running')
end

--- The running calls of a run named in names wait for the user's review
--- of their change (reviewing = true), or run again once it is answered.
function M.tools_reviewing(run_id, names, reviewing)
  local r = runs[run_id or '']
  for _, t in pairs(r and r.tools or {}) do
    if vim.tbl_contains(names, t.name) and t.status == (reviewing and 'running' or 'reviewing') then
      set_status(M.buffer(), t, reviewing and 'reviewing' or 'running')
    end
  end
end

--- loopls/toolCall (and a transcript's toolCall).
function M.tool_call(p)
  local b = M.buffer()
  local r = run_state(p.runId or '')
  if r.lane == 'thinking' then
    close_block(r.block)
    r.block = nil
  end
  r.lane = 'tool'
  local t = r.tools[p.id or '']
  if not t then
    local key = M.key_argument(p.arguments):gsub('%s+', ' ')
    if vim.fn.strchars(key) > 80 then
      key = vim.fn.strcharpart(key, 0, 79) .. '…'
    end
    local text = string.format('⚙ %s %s', tostring(p.name):gsub('%s+', ' '), key)
    local turn, index = tonumber(p.turn), tonumber(p.index)
    -- Calls of one turn run side by side and start in any order: a call
    -- goes above the first one drawn that comes after it in the model's
    -- order (turn, then index), else at the end.
    local above, row
    for _, o in pairs(r.tools) do
      if turn and index and o.turn == turn and o.index and o.index > index then
        local pos = vim.api.nvim_buf_get_extmark_by_id(b, ns, o.mark, {})
        if pos and pos[1] and (not row or pos[1] < row) then
          above, row = o, pos[1]
        end
      end
    end
    local l
    if above then
      with_modifiable(b, function()
        vim.api.nvim_buf_set_lines(b, row, row, false, { text })
      end)
      -- The line pushed down keeps its mark (it stays put at the start of
      -- a line that lines are put before) and its status.
      vim.api.nvim_buf_set_extmark(b, ns, row + 1, 0, { id = above.mark, right_gravity = false })
      set_status(b, above, above.status)
      l = row
    else
      l = M.lines({ text })
    end
    t = { mark = vim.api.nvim_buf_set_extmark(b, ns, l, 0, { right_gravity = false }), name = p.name, turn = turn, index = index }
    r.tools[p.id or ''] = t
  end
  set_status(b, t, M.call_status(p.status, p.output))
  if p.status ~= 'running' and type(p.output) == 'string' and p.output ~= '' and not t.output then
    t.output = true
    local pos = vim.api.nvim_buf_get_extmark_by_id(b, ns, t.mark, {})
    if pos and pos[1] then
      output_block(pos[1], p.name, p.output)
    end
  end
end

local outcome_marks = { completed = '✓', failed = '✗', cancelled = '⊘' }

-- A run's end in words: its outcome, its turns and tokens when it had any,
-- and why it failed. Plain text (the LooplsOutcome highlight sets it
-- apart): markdown's _emphasis_ showed as literal underscores.
local function outcome_line(rec)
  local outcome = tostring(rec.outcome)
  local parts = { outcome_marks[outcome] and (outcome_marks[outcome] .. ' ' .. outcome) or outcome }
  local turns = tonumber(rec.turns)
  if turns and turns > 0 then
    table.insert(parts, turns .. ' turn(s)')
  end
  local usage = type(rec.usage) == 'table' and rec.usage or {}
  local tin, tout = tonumber(usage.inputTokens) or 0, tonumber(usage.outputTokens) or 0
  if tin > 0 or tout > 0 then
    table.insert(parts, string.format('%d in / %d out tokens', tin, tout))
  end
  local line = table.concat(parts, ' · ')
  if type(rec.error) == 'table' then
    -- The message says what happened; the kind is for programs (errors.Is).
    local msg = rec.error.message ~= nil and rec.error.message ~= vim.NIL and tostring(rec.error.message) or tostring(rec.error.kind)
    if msg ~= '' and msg ~= outcome then
      line = line .. ' — ' .. msg
    end
  end
  return line
end

local function edits_line(rec)
  local paths = {}
  for _, e in ipairs(type(rec.edits) == 'table' and rec.edits or {}) do
    if type(e) == 'table' and e.path and not vim.tbl_contains(paths, e.path) then
      table.insert(paths, e.path)
    end
  end
  if #paths == 0 then
    return nil
  end
  return 'Edited: ' .. table.concat(paths, ', ') .. ' (:LooplsDiff to review, :LooplsUndo to revert)'
end

-- The outcome and the files edited, under a run's answer.
local function finish_run(rec, streamed)
  local b = M.buffer()
  local r = run_state(rec.runId)
  if r.block then
    close_block(r.block)
    r.block = nil
  end
  if not streamed and type(rec.output) == 'string' and rec.output ~= '' then
    M.append(rec.output)
  end
  local lines = { outcome_line(rec) }
  local edits = edits_line(rec)
  if edits then
    table.insert(lines, edits)
  end
  -- A checked fix's verdict (docs/protocol.md#a-fixs-verdict).
  vim.list_extend(lines, require('loopls.diagnostics').verdict_lines(rec.verdict))
  local l = M.lines(lines)
  vim.api.nvim_buf_set_extmark(b, ns, l, 0, { line_hl_group = 'LooplsOutcome' })
end

--- loopls/runEnded: the outcome, the files edited, and a fresh prompt area.
function M.ended(rec, streamed)
  local b = M.buffer()
  finish_run(rec, streamed)
  if M.run == rec.runId then
    M.run = nil
  end
  M.state_text = nil
  if tail then
    M.finish_prompt_area(b)
  else
    M.lines({ '', PROMPT })
  end
  vim.bo[b].modifiable = true
  M.winbar()
  follow(b)
end

--- Empties the buffer for another conversation (header kept).
function M.clear()
  local b = M.buffer()
  vim.api.nvim_buf_clear_namespace(b, ns, 0, -1)
  folds = {}
  runs = {}
  tail = nil
  M.state_text = nil
  fold_cache.tick = -1
  with_modifiable(b, function()
    vim.api.nvim_buf_set_lines(b, 0, -1, false, { '', '', '', '' })
  end)
  M.header()
end

--- Starts a new conversation: the next send starts a new session.
function M.new_conversation()
  M.session, M.title, M.run = nil, nil, nil
  M.context = {}
  M.clear()
  M.lines({ PROMPT })
  vim.bo[M.buffer()].modifiable = true
end

--- Draws a conversation again from loopls/session's answer: each run's
--- transcript (prompt, thinking, tool calls with their output, answer) and
--- outcome, then an empty prompt area that continues the session.
function M.redraw(s)
  M.session = s.sessionId
  M.title = s.title
  M.run = nil
  M.clear()
  for i, rec in ipairs(type(s.runs) == 'table' and s.runs or {}) do
    if i > 1 then
      M.lines({ '' })
    end
    M.lines({ PROMPT })
    local streamed, prompted = false, false
    for _, item in ipairs(type(rec.transcript) == 'table' and rec.transcript or {}) do
      if item.kind == 'prompt' then
        M.lines(vim.split(item.text or '', '\n', { plain = true }))
        M.lines({ ANSWER })
        prompted = true
      elseif item.kind == 'thinking' then
        M.delta({ runId = rec.runId, lane = 'thinking', text = item.text or '' })
      elseif item.kind == 'answer' then
        M.delta({ runId = rec.runId, lane = 'text', text = item.text or '' })
        streamed = true
      elseif item.kind == 'toolCall' then
        M.tool_call(vim.tbl_extend('force', item, { runId = rec.runId }))
      elseif item.kind == 'notice' then
        M.lines({ '> ' .. tostring(item.text) })
      end
    end
    if not prompted then
      M.lines(vim.split(type(rec.prompt) == 'string' and rec.prompt or '', '\n', { plain = true }))
      M.lines({ ANSWER })
    end
    finish_run(rec, streamed)
  end
  M.lines({ '', PROMPT })
  M.header()
  vim.bo[M.buffer()].modifiable = true
end

--- The 1-based line numbers of the answers' headers ("## loopls").
function M.answer_lines()
  local out = {}
  for i, l in ipairs(vim.api.nvim_buf_get_lines(M.buffer(), 0, -1, false)) do
    if l == ANSWER then
      table.insert(out, i)
    end
  end
  return out
end

--- ]] and [[ in the chat: the cursor to the next (dir 1) or previous (dir
--- -1) answer's first line, count times. Returns the line moved to, or nil.
function M.jump_answer(dir, count)
  local w = vim.api.nvim_get_current_win()
  local cur = vim.api.nvim_win_get_cursor(w)[1]
  local heads = M.answer_lines()
  local target
  for _ = 1, math.max(count or 1, 1) do
    local found
    if dir > 0 then
      for _, l in ipairs(heads) do
        if l > cur then
          found = l
          break
        end
      end
    else
      for i = #heads, 1, -1 do
        if heads[i] < cur then
          found = heads[i]
          break
        end
      end
    end
    if not found then
      break
    end
    cur, target = found, found
  end
  if target then
    vim.cmd("normal! m'")
    vim.api.nvim_win_set_cursor(w, { target, 0 })
  end
  return target
end

--- The fenced code block around line lnum (1-based) of the chat: its
--- language and lines (without the fences), or nil when lnum is in none.
function M.code_block_at(lnum)
  local lines = vim.api.nvim_buf_get_lines(M.buffer(), 0, -1, false)
  local open_at, lang
  for i, l in ipairs(lines) do
    local fence = l:match('^%s*```+%s*([%w_+.-]*)%s*$')
    if fence then
      if open_at then
        if lnum >= open_at and lnum <= i then
          return { lang = lang, lines = vim.list_slice(lines, open_at + 1, i - 1), first = open_at, last = i }
        end
        open_at = nil
      else
        open_at, lang = i, fence
      end
    end
    if i > lnum and not open_at then
      return nil
    end
  end
  return nil
end

--- gy in the chat: yanks the code block under the cursor (without its
--- fences) into the register given (default the unnamed one). Returns the
--- block, or nil after saying there is none.
function M.yank_block(register)
  local lnum = vim.api.nvim_win_get_cursor(0)[1]
  local block = M.code_block_at(lnum)
  if not block then
    vim.notify('loopls: no code block under the cursor', vim.log.levels.WARN)
    return nil
  end
  vim.fn.setreg((register and register ~= '') and register or '"', block.lines, 'l')
  vim.api.nvim_echo({ { string.format('loopls: yanked %d line%s%s', #block.lines, #block.lines == 1 and '' or 's', block.lang ~= '' and (' of ' .. block.lang) or '') } }, false, {})
  return block
end

--- The buffer's text, for tests.
function M.text()
  return table.concat(vim.api.nvim_buf_get_lines(M.buffer(), 0, -1, false), '\n')
end

--- The status shown for a tool call (tests and statuslines).
function M.tool_status(run_id, call_id)
  local r = runs[run_id]
  local t = r and r.tools[call_id]
  return t and t.status
end

--- The 1-based line numbers of the folded blocks' first lines.
function M.fold_starts()
  local b = M.buffer()
  local out = {}
  for _, f in ipairs(folds) do
    local s = vim.api.nvim_buf_get_extmark_by_id(b, ns, f.s, {})
    if s and s[1] then
      table.insert(out, s[1] + 1)
    end
  end
  return out
end

return M

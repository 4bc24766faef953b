-- Drives the chat for the Neovim screens (run by capture-nvim.sh), in the
-- theme $LOOPLS_BG (dark or light, default colorscheme). Each step waits for
-- the file $NEXT.N (N = 1, 2) the script touches once it captured the
-- screen before:
--   chat:      three prompts, the last answerable only from the first;
--   streaming: in a new conversation, a run whose model stalls (its state
--              under the answer and in the winbar) with a prompt queued
--              meanwhile; then it is cancelled and the queued prompt runs;
--   approval:  a prompt whose command loopls asks about (answered 3, refuse).
local bin, ollama, ws = os.getenv('LOOPLS_BIN'), os.getenv('LOOPLS_OLLAMA'), os.getenv('LOOPLS_WS')
local next_file = os.getenv('NEXT')
vim.o.background = os.getenv('LOOPLS_BG') == 'light' and 'light' or 'dark'
require('loopls').setup({ cmd = { bin, 'serve' }, model = 'ollama:tiny', ollama_host = ollama, allow_commands = true, chat = { layout = 'vsplit' } })
vim.cmd('edit hello.txt') -- the cwd is the workspace
local loopls = require('loopls')
local chat = require('loopls.chat')
local ended = 0
vim.api.nvim_create_autocmd('User', { pattern = 'LooplsRunEnded', callback = function() ended = ended + 1 end })
local function type_prompt(text)
  local b = chat.buffer()
  local c = vim.api.nvim_buf_line_count(b)
  vim.api.nvim_buf_set_lines(b, c - 1, c, false, { text })
end
local function wait_next(n)
  vim.cmd('redraw') -- vim.wait does not draw what this code changed
  vim.wait(120000, function() return vim.uv.fs_stat(next_file .. '.' .. n) ~= nil end, 50)
end
vim.defer_fn(function()
  vim.cmd('Loopls')
  local function send(text, n)
    type_prompt(text)
    loopls.send()
    vim.wait(20000, function() return ended >= n end, 20)
  end
  send('chat with me', 1)
  send('read the README', 2)
  send('recall what I said', 3)
  vim.cmd('normal! G')
  wait_next(1)
  -- A new conversation, so its header (which lists the queue) is on screen.
  -- "stall" gets one word from the model and then nothing: the run stays
  -- in its answer, its state shown.
  loopls.new_conversation()
  type_prompt('stall while I type')
  loopls.send()
  vim.wait(20000, function() return chat.state_text ~= nil and chat.state_text ~= 'starting…' end, 20)
  type_prompt('chat once it ends')
  loopls.send() -- queued: the header says so
  vim.cmd('normal! G')
  wait_next(2)
  loopls.cancel()
  vim.wait(30000, function() return ended >= 5 end, 20) -- the stalled run, then the queued one
  -- `sleep` is not on the allow list: loopls asks, with vim.ui.select (the
  -- script answers 3, refuse).
  type_prompt('sleep a bit')
  loopls.send()
end, 300)

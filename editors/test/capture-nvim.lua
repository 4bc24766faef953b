-- Drives the chat for docs/img/nvim-chat.txt (run by capture-nvim.sh): three
-- prompts, the last answerable only from the first. Then, once $NEXT exists,
-- a prompt whose command loopls asks about: docs/img/nvim-approval.txt is
-- captured while the question is asked.
local bin, ollama, ws = os.getenv('LOOPLS_BIN'), os.getenv('LOOPLS_OLLAMA'), os.getenv('LOOPLS_WS')
require('loopls').setup({ cmd = { bin, 'serve' }, model = 'ollama:tiny', ollama_host = ollama, allow_commands = true, chat = { layout = 'vsplit' } })
vim.cmd('edit hello.txt') -- the cwd is the workspace
local chat = require('loopls.chat')
local ended = 0
vim.api.nvim_create_autocmd('User', { pattern = 'LooplsRunEnded', callback = function() ended = ended + 1 end })
vim.defer_fn(function()
  vim.cmd('Loopls')
  local function send(text, n, k)
    local b = chat.buffer()
    local c = vim.api.nvim_buf_line_count(b)
    vim.api.nvim_buf_set_lines(b, c - 1, c, false, { text })
    require('loopls').send()
    vim.wait(20000, function() return ended >= n end, 20)
    if k then k() end
  end
  send('chat with me', 1)
  send('read the README', 2)
  send('recall what I said', 3)
  vim.cmd('normal! G')
  vim.fn.writefile({ 'ready' }, os.getenv('READY'))
  vim.wait(120000, function() return vim.uv.fs_stat(os.getenv('NEXT')) ~= nil end, 50)
  -- `sleep` is not on the allow list: loopls asks, with vim.ui.select.
  local b = chat.buffer()
  local c = vim.api.nvim_buf_line_count(b)
  vim.api.nvim_buf_set_lines(b, c - 1, c, false, { 'sleep a bit' })
  require('loopls').send()
end, 300)

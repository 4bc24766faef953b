-- Unit tests of the plugin's pure parts (no server): the settings mapping,
-- Ollama address and model parsing, the statusline component, and the answer
-- buffer's streaming. Run headless by editors/test/nvim.sh on Neovim 0.10+.
-- Prints PASS/FAIL per check and "N passed, N failed"; exits 1 on any failure.
local passed, failed = 0, 0
local function eq(name, got, want)
  local ok = vim.deep_equal(got, want)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
  end
  io.stderr:write(string.format('%s %s%s\n', ok and 'PASS' or 'FAIL', name, ok and '' or (' got ' .. vim.inspect(got) .. ' want ' .. vim.inspect(want))))
end

local loopls = require('loopls')
local health = require('loopls.health')
local ui = require('loopls.ui')

eq('server_settings: protocol names', loopls.server_settings({
  model = 'ollama:tiny',
  ollama_host = '127.0.0.1:1',
  max_turns = 5,
  context_window = 0,
  allow_commands = false,
  allowed_commands = { 'go test' },
  open = 'split',
}), { model = 'ollama:tiny', ollamaHost = '127.0.0.1:1', maxTurns = 5, contextWindow = 0, allowCommands = false, allowedCommands = { 'go test' } })
eq('server_settings: empty strings left out', loopls.server_settings({ model = '', ollama_host = '' }), {})

eq('ollama_address: host:port', { health.ollama_address('10.1.2.3:9999') }, { '10.1.2.3', 9999, '10.1.2.3:9999' })
eq('ollama_address: URL', { health.ollama_address('http://localhost:11434/') }, { 'localhost', 11434, 'http://localhost:11434/' })
eq('ollama_address: bare host gets the default port', { health.ollama_address('example.internal') }, { 'example.internal', 11434, 'example.internal' })
eq('ollama_address: 0.0.0.0 means this machine', { health.ollama_address('0.0.0.0:11434') }, { '127.0.0.1', 11434, '0.0.0.0:11434' })
eq('ollama_address: IPv6', { health.ollama_address('[::1]:8080') }, { '::1', 8080, '[::1]:8080' })
eq('ollama_model: ollama: prefix', health.ollama_model('ollama:qwen2.5-coder:7b'), 'qwen2.5-coder:7b')
eq('ollama_model: bare name is Ollama', health.ollama_model('llama3'), 'llama3')
eq('ollama_model: remote providers', { health.ollama_model('openai:gpt-4.1-mini'), health.ollama_model('anthropic:x') }, {})

eq('statusline: nothing before a run', loopls.statusline(), '')
loopls.runs.r1 = { runId = 'r1', state = 'AwaitingTools', turn = 2, seq = 3 }
loopls.last_started = 'r1'
eq('statusline: state and turn', loopls.statusline(), 'loopls: AwaitingTools · turn 2')
loopls.runs.r1.ended, loopls.runs.r1.outcome = true, 'cancelled'
eq('statusline: outcome once ended', loopls.statusline(), 'loopls: cancelled')

ui.append('Hel')
ui.append('lo\nwor')
ui.append('ld')
eq('ui.append: chunks join, newlines split lines', vim.api.nvim_buf_get_lines(ui.buffer(), 0, -1, false), { 'Hello', 'world' })
ui.tool_call({ name = 'read_file', arguments = { path = 'a' }, status = 'failed', output = 'no such file\nsecond line' })
eq('ui.tool_call: a line of its own with the first error line', vim.api.nvim_buf_get_lines(ui.buffer(), 0, -1, false),
  { 'Hello', 'world', '  ⚙ read_file({"path":"a"}) … failed — no such file', '' })
eq('ui: the buffer is a read-only scratch buffer', { vim.bo[ui.buffer()].buftype, vim.bo[ui.buffer()].modifiable }, { 'nofile', false })

local help_ok = pcall(vim.cmd, 'help :LooplsFix')
eq(':help :LooplsFix opens loopls.txt (doc/tags on the runtimepath)', help_ok and vim.fn.expand('%:t'), 'loopls.txt')

io.stderr:write(string.format('\n%d passed, %d failed\n', passed, failed))
vim.cmd(failed == 0 and 'qall!' or 'cquit!')

-- Headless test of the daemon's set-up notices as Neovim shows them (issue
-- 25, item 9): with no model configured, loopls names the model it picked.
-- Shown once per daemon, not at every run; once more after the settings change.
-- Run by editors/test/nvim.sh (frame.lua reads what it sets).
local frame = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'frame.lua')
local check = frame.check

local function notices()
  local n = 0
  for _, l in ipairs(vim.split(vim.api.nvim_exec2('messages', { output = true }).output, '\n')) do
    if l:find('no model configured: using ollama:tiny', 1, true) then
      n = n + 1
    end
  end
  return n
end

local ok, err = pcall(function()
  local loopls = require('loopls')
  -- No model: loopls picks the local Ollama's first tool-capable one (tiny).
  loopls.setup({ cmd = { frame.bin, 'serve' }, ollama_host = frame.ollama, open = 'none' })
  vim.cmd('edit ' .. vim.fn.fnameescape(frame.ws .. '/hello.txt'))
  check('loopls started', frame.client() ~= nil)
  local function run(prompt)
    local _, rec = frame.run(function()
      loopls.run(prompt)
    end)
    return rec
  end
  local outcomes = {}
  for i = 1, 3 do
    local rec = run('chat ' .. i)
    table.insert(outcomes, rec and rec.outcome)
  end
  check('three runs completed with the picked model', vim.deep_equal(outcomes, { 'completed', 'completed', 'completed' }), outcomes)
  check('"no model configured" is in :messages once after three runs', notices() == 1, notices())
  loopls.configure({ max_turns = 7 })
  run('chat 4')
  run('chat 5')
  check('after a settings change, once more (twice in all after five runs)', notices() == 2, notices())
end)
frame.stop_clients()
frame.finish(ok, err)

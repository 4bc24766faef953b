-- Defines loopls's commands at startup, before (and without) setup(): the
-- first one used calls require('loopls').setup() with the defaults.
if vim.g.loaded_loopls then
  return
end
vim.g.loaded_loopls = true
local ok, loopls = pcall(require, 'loopls')
if not ok then
  return
end
local commands = require('loopls.commands')
if loopls.supported() then
  commands.define()
elseif vim.api.nvim_create_user_command then
  commands.define_unsupported(loopls.unsupported_message())
end

-- loopls as a Neovim 0.11+ LSP config: `vim.lsp.enable('loopls')` starts it
-- for every buffer under a root marker, with the handlers and capabilities
-- the plugin's chat, approvals and review use. Override any field with
-- vim.lsp.config('loopls', { … }), e.g. cmd or settings.
local loopls = require('loopls')
return {
  cmd = loopls.default_cmd(), -- loopls on PATH, else the checkout's bin/loopls
  root_markers = { '.git' },
  init_options = {},
  settings = { loopls = {} },
  capabilities = loopls.capabilities(),
  handlers = loopls.handlers,
}

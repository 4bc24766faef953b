-- The one place that knows which Neovim API generation it runs on. Neovim
-- 0.11 made vim.lsp.Client's functions methods (`client:request(…)`) and
-- deprecated the dot form, which 0.13 removes; 0.10 only has the dot form.
-- vim.str_utfindex likewise gained an encoding argument in 0.11. Everything
-- else in the plugin calls these and never a client function directly.
local M = {}

--- True on Neovim 0.11 and newer (method-form client API, encoding-aware
--- str_utfindex).
M.modern = vim.fn.has('nvim-0.11') == 1

--- client:request(method, params, handler, bufnr)
function M.request(client, method, params, handler, bufnr)
  if M.modern then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

--- client:is_stopped()
function M.is_stopped(client)
  if M.modern then
    return client:is_stopped()
  end
  return client.is_stopped()
end

--- client:request_sync(method, params, timeout_ms, bufnr)
function M.request_sync(client, method, params, timeout_ms, bufnr)
  if M.modern then
    return client:request_sync(method, params, timeout_ms, bufnr)
  end
  return client.request_sync(method, params, timeout_ms, bufnr)
end

--- client:notify(method, params)
function M.notify(client, method, params)
  if M.modern then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

--- client:supports_method(method)
function M.supports_method(client, method)
  if M.modern then
    return client:supports_method(method)
  end
  return client.supports_method(method)
end

--- client:stop()
function M.stop(client, force)
  if M.modern then
    return client:stop(force)
  end
  return client.stop(force)
end

--- The UTF-16 length of text: LSP positions count UTF-16 code units.
function M.utf16_len(text)
  if M.modern then
    return vim.str_utfindex(text, 'utf-16')
  end
  local _, utf16 = vim.str_utfindex(text)
  return utf16
end

return M

-- Waiting for the user inside a request loopls sent (loopls/approve,
-- workspace/applyEdit). vim.lsp runs such a handler in a coroutine, so an
-- asynchronous picker (telescope, fzf-lua, dressing) is waited for by
-- yielding; a synchronous one answers before there is anything to wait for.
local M = {}

--- Calls ask(reply) and returns what reply was called with, once it is.
function M.await(ask)
  local co = coroutine.running()
  local done, value = false, nil
  ask(function(v)
    done, value = true, v
    if co and coroutine.status(co) == 'suspended' then
      coroutine.resume(co)
    end
  end)
  if not done then
    if co then
      coroutine.yield()
    else
      vim.wait(10 * 60 * 1000, function()
        return done
      end, 50)
    end
  end
  return value
end

return M

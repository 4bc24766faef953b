-- The frame the Neovim check scripts share (loaded with dofile, never shipped
-- as part of the plugin): PASS/FAIL lines on stderr, a bounded wait on a
-- condition, User autocmds that record loopls's events, and the closing
-- "N passed, N failed" line that editors/test/nvim.sh adds up.
local M = { passed = 0, failed = 0 }

function M.check(name, ok, detail)
  if ok then
    M.passed = M.passed + 1
  else
    M.failed = M.failed + 1
  end
  io.stderr:write(string.format('%s %s%s\n', ok and 'PASS' or 'FAIL', name, detail ~= nil and (' ' .. vim.inspect(detail, { newline = ' ', indent = '' })) or ''))
end

function M.wait_for(ms, cond)
  return vim.wait(ms, cond, 20)
end

-- on({Pattern = fn(data)}): a User autocmd for each of loopls's events.
function M.on(handlers)
  for pattern, fn in pairs(handlers) do
    vim.api.nvim_create_autocmd('User', {
      pattern = pattern,
      callback = function(ev)
        fn(ev.data)
      end,
    })
  end
end

-- finish(ok, err): the body's pcall result; prints the count and quits with
-- the status nvim.sh reads.
function M.finish(ok, err)
  if not ok then
    M.check('the test ran to its end', false, err)
  end
  io.stderr:write(string.format('\n%d passed, %d failed\n', M.passed, M.failed))
  vim.cmd(M.failed == 0 and 'qall!' or 'cquit!')
end

return M

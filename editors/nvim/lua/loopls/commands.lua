-- The user commands, defined by plugin/loopls.lua at startup (so they exist
-- before setup(); the first one used calls setup() with the defaults) and
-- again by setup() for plugin managers that add the plugin late.
--
--   :Loopls [open|run|fix|add|diff|undo|cancel|new|sessions|session|mode|model] …
--   :LooplsRun, :LooplsFix, :LooplsAdd, :LooplsDiff, :LooplsCancel, :LooplsUndo
local M = {}

local function loopls()
  return require('loopls')
end

local layouts = { 'split', 'vsplit', 'float', 'tab' }

-- Each subcommand of :Loopls: run(args, cmd) and, optionally, complete(arglead).
M.sub = {
  open = {
    run = function(args)
      loopls().open(args[1])
    end,
    complete = function()
      return layouts
    end,
  },
  run = {
    run = function(args)
      loopls().run(table.concat(args, ' '))
    end,
  },
  fix = {
    run = function(args, cmd)
      loopls().fix(cmd.line1, cmd.line2, table.concat(args, ' '))
    end,
  },
  add = {
    run = function(args, cmd)
      loopls().add(cmd.line1, cmd.line2, cmd.range > 0, args[1])
    end,
    complete = function(lead)
      return vim.fn.getcompletion(lead, 'file')
    end,
  },
  diff = {
    run = function(args)
      loopls().diff(args[1])
    end,
    complete = function()
      local l = loopls()
      local id = l.last_ended or l.last_started
      local out = {}
      for _, p in ipairs(id and require('loopls.review').files(id) or {}) do
        table.insert(out, vim.fn.fnamemodify(p, ':.'))
      end
      return out
    end,
  },
  undo = {
    run = function(args)
      loopls().undo(args[1])
    end,
  },
  review = {
    run = function(args)
      require('loopls.runreview').open(args[1])
    end,
  },
  cancel = {
    run = function(args)
      loopls().cancel(args[1])
    end,
  },
  new = {
    run = function()
      loopls().new_conversation()
      loopls().open()
    end,
  },
  sessions = {
    run = function()
      loopls().open()
      loopls().pick_session()
    end,
  },
  session = {
    run = function(args)
      loopls().open()
      loopls().load_session(args[1])
    end,
    complete = function()
      return loopls().complete('loopls/sessions')
    end,
  },
  mode = {
    run = function(args)
      loopls().set_mode(args[1])
    end,
    complete = function()
      return { 'ask', 'edit', 'auto' }
    end,
  },
  model = {
    run = function(args)
      loopls().set_model(args[1])
    end,
    complete = function()
      return loopls().complete('loopls/models')
    end,
  },
}

local function names()
  local out = vim.tbl_keys(M.sub)
  table.sort(out)
  return out
end

local function filter(list, lead)
  return vim.tbl_filter(function(s)
    return vim.startswith(s, lead)
  end, list)
end

--- Completion of :Loopls: subcommands, then each one's arguments.
function M.complete(arglead, cmdline)
  local words = vim.split(vim.trim(cmdline:gsub('^%S*Loopls%s*', '')), '%s+', { trimempty = true })
  local done = #words - (arglead ~= '' and 1 or 0)
  if done == 0 then
    return filter(names(), arglead)
  end
  local sub = M.sub[words[1]]
  if done == 1 and sub and sub.complete then
    return filter(sub.complete(arglead), arglead)
  end
  return {}
end

local function dispatch(cmd)
  if not loopls().ensure_setup() then
    return
  end
  local args = cmd.fargs
  if #args == 0 then
    loopls().open()
    return
  end
  local sub = M.sub[args[1]]
  if not sub then
    vim.notify('loopls: unknown subcommand ' .. args[1] .. ' (one of: ' .. table.concat(names(), ', ') .. ')', vim.log.levels.ERROR)
    return
  end
  sub.run(vim.list_slice(args, 2), cmd)
end

local function on(name)
  return function(cmd)
    if not loopls().ensure_setup() then
      return
    end
    M.sub[name].run(cmd.fargs, cmd)
  end
end

--- Defines every command (again: definitions replace each other).
function M.define()
  local cmd = vim.api.nvim_create_user_command
  cmd('Loopls', dispatch, { nargs = '*', range = true, complete = M.complete, desc = 'loopls: open the chat, or a subcommand' })
  cmd('LooplsRun', function(c)
    if loopls().ensure_setup() then
      loopls().run(c.args)
    end
  end, { nargs = '+', desc = 'loopls: run the agent on a prompt (in the chat)' })
  cmd('LooplsFix', on('fix'), { nargs = '*', range = true, desc = 'loopls: fix the lines of the range' })
  cmd('LooplsAdd', on('add'), { nargs = '?', range = true, complete = 'file', desc = 'loopls: attach a range or a file as context' })
cmd('LooplsReview', on('review'), { nargs = '?', desc = "loopls: review everything a run changed: keep or undo each hunk, file, or all" })
    cmd('LooplsDiff', on('diff'), { nargs = '?', complete = M.sub.diff.complete, desc = "loopls: diff the last run's edits" })
  cmd('LooplsCancel', on('cancel'), { nargs = '?', desc = 'loopls: cancel the running run' })
  cmd('LooplsUndo', on('undo'), { nargs = '?', desc = "loopls: undo the last run's edits" })
end

--- On a Neovim loopls cannot run on, every command says why.
function M.define_unsupported(msg)
  for _, name in ipairs({ 'Loopls', 'LooplsRun', 'LooplsFix', 'LooplsAdd', 'LooplsDiff', 'LooplsCancel', 'LooplsUndo' }) do
    vim.api.nvim_create_user_command(name, function()
      vim.notify(msg, vim.log.levels.ERROR)
    end, { nargs = '*', range = true })
  end
end

return M

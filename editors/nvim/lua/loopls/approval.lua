-- loopls/approve in words: the question and its choices as vim.ui.select
-- shows them (init.lua asks). Pure: no I/O.
local M = {}

local kind_order = { allow_once = 1, allow_always = 2, reject_once = 3, reject_always = 4 }

--- What a tool call is about: the command line, the path, the pattern.
local function about(tc)
  local args = type(tc.arguments) == 'table' and tc.arguments or {}
  for _, k in ipairs({ 'command', 'path', 'pattern', 'url', 'query' }) do
    if type(args[k]) == 'string' and args[k] ~= '' then
      return args[k]
    end
  end
  return nil
end

--- The question: the tool and what it is about, the program asked for when it
--- is one part of a longer command line, and why it is asked for.
function M.question(p)
  p = type(p) == 'table' and p or {}
  local tc = type(p.toolCall) == 'table' and p.toolCall or {}
  local name = type(tc.name) == 'string' and tc.name or 'a tool'
  local what = about(tc)
  local q
  if name == 'run_command' and what then
    q = string.format('loopls wants to run `%s`', what)
    local un = type(p.unapproved) == 'table' and p.unapproved or {}
    if #un == 1 and type(un[1]) == 'string' and un[1] ~= what then
      q = q .. string.format(', and asks for `%s` in it', un[1])
    end
  elseif what then
    q = string.format('loopls wants to use %s on %s', name, what)
  else
    q = string.format('loopls wants to use %s', name)
  end
  local reasons = {}
  for _, r in ipairs(type(p.reasons) == 'table' and p.reasons or {}) do
    if type(r) == 'string' and r ~= '' then
      table.insert(reasons, r)
    end
  end
  if #reasons > 0 then
    q = q .. ' (asked because ' .. table.concat(reasons, '; ') .. ')'
  end
  return q
end

--- What an "always" answer covers (docs/security.md: the exact program line,
--- for the workspace's life).
local function scope(tc)
  local name = type(tc.name) == 'string' and tc.name or nil
  if name == 'run_command' then
    return 'this exact command line'
  end
  return name and (name .. ' with these arguments') or 'this call'
end

local words = {
  allow_once = function()
    return 'Allow, this time only'
  end,
  allow_always = function(tc)
    return string.format('Always allow %s in this workspace, without asking again', scope(tc))
  end,
  reject_once = function()
    return 'Refuse, this time only (the model is told)'
  end,
  reject_always = function(tc)
    return string.format('Always refuse %s in this workspace, without asking again', scope(tc))
  end,
}

--- The choices, allow first in ACP's kind order, each with its words:
--- { option = <the server's option>, label = string }.
function M.choices(p)
  p = type(p) == 'table' and p or {}
  local tc = type(p.toolCall) == 'table' and p.toolCall or {}
  local options = {}
  for _, o in ipairs(type(p.options) == 'table' and p.options or {}) do
    if type(o) == 'table' then
      table.insert(options, o)
    end
  end
  table.sort(options, function(a, b)
    return (kind_order[a.kind] or 9) < (kind_order[b.kind] or 9)
  end)
  local out = {}
  for _, o in ipairs(options) do
    local w = words[o.kind]
    table.insert(out, { option = o, label = w and w(tc) or tostring(o.name or o.optionId) })
  end
  return out
end

return M

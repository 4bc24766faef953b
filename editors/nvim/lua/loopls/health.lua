-- :checkhealth loopls — the binary, its version, the daemon, the config
-- files in use, Ollama, and the model.
local M = {}

local health = vim.health

-- Ollama's address as the daemon resolves it: the setting, else $OLLAMA_HOST,
-- else Ollama's default. Accepts "host", "host:port" and "http://host:port".
function M.ollama_address(setting)
  local raw = setting
  if raw == nil or raw == '' then
    raw = os.getenv('OLLAMA_HOST')
  end
  if raw == nil or raw == '' then
    raw = '127.0.0.1:11434'
  end
  local s = raw:gsub('^https?://', ''):gsub('/.*$', '')
  local host, port = s:match('^%[(.+)%]:(%d+)$')
  if not host then
    host, port = s:match('^([^:]+):(%d+)$')
  end
  if not host then
    host, port = s, '11434'
  end
  if host == '' or host == '0.0.0.0' then
    host = '127.0.0.1'
  end
  return host, tonumber(port), raw
end

-- A plain HTTP/1.0 GET over libuv TCP, so the check needs no curl.
-- Returns status, body or nil, error.
function M.http_get(host, port, path, timeout_ms)
  local uv = vim.uv or vim.loop
  local addr = host
  if not addr:match('^%d+%.%d+%.%d+%.%d+$') and not addr:find(':') then
    local res = uv.getaddrinfo(host, nil, { family = 'inet', socktype = 'stream' })
    if not res or not res[1] then
      return nil, 'cannot resolve ' .. host
    end
    addr = res[1].addr
  end
  local tcp = uv.new_tcp()
  local chunks, done, err = {}, false, nil
  tcp:connect(addr, port, function(cerr)
    if cerr then
      err, done = cerr, true
      return
    end
    tcp:write(string.format('GET %s HTTP/1.0\r\nHost: %s:%d\r\nConnection: close\r\n\r\n', path, host, port))
    tcp:read_start(function(rerr, data)
      if rerr then
        err, done = rerr, true
      elseif data then
        table.insert(chunks, data)
      else
        done = true
      end
    end)
  end)
  local ok = vim.wait(timeout_ms or 3000, function()
    return done
  end, 20)
  if not tcp:is_closing() then
    tcp:close()
  end
  if not ok then
    return nil, 'timed out'
  end
  if err then
    return nil, err
  end
  local resp = table.concat(chunks)
  local status = tonumber(resp:match('^HTTP/%d%.%d (%d+)'))
  local body = resp:match('\r\n\r\n(.*)$') or ''
  return status, body
end

-- "ollama:tiny" → "tiny"; nil for another provider. A bare name is Ollama's.
function M.ollama_model(model)
  if model == nil or model == '' then
    return nil
  end
  local provider, name = model:match('^(%w+):(.+)$')
  if provider == 'ollama' then
    return name
  end
  if provider == 'openai' or provider == 'anthropic' then
    return nil
  end
  return model
end

local function has_model(tags, name)
  local want = name:find(':') and name or (name .. ':latest')
  for _, m in ipairs((tags and tags.models) or {}) do
    if m.name == name or m.name == want or m.model == name or m.model == want then
      return true
    end
  end
  return false
end

-- The configuration files loopls reads (docs/config.md), lowest first:
-- { { kind, path } }.
function M.config_files(root)
  local xdg = os.getenv('XDG_CONFIG_HOME')
  if xdg == nil or xdg == '' then
    xdg = vim.fn.expand('~/.config')
  end
  return {
    { kind = 'user', path = xdg .. '/loopls/config.json' },
    { kind = 'project', path = (root or vim.fn.getcwd()) .. '/.loopls.json' },
  }
end

-- What a config file holds: 'absent', 'ok' with its keys, or 'bad' with the error.
function M.read_config(path)
  if vim.fn.filereadable(path) ~= 1 then
    return 'absent'
  end
  local text = table.concat(vim.fn.readfile(path), '\n')
  local ok, v = pcall(vim.json.decode, text)
  if not ok or type(v) ~= 'table' or #v > 0 then
    return 'bad', ok and 'not a JSON object' or tostring(v)
  end
  local keys = vim.tbl_keys(v)
  table.sort(keys)
  return 'ok', keys
end

local function check_daemon_and_config()
  local clients = vim.lsp.get_clients({ name = 'loopls' })
  local root
  if #clients == 0 then
    health.info('no loopls daemon running in this Neovim yet (it starts with the first file buffer or :Loopls)')
  else
    for _, c in ipairs(clients) do
      root = root or c.config.root_dir
      local info = c.server_info or {}
      health.ok(string.format('daemon running: %s %s, root %s', info.name or 'loopls', info.version or '', tostring(c.config.root_dir)))
    end
  end
  for _, f in ipairs(M.config_files(root)) do
    local state, detail = M.read_config(f.path)
    if state == 'absent' then
      health.info(string.format('%s config: %s (not present)', f.kind, f.path))
    elseif state == 'ok' then
      health.ok(string.format('%s config in use: %s (keys: %s)', f.kind, f.path, table.concat(detail, ', ')))
    else
      health.warn(string.format('%s config %s is not a JSON object: %s', f.kind, f.path, detail), {
        'loopls ignores what it cannot read there and says so in its log; see docs/config.md',
      })
    end
  end
end

-- Where the binary at exe came from: the loopls.source line the installer
-- (scripts/install-binary.sh, .ps1) wrote beside it, else what its place says.
function M.binary_source(exe)
  local dir = vim.fn.fnamemodify(exe, ':h')
  local f = dir .. '/loopls.source'
  if vim.fn.filereadable(f) == 1 then
    local line = vim.fn.readfile(f, '', 1)[1]
    if line and line ~= '' then
      return line .. ' (' .. f .. ')'
    end
  end
  return string.format('not by install-binary.sh (no loopls.source beside it): go install, a package manager or a build of your own in %s', dir)
end

function M.check()
  local loopls = require('loopls')
  health.start('loopls')
  if not loopls.supported() then
    health.error(loopls.unsupported_message())
    return
  end
  local opts = loopls.options
  if not opts then
    health.warn('require("loopls").setup() has not been called; checking the defaults')
    opts = loopls.defaults
  else
    health.ok('setup() called')
  end

  local cmd = opts.cmd or { 'loopls', 'serve' }
  local bin = cmd[1]
  if vim.fn.executable(bin) ~= 1 then
    health.error(string.format('loopls binary not found: %q', bin), {
      'sh editors/nvim/scripts/install-binary.sh in the plugin\'s folder (a release binary, else a build with Go)',
      'or go install github.com/loopls/loopls/cmd/loopls@latest',
      'or set cmd = { "/path/to/loopls", "serve" } in setup()',
    })
  else
    local exe = vim.fn.exepath(bin)
    health.ok(string.format('loopls binary found: %s', exe))
    local r = vim.system({ bin, 'version' }, { text = true }):wait(5000)
    if r.code == 0 and r.stdout and r.stdout ~= '' then
      health.ok('version: ' .. vim.trim(r.stdout))
    else
      health.warn(string.format('`%s version` failed (exit %s): %s', bin, tostring(r.code), vim.trim(r.stderr or '')))
    end
    health.info('installed: ' .. M.binary_source(exe))
  end

  check_daemon_and_config()

  local model = opts.model
  if (model == nil or model == '') and os.getenv('LOOPLS_MODEL') then
    model = os.getenv('LOOPLS_MODEL')
  end
  local name = M.ollama_model(model)
  if model and model ~= '' and not name then
    health.info(string.format('model %s is not an Ollama model; skipping the Ollama checks', model))
    return
  end
  local host, port, raw = M.ollama_address(opts.ollama_host)
  local status, body = M.http_get(host, port, '/api/tags', 3000)
  if status ~= 200 then
    health.error(string.format('Ollama not reachable at %s (%s)', raw, tostring(status and ('HTTP ' .. status) or body)), {
      'start it: ollama serve',
      'or set ollama_host in setup() / $OLLAMA_HOST',
    })
    return
  end
  health.ok(string.format('Ollama reachable at %s', raw))
  local okj, tags = pcall(vim.json.decode, body)
  if not okj then
    health.warn('Ollama answered /api/tags with something that is not JSON')
    return
  end
  if not name then
    local n = #((tags and tags.models) or {})
    if n == 0 then
      health.error('no model pulled and none configured', { 'ollama pull qwen2.5-coder' })
    else
      health.ok(string.format('no model configured: loopls picks the first tool-capable one of %d pulled', n))
    end
    return
  end
  if has_model(tags, name) then
    health.ok(string.format('model %s is pulled', name))
  else
    health.error(string.format('model %s is not pulled', name), { 'ollama pull ' .. name })
  end
end

return M

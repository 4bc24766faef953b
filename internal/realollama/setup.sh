#!/usr/bin/env bash
# Prepares the real Ollama server that `make test-real` runs loopls against.
#
#   internal/realollama/setup.sh [OUT]
#
# OUT (default ${XDG_CACHE_HOME:-$HOME/.cache}/loopls-real-ollama) receives:
#   bin/ollama   the server, CPU only, built from its Go module with `go install`
#   model/       tiny.gguf and the two Modelfiles, from ./tinymodel
#   models/      the server's model store, holding tiny and tiny-think
#   home/        the server's $HOME (it keeps a key pair there)
#   serve.sh     `serve.sh PORT` runs the server in the foreground on 127.0.0.1:PORT
#
# The slow part is the build (about ten minutes of cgo on two cores). It
# happens once: a binary in OUT/bin that reports the wanted version is kept.
#
# Environment:
#   OLLAMA_VERSION  module version to build (v0.17.4)
#   OLLAMA_BIN      use this binary of that version instead of building one
#   FORCE_BUILD=1   build even when OUT/bin/ollama is fine
#
# Needs go, gcc/g++ (C++17) and curl. llama.cpp's vendored headers are not in
# the module zip: nlohmann/json and stb come from Debian (installed here when
# running as root), miniaudio from the stand-in in ./include. Nothing else is
# fetched: no weights, no prebuilt binaries. See docs/real-ollama.md.
set -eEuo pipefail
# A failing step names itself: the command, the file and the line, never a silent exit.
trap 'printf "[setup.sh] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/loopls-real-ollama}
version=${OLLAMA_VERSION:-v0.17.4}
mkdir -p "$out/bin" "$out/model" "$out/models" "$out/home"
out=$(cd "$out" && pwd)
bin=$out/bin/ollama

say() { echo "setup.sh [$(date +%T)] $*" >&2; }
die() { say "$*"; exit 1; }

for cmd in go curl; do command -v "$cmd" >/dev/null || die "needs $cmd"; done

# One set-up at a time per OUT: a second waits for the first.
if command -v flock >/dev/null; then
  exec 9>"$out/.setup.lock"
  flock 9
fi

# `ollama --version` also asks a server; port 1 makes it answer at once.
reports_version() {
  OLLAMA_HOST=127.0.0.1:1 "$1" --version 2>&1 | grep -q "version is ${version#v}\$"
}

headers_present() {
  printf '#include <nlohmann/json.hpp>\n#include "stb/stb_image.h"\n' |
    g++ -std=c++17 -fsyntax-only -x c++ - 2>/dev/null
}

build_server() {
  for cmd in gcc g++; do command -v "$cmd" >/dev/null || die "needs $cmd to build the server"; done
  if ! headers_present && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing the Debian packages nlohmann-json3-dev and libstb-dev"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q nlohmann-json3-dev libstb-dev >/dev/null 2>&1 ||
      { apt-get update -q >/dev/null && apt-get install -y -q nlohmann-json3-dev libstb-dev >/dev/null; }
  fi
  headers_present || die "needs nlohmann/json.hpp and stb/stb_image.h: apt-get install nlohmann-json3-dev libstb-dev"

  say "building github.com/ollama/ollama@$version (about ten minutes the first time)"
  local t0 work
  t0=$(date +%s)
  work=$(mktemp -d)
  # Outside this module, so `go install pkg@version` resolves on its own.
  (cd "$work" && GOWORK=off GOFLAGS= GOBIN="$work" CGO_ENABLED=1 \
    CGO_CPPFLAGS="-I$here/include ${CGO_CPPFLAGS:-}" \
    go install -trimpath -ldflags "-s -w -X github.com/ollama/ollama/version.Version=${version#v}" \
    "github.com/ollama/ollama@$version")
  mv "$work/ollama" "$bin.new" && mv "$bin.new" "$bin"
  rm -rf "$work"
  say "built $bin in $(($(date +%s) - t0))s"
}

# 1. The server binary.
if [ -n "${OLLAMA_BIN:-}" ]; then
  [ -x "$OLLAMA_BIN" ] || die "OLLAMA_BIN=$OLLAMA_BIN is not executable"
  reports_version "$OLLAMA_BIN" || die "OLLAMA_BIN=$OLLAMA_BIN is not Ollama ${version#v}"
  if [ "$(realpath "$OLLAMA_BIN")" != "$(realpath -m "$bin")" ]; then
    cp "$OLLAMA_BIN" "$bin.new" && mv "$bin.new" "$bin"
  fi
  say "using $OLLAMA_BIN"
elif [ -z "${FORCE_BUILD:-}" ] && [ -x "$bin" ] && reports_version "$bin"; then
  say "keeping $bin"
else
  build_server
fi

# 2. The model and its Modelfiles.
(cd "$repo" && go run ./internal/realollama/tinymodel -dir "$out/model")

# 3. The one way to start the server: only loopback, its own store and home.
cat >"$out/serve.sh" <<EOF
#!/usr/bin/env bash
# serve.sh PORT: the real Ollama on 127.0.0.1:PORT, in the foreground (written by setup.sh).
# Other OLLAMA_* variables pass through (OLLAMA_DEBUG, OLLAMA_CONTEXT_LENGTH, ...).
port=\${1:?usage: serve.sh PORT}
export HOME="$out/home" OLLAMA_MODELS="$out/models" OLLAMA_HOST="127.0.0.1:\$port"
export OLLAMA_NO_CLOUD=1 OLLAMA_KEEP_ALIVE=\${OLLAMA_KEEP_ALIVE:-5m}
exec "$bin" serve
EOF
chmod +x "$out/serve.sh"

# 4. Register the models, unless exactly these files are registered already:
#    re-creating a model under a server that another test is using would
#    pull its blobs away mid-request.
stamp=$(cd "$out/model" && cat tiny.gguf Modelfile.tiny Modelfile.tiny-think | sha256sum | cut -c1-64)
registered() {
  [ "$(cat "$out/model/.registered" 2>/dev/null)" = "$stamp" ] &&
    [ -f "$out/models/manifests/registry.ollama.ai/library/tiny/latest" ] &&
    [ -f "$out/models/manifests/registry.ollama.ai/library/tiny-think/latest" ]
}

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
  echo $((30000 + RANDOM % 20000)))
"$out/serve.sh" "$port" >"$out/setup-serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
api=http://127.0.0.1:$port
for _ in $(seq 100); do
  curl -fs "$api/api/version" >/dev/null && break
  kill -0 "$server" 2>/dev/null || die "the server exited, see $out/setup-serve.log"
  sleep 0.2
done
curl -fs "$api/api/version" >/dev/null || die "the server did not answer, see $out/setup-serve.log"

if registered; then
  say "tiny and tiny-think are up to date"
else
  for name in tiny tiny-think; do
    (cd "$out/model" && HOME="$out/home" OLLAMA_HOST=127.0.0.1:$port "$bin" create "$name" -f "Modelfile.$name" \
      >"$out/setup-create.log" 2>&1) || { cat "$out/setup-create.log" >&2; die "ollama create $name failed"; }
  done
  echo "$stamp" >"$out/model/.registered"
  say "registered tiny and tiny-think"
fi

# 5. Check that the server really answers from the script: a greeting, a
#    read_file call parsed by Ollama's own tool-call parser, and a call
#    written as text that Ollama passes through as content (the reply the
#    text-call tests need, so models registered without it cannot pass).
expect() { # expect WHAT BODY NEEDLE
  local got
  got=$(curl -fs "$api/api/chat" -d "$2") || die "$1: the request failed"
  case "$got" in *"$3"*) ;; *) die "$1: unexpected answer $got" ;; esac
}
expect greeting '{"model":"tiny","stream":false,"messages":[{"role":"user","content":"hello"}]}' \
  '"content":"Hello from the tiny test model."'
expect "tool call" '{"model":"tiny","stream":false,"messages":[{"role":"user","content":"read the README"}],
  "tools":[{"type":"function","function":{"name":"read_file","parameters":{"type":"object","properties":{"path":{"type":"string"}}}}}]}' \
  '"name":"read_file","arguments":{"path":"README.md"}'
expect "a call written as text" '{"model":"tiny","stream":false,"messages":[{"role":"user","content":"tagged call"}],
  "tools":[{"type":"function","function":{"name":"list_dir","parameters":{"type":"object","properties":{"path":{"type":"string"}}}}}]}' \
  '"content":"\u003ctool_call\u003e\n{\"name\": \"list_dir\"'
expect thinking '{"model":"tiny-think","stream":false,"messages":[{"role":"user","content":"why"}]}' \
  '"thinking":"Let me think briefly."'
say "ready: $out/serve.sh PORT serves tiny and tiny-think"

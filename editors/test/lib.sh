# Shared by the editor harnesses: the loopls binary, the scripted Ollama
# server, a fresh workspace, and cleanup. Source it; it sets:
#   repo        the repository root
#   work        a temp dir removed on exit (XDG_* and TMPDIR point into it)
#   LOOPLS_BIN  the loopls binary (built into $work when not given)
#   LOOPLS_OLLAMA  host:port of the scripted Ollama server (after start_fakeollama)
set -eEuo pipefail
# A failing step names itself (the command, the file and the line); the harness that
# sources this file is named by ${harness}.
trap 'printf "[%s] FAILED (exit %s) at %s:%s: %s\n" "${harness:-editors}" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
clients_home=${LOOPLS_CLIENTS_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/loopls-clients}
work=$(mktemp -d "${TMPDIR:-/tmp}/loopls-editors.XXXXXX")
artifacts=${LOOPLS_EDITORS_ARTIFACTS:-${TMPDIR:-/tmp}/loopls-editors-artifacts}
mkdir -p "$artifacts"
fake_pid=
cleanup() {
  if [ -n "$fake_pid" ]; then kill "$fake_pid" 2>/dev/null || true; wait "$fake_pid" 2>/dev/null || true; fi
  for f in ${extra_cleanup:-}; do "$f" || true; done
  rm -rf "$work"
}
trap cleanup EXIT
# Go keeps its build cache (it would follow XDG_CACHE_HOME into $work and
# rebuild everything).
GOCACHE=$(go env GOCACHE); export GOCACHE
# Nothing lands in ~ or /tmp: editors, loopls's store and logs all live in $work.
export XDG_STATE_HOME=$work/state XDG_CACHE_HOME=$work/cache XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config
mkdir -p "$work/tmp" "$XDG_STATE_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
export TMPDIR=$work/tmp

log() { printf '[%s %s] %s\n' "${harness:-editors}" "$(date +%H:%M:%S)" "$*" >&2; }

# Waits (polling, with a deadline in seconds) until the command succeeds.
wait_until() {
  local deadline=$(( $(date +%s) + $1 )); shift
  until "$@"; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}

build_loopls() {
  if [ -z "${LOOPLS_BIN:-}" ]; then
    LOOPLS_BIN=$work/bin/loopls
    log "building loopls"
    (cd "$repo" && go build -o "$LOOPLS_BIN" ./cmd/loopls)
  fi
  LOOPLS_BIN=$(realpath "$LOOPLS_BIN")
  export LOOPLS_BIN
}

# Starts internal/fakeollama; its first stdout line is host:port. It stops on
# stdin EOF too, so it never outlives this script.
start_fakeollama() {
  local fake=$work/bin/fakeollama
  (cd "$repo" && go build -o "$fake" ./internal/fakeollama/cmd/fakeollama)
  mkfifo "$work/fake.stdin"
  "$fake" < "$work/fake.stdin" > "$work/fake.out" 2> "$work/fake.err" &
  fake_pid=$!
  exec 9> "$work/fake.stdin"   # held open until this shell exits
  has_addr() { [ -s "$work/fake.out" ] && head -1 "$work/fake.out" | grep -q ':'; }
  wait_until 30 has_addr || { cat "$work/fake.err" >&2; log "fakeollama printed no address"; return 1; }
  LOOPLS_OLLAMA=$(head -1 "$work/fake.out" | tr -d '\r\n')
  export LOOPLS_OLLAMA
  log "fakeollama at $LOOPLS_OLLAMA"
}

# A workspace with hello.txt ("hello") and a README.
make_workspace() {
  local ws=$1
  mkdir -p "$ws"
  printf 'hello\n' > "$ws/hello.txt"
  printf '# demo\n\nA workspace for the editor tests.\n' > "$ws/README.md"
  (cd "$ws" && git init -q . 2>/dev/null || true)
}

# A stand-in `ollama` command line (not the server) in DIR: it appends its
# arguments to LOG and waits on its input, as `ollama serve` would run in a
# terminal. The VS Code panel's Start Ollama / Pull run it as the terminal's
# own process; the LOG shows what it was started with.
make_fake_ollama_cli() {
  local dir=$1 logf=$2
  mkdir -p "$dir"
  printf '#!/bin/sh\nprintf "%%s\\n" "$*" >> "%s"\necho "fake ollama: $*"\nexec cat > /dev/null\n' "$logf" > "$dir/ollama"
  chmod +x "$dir/ollama"
}

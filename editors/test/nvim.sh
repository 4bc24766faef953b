#!/usr/bin/env bash
# Headless Neovim tests of editors/nvim against the real loopls binary and the
# scripted Ollama server:
#   - Neovim 0.10 ($NVIM, default the trixie build in the clients home) and the
#     newest Debian has ($NVIM_NEWEST, default forky's: 0.12): unit.lua, e2e.lua,
#     diagnostics.lua, notice.lua, minimal.lua, kept.lua, runreview.lua, unsaved.lua
#   - editors/nvim/scripts/install-binary.sh: nvim-install.sh (a local HTTP server)
#   - Neovim 0.7.2 ($NVIM_OLD, default /usr/bin/nvim when it is 0.7): old.lua
# Env: LOOPLS_BIN (default: built from this checkout), LOOPLS_CLIENTS_HOME,
#      LOOPLS_NVIM_ONLY=e2e|unit|diagnostics|notice|minimal|kept|runreview|unsaved (that script alone, on
#      each Neovim, while working on it; `make test-editors` runs all).
# Prints PASS/FAIL lines and "N passed, N failed"; exits non-zero on any failure.
harness=nvim
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
nvim_new=${NVIM:-$clients_home/nvim-trixie/nvim}
nvim_newest=${NVIM_NEWEST:-$clients_home/nvim-forky/nvim}
nvim_old=${NVIM_OLD:-/usr/bin/nvim}
plugin=$repo/editors/nvim

build_loopls
start_fakeollama
total_pass=0 total_fail=0
count() { # adds the "N passed, N failed" line of $1 to the totals
  local line; line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -1 || true)
  if [ -z "$line" ]; then total_fail=$((total_fail + 1)); echo "FAIL $2: no result line" >&2; return; fi
  total_pass=$((total_pass + $(echo "$line" | cut -d' ' -f1)))
  total_fail=$((total_fail + $(echo "$line" | cut -d' ' -f3)))
}

run_nvim() { # NVIM SCRIPT LOG [env...]
  local nv=$1 script=$2 out=$3; shift 3
  local rc=0
  (cd "$work" && env "$@" timeout 180 "$nv" --headless -u NONE -i NONE -n \
    --cmd "set rtp^=$plugin" -c "luafile $plugin/test/$script") 2> "$out" || rc=$?
  cat "$out" >&2
  return $rc
}

# Each supported Neovim: 0.10 (trixie) and the newest (forky, 0.12 today).
for nv in "$nvim_new" "$nvim_newest"; do
  if [ ! -x "$nv" ]; then
    echo "FAIL Neovim not found at $nv (editors/ci-install.sh installs it)" >&2
    total_fail=$((total_fail + 1))
    continue
  fi
  ver=$("$nv" --version | head -1 | awk '{print $2}')
  for script in unit e2e diagnostics notice minimal kept runreview unsaved; do
    [ -z "${LOOPLS_NVIM_ONLY:-}" ] || [ "$LOOPLS_NVIM_ONLY" = "$script" ] || continue
    sws=$work/ws-$script-$ver; make_workspace "$sws"
    log "$ver: $script.lua"
    run_nvim "$nv" "$script.lua" "$work/$script-$ver.log" LOOPLS_WS="$sws" || true
    count "$work/$script-$ver.log" "nvim $ver $script"
  done
  cp "$work/e2e-$ver.log" "$artifacts/nvim-e2e-$ver.log" 2>/dev/null || true
  cp "$XDG_STATE_HOME/nvim/lsp.log" "$artifacts/nvim-lsp-$ver.log" 2>/dev/null || true
done

if [ -n "${LOOPLS_NVIM_ONLY:-}" ]; then
  log "LOOPLS_NVIM_ONLY=$LOOPLS_NVIM_ONLY: the rest skipped"
  echo "nvim: $total_pass passed, $total_fail failed"
  [ "$total_fail" -eq 0 ]
  exit
fi

# editors/nvim/scripts/install-binary.sh, offline (a local HTTP server).
log "install-binary.sh"
bash "$repo/editors/test/nvim-install.sh" 2> "$work/install.log" || true
cat "$work/install.log" >&2
count "$work/install.log" "nvim install-binary.sh"

if [ -x "$nvim_old" ] && "$nvim_old" --version | head -1 | grep -q 'v0\.[0-9]\.'; then
  log "$("$nvim_old" --version | head -1): old.lua"
  run_nvim "$nvim_old" old.lua "$work/old.log" || true
  count "$work/old.log" "nvim old"
else
  echo "FAIL no Neovim < 0.10 at $nvim_old to check the unsupported-version message (apt-get install neovim on Debian 12)" >&2
  total_fail=$((total_fail + 1))
fi

echo "nvim: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]

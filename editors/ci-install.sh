#!/usr/bin/env bash
# Installs what `make test-editors` and `make test-editors-unit` need on a
# fresh Debian 12 machine (root; Debian's archive and the npm registry
# reachable; node 20 with its headers, as the machine image has):
#   apt: neovim (0.7.2, for the unsupported-version check), chromium, unzip (vsix.sh), and the
#        build tools code-server's native modules need;
#        emacs-nox 30 from bookworm-backports (built-in Eglot with eglot-execute), the
#        backports source added for the install and removed again;
#   npm ci in editors/vscode (extension + build tools) and editors/test (playwright-core);
#   Neovim 0.10.4 from trixie  -> $LOOPLS_CLIENTS_HOME/nvim-trixie/nvim
#   Neovim 0.12 from forky     -> $LOOPLS_CLIENTS_HOME/nvim-forky/nvim
#   code-server 4.100.3        -> $LOOPLS_CLIENTS_HOME/code-server
# ($LOOPLS_CLIENTS_HOME defaults to ${XDG_CACHE_HOME:-$HOME/.cache}/loopls-clients;
# steps whose result is already there are skipped, so a kept machine pays once.)
# Takes 3-6 minutes the first time, mostly code-server.
set -eEuo pipefail
# A failing step names itself: the command, the file and the line, never a silent exit.
trap 'printf "[ci-install] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
editors=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
home=${LOOPLS_CLIENTS_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/loopls-clients}
mkdir -p "$home"
export DEBIAN_FRONTEND=noninteractive npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
log() { printf '[ci-install %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

missing=()
for p in neovim chromium build-essential python3 pkg-config libkrb5-dev ripgrep curl git unzip; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  apt-get update > /dev/null
  apt-get install -y --no-install-recommends "${missing[@]}" > /dev/null
fi

# Emacs 30: Debian 12's own 28.2 has no eglot-execute, so the backports build.
if ! command -v emacs > /dev/null || ! emacs --batch -Q --eval "(progn (require 'eglot) (kill-emacs (if (fboundp 'eglot-execute) 0 1)))" 2> /dev/null; then
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  # The archive apt already uses, from its sources (one-line or deb822 format).
  # Only the source files that exist are read: a machine with just deb822 sources has no
  # sources.list, and grep's "no such file" (exit 2) must not end the script under pipefail.
  srcfiles=()
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && srcfiles+=("$f")
  done
  mirror=""
  if [ ${#srcfiles[@]} -gt 0 ]; then
    mirror=$(cat "${srcfiles[@]}" | { grep -E '^(deb |URIs:)' || true; } \
      | { grep -v security || true; } | sed -E 's/^deb (\[[^]]*\] )?//; s/^URIs: //' | awk 'NR==1{print $1}')
  fi
  [ -n "$codename" ] && [ -n "$mirror" ] || { log "no Debian codename or mirror for the backports source"; exit 1; }
  src=/etc/apt/sources.list.d/loopls-backports.list
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${mirror%/} $codename-backports main" > "$src"
  log "apt-get install -t $codename-backports emacs-nox"
  rc=0
  { apt-get update > /dev/null && apt-get install -y --no-install-recommends -t "$codename-backports" emacs-nox > /dev/null; } || rc=$?
  rm -f "$src"
  apt-get update > /dev/null || true
  [ "$rc" -eq 0 ] || { log "emacs-nox from $codename-backports failed"; exit 1; }
fi

for d in vscode test; do
  # A copy of the lock file installed last marks node_modules as current.
  if cmp -s "$editors/$d/package-lock.json" "$editors/$d/node_modules/.loopls-installed-lock"; then
    log "editors/$d: node_modules up to date"
  else
    log "npm ci in editors/$d"
    (cd "$editors/$d" && npm ci > /dev/null && cp package-lock.json node_modules/.loopls-installed-lock)
  fi
done

log "Neovim: $(bash "$editors/test/install-nvim.sh" "$home/nvim-trixie" trixie)"
log "Neovim: $(bash "$editors/test/install-nvim.sh" "$home/nvim-forky" forky)"
log "code-server into $home/code-server (minutes the first time; log in $home/install-code-server.log)"
if ! bash "$editors/test/install-code-server.sh" "$home/code-server" > "$home/install-code-server.log" 2>&1; then
  tail -30 "$home/install-code-server.log" >&2
  log "code-server install failed"
  exit 1
fi
log "$(tail -1 "$home/install-code-server.log")"
log done

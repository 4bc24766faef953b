#!/usr/bin/env bash
# VS Code end-to-end test of editors/vscode: code-server (VS Code 1.100.3)
# with the packaged .vsix installed, driven through Chromium by
# vscode-drive.js, against the real loopls binary and the scripted Ollama server.
# Env: LOOPLS_BIN (default: built from this checkout), VSIX (default
#      dist/loopls-<this platform>.vsix, from make vsix), CS_PREFIX (default the clients home's
#      code-server), CHROMIUM (default /usr/bin/chromium),
#      LOOPLS_EDITORS_ARTIFACTS (screenshots and logs; default $TMPDIR/loopls-editors-artifacts),
#      LOOPLS_VSCODE_ONLY=panel|sessions|diagnostics|answer|kept|unsaved|order|runreview|firstrun (those checks alone, while working on them),
#      LOOPLS_VSCODE_THEME (workbench.colorTheme, e.g. "Default Dark Modern"; capture-vscode.sh sets it).
# Prints PASS/FAIL lines and "N passed, N failed"; exits non-zero on any failure.
harness=vscode
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
here=$repo/editors/test
cs_prefix=${CS_PREFIX:-$clients_home/code-server}
cs=$cs_prefix/node_modules/code-server/out/node/entry.js
host=$(uname -s | sed 's/Linux/linux/; s/Darwin/darwin/')-$(uname -m | sed 's/x86_64/x64/; s/aarch64/arm64/')
vsix=$(realpath -m "${VSIX:-$repo/dist/loopls-$host.vsix}")
fail_setup() { echo "FAIL $*" >&2; echo "vscode: 0 passed, 1 failed"; exit 1; }
[ -f "$cs" ] || fail_setup "code-server not found under $cs_prefix (editors/ci-install.sh installs it)"
[ -f "$vsix" ] || fail_setup "$vsix not found (make vsix VSIX_TARGETS=$host)"
[ -d "$here/node_modules/playwright-core" ] || fail_setup "playwright-core not installed (npm ci in editors/test)"

build_loopls
start_fakeollama
out=$artifacts/vscode
rm -rf "$out"; mkdir -p "$out"
ws=$work/ws; make_workspace "$ws"
user=$work/user
mkdir -p "$user/User" "$user/Machine" "$work/ext"
# code-server is a remote window: the machine-scoped settings (path, model,
# ollamaHost, allowedCommands, mode) are read from its Machine settings.
printf '{"loopls.path": "%s", "loopls.ollamaHost": "%s", "loopls.model": "ollama:tiny"}\n' "$LOOPLS_BIN" "$LOOPLS_OLLAMA" > "$user/Machine/settings.json"
LOOPLS_VSCODE_THEME=${LOOPLS_VSCODE_THEME:-} python3 - "$user/User/settings.json" <<PY
import json, os, sys
theme = os.environ["LOOPLS_VSCODE_THEME"]
json.dump({
  **({"workbench.colorTheme": theme} if theme else {}),
  "loopls.trace.server": "verbose",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": False,
  "security.workspace.trust.enabled": False,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": False,
  "extensions.autoUpdate": False,
  "workbench.enableExperiments": False,
  "chat.commandCenter.enabled": False,
  "editor.lightbulb.enabled": "on",
  "files.autoSave": "off",
}, open(sys.argv[1], "w"), indent=2)
PY
csargs=(--config "$work/config.yaml" --user-data-dir "$user" --extensions-dir "$work/ext")
log "installing $vsix"
node "$cs" "${csargs[@]}" --install-extension "$vsix" > "$out/install.log" 2>&1 || { cat "$out/install.log" >&2; fail_setup "code-server --install-extension failed"; }
# shellcheck source=codeserver.sh
. "$here/codeserver.sh"

# `ollama` on PATH is a stand-in that logs how it was started (lib.sh).
make_fake_ollama_cli "$work/fakebin" "$work/ollama-cli.log"
# code-server's extension host takes PATH from a login shell, so it is named
# with LOOPLS_OLLAMA_CLI too (the panel looks there after PATH).
export PATH="$work/fakebin:$PATH" LOOPLS_OLLAMA_CLI=$work/fakebin/ollama LOOPLS_FAKE_OLLAMA_LOG=$work/ollama-cli.log
only=${LOOPLS_VSCODE_ONLY:-}
rc=0
if [ "$only" != firstrun ]; then
  start_cs "$user" "$out/events.jsonl" "$ws" --disable-workspace-trust
  LOOPLS_MACHINE_SETTINGS=$user/Machine/settings.json NODE_PATH=$here/node_modules timeout 400 node "$here/vscode-drive.js" \
    "http://127.0.0.1:$port/?folder=$ws" "$ws" "$out/events.jsonl" "$out" || rc=$?
  stop_cs
fi

# The run review across a window reload (vscode-runreview.js): it reloads the
# window, so it has a code-server and a workspace of its own.
if [ -z "$only" ]; then
  vws=$work/review-ws; make_workspace "$vws"
  mkdir -p "$out/runreview"
  start_cs "$user" "$out/runreview/events.jsonl" "$vws" --disable-workspace-trust
  LOOPLS_VSCODE_ONLY=runreview NODE_PATH=$here/node_modules timeout 300 node "$here/vscode-drive.js" \
    "http://127.0.0.1:$port/?folder=$vws" "$vws" "$out/runreview/events.jsonl" "$out/runreview" runreview || rc=1
  stop_cs
fi

# The first run with no Ollama: loopls pointed at a port nothing listens on.
if [ -z "$only" ] || [ "$only" = firstrun ]; then
  fws=$work/firstrun-ws; make_workspace "$fws"
  mkdir -p "$work/fuser/User" "$work/fuser/Machine" "$out/firstrun"
  dead=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  printf '{"loopls.path": "%s", "loopls.ollamaHost": "127.0.0.1:%s"}\n' "$LOOPLS_BIN" "$dead" > "$work/fuser/Machine/settings.json"
  cp "$user/User/settings.json" "$work/fuser/User/settings.json"
  start_cs "$work/fuser" "$out/firstrun/events.jsonl" "$fws" --disable-workspace-trust
  NODE_PATH=$here/node_modules timeout 300 node "$here/vscode-drive.js" \
    "http://127.0.0.1:$port/?folder=$fws" "$fws" "$out/firstrun/events.jsonl" "$out/firstrun" firstrun || rc=1
  stop_cs
fi

[ -z "$only" ] || { log "LOOPLS_VSCODE_ONLY=$only: the rest skipped"; exit $rc; }
# Restricted Mode: workspace trust on, a workspace never trusted whose own
# settings try to pick the binary, the Ollama host and the mode; the user's
# settings set no loopls.path (the bundled binary runs) and mode auto.
rws=$work/restricted-ws; make_workspace "$rws"
mkdir -p "$rws/.vscode" "$work/ruser/User" "$work/ruser/Machine"
printf '{"loopls.path": "%s", "loopls.ollamaHost": "127.0.0.1:9", "loopls.mode": "auto"}\n' "$work/no-such-loopls" > "$rws/.vscode/settings.json"
printf '{"loopls.ollamaHost": "%s", "loopls.mode": "auto", "loopls.model": "ollama:tiny"}\n' "$LOOPLS_OLLAMA" > "$work/ruser/Machine/settings.json"
python3 - "$work/ruser/User/settings.json" <<PY
import json, sys
json.dump({
  "security.workspace.trust.enabled": True,
  "security.workspace.trust.startupPrompt": "never",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": False,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": False,
  "extensions.autoUpdate": False,
  "workbench.enableExperiments": False,
  "chat.commandCenter.enabled": False,
}, open(sys.argv[1], "w"), indent=2)
PY
mkdir -p "$out/restricted"
start_cs "$work/ruser" "$out/restricted/events.jsonl" "$rws"
NODE_PATH=$here/node_modules timeout 300 node "$here/vscode-drive.js" \
  "http://127.0.0.1:$port/?folder=$rws" "$rws" "$out/restricted/events.jsonl" "$out/restricted" restricted || rc=1
log "screenshots and logs in $out"
exit $rc

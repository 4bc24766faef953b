#!/usr/bin/env bash
# Captures the loopls panel in VS Code (code-server + Chromium, as vscode.sh
# drives it; capture-vscode.js) in the dark and the light theme: docs/img/vscode-panel-dark.png
# and docs/img/vscode-panel-light.png (OUTDIR, default docs/img). Then issue 25's
# states, in each theme, from the e2e checks that reach them (vscode.sh with
# LOOPLS_VSCODE_ONLY and LOOPLS_VSCODE_THEME): OUTDIR/vscode-STATE-{light,dark}.png
# (the states: see `states` below). Same needs as vscode.sh: editors/ci-install.sh
# once, and this machine's .vsix (make vsix VSIX_TARGETS=linux-x64).
# CAPTURE_STATES=0 captures the conversation alone.
harness=capture-vscode
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
here=$repo/editors/test
cs=${CS_PREFIX:-$clients_home/code-server}/node_modules/code-server/out/node/entry.js
host=$(uname -s | sed 's/Linux/linux/; s/Darwin/darwin/')-$(uname -m | sed 's/x86_64/x64/; s/aarch64/arm64/')
vsix=$(realpath -m "${VSIX:-$repo/dist/loopls-$host.vsix}")
dest=$(realpath -m "${1:-$repo/docs/img}")
fail_setup() { log "$*"; exit 1; }
[ -f "$cs" ] && [ -f "$vsix" ] || fail_setup "needs code-server ($cs) and $vsix"
# shellcheck source=codeserver.sh
. "$here/codeserver.sh"
build_loopls
start_fakeollama
out=$artifacts/capture-vscode; rm -rf "$out"; mkdir -p "$out"
ws=$work/demo; make_workspace "$ws"
user=$work/user
mkdir -p "$user/User" "$user/Machine" "$work/ext"
printf '{"loopls.path": "%s", "loopls.ollamaHost": "%s"}\n' "$LOOPLS_BIN" "$LOOPLS_OLLAMA" > "$user/Machine/settings.json"
python3 - "$user/User/settings.json" <<'PY'
import json, sys
json.dump({
  "workbench.colorTheme": "Default Dark Modern",
  "loopls.model": "ollama:tiny",
  "security.workspace.trust.enabled": False,
  "workbench.startupEditor": "none", "workbench.tips.enabled": False,
  "telemetry.telemetryLevel": "off", "update.mode": "none",
  "extensions.autoCheckUpdates": False, "extensions.autoUpdate": False,
  "workbench.enableExperiments": False, "chat.commandCenter.enabled": False,
  "files.autoSave": "off",
}, open(sys.argv[1], "w"), indent=2)
PY
node "$cs" --config "$work/config.yaml" --user-data-dir "$user" --extensions-dir "$work/ext" --install-extension "$vsix" > "$out/install.log" 2>&1 \
  || { cat "$out/install.log" >&2; fail_setup "install failed"; }
start_cs "$user" "$out/events.jsonl" "$ws" --disable-workspace-trust
NODE_PATH=$here/node_modules timeout 300 node "$here/capture-vscode.js" "http://127.0.0.1:$port/?folder=$ws" "$out" \
  || fail_setup "capture failed (see $out)"
mkdir -p "$dest"
cp "$out/vscode-panel-dark.png" "$out/vscode-panel-light.png" "$dest/"
log "wrote $dest/vscode-panel-dark.png and $dest/vscode-panel-light.png"
stop_cs
[ "${CAPTURE_STATES:-1}" = 1 ] || exit 0

# STATE=LOOPLS_VSCODE_ONLY:SHOT — the e2e screenshot (NN-SHOT.png) that shows it.
states=(
  edit-review=panel:edit-review
  approval=panel:panel-approval
  queued=panel:panel-queued
  focused=panel:panel-focused
  sessions=sessions:sessions-list
  model-notice=sessions:model-notice
  answer-code=answer:answer-code
  apply-review=answer:answer-apply-review
  cut-short=answer:answer-cut-short
  first-run=firstrun:panel-no-ollama
  run-review=runreview:run-review
)
for theme in light dark; do
  name="Default Light Modern"; [ "$theme" = dark ] && name="Default Dark Modern"
  for only in panel sessions answer firstrun runreview; do
    art=$work/states-$theme-$only
    log "$only checks in the $theme theme"
    LOOPLS_CLIENTS_HOME=$clients_home LOOPLS_BIN=$LOOPLS_BIN VSIX=$vsix LOOPLS_VSCODE_ONLY=$only LOOPLS_VSCODE_THEME=$name LOOPLS_EDITORS_ARTIFACTS=$art \
      bash "$here/vscode.sh" > "$out/states-$theme-$only.log" 2>&1 \
      || log "vscode.sh ($only, $theme) had failing checks (see $out/states-$theme-$only.log): look at its screenshots before keeping them"
    for st in "${states[@]}"; do
      state=${st%%=*} rest=${st#*=}
      [ "${rest%%:*}" = "$only" ] || continue
      shotname=${rest#*:}
      dir=$art/vscode; [ "$only" = firstrun ] && dir=$art/vscode/firstrun
      file=$(find "$dir" -maxdepth 1 -name "[0-9][0-9]-$shotname.png" | sort | tail -1)
      [ -n "$file" ] || fail_setup "no $shotname screenshot in $dir"
      cp "$file" "$dest/vscode-$state-$theme.png"
      log "wrote $dest/vscode-$state-$theme.png"
    done
  done
done

# Starts and stops code-server for the VS Code harnesses (vscode.sh,
# capture-vscode.sh). Source it after lib.sh with cs (code-server's entry.js)
# and out (the artifacts directory) set, and fail_setup defined.
cs_pid=
cs_user=
# start_cs USER_DATA_DIR EVENTS_LOG FOLDER [code-server flags]: one code-server
# in its own process group, so stopping it also stops its extension hosts and
# the loopls they started; sets port.
start_cs() {
  local udir=$1 events=$2 folder=$3; shift 3
  cs_user=$udir
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  log "code-server on 127.0.0.1:$port ($folder)"
  LOOPLS_VSCODE_TEST_LOG=$events LOOPLS_MODEL_WAIT_NOTICE=${LOOPLS_MODEL_WAIT_NOTICE:-2} setsid node "$cs" --config "$work/config.yaml" --user-data-dir "$udir" --extensions-dir "$work/ext" \
    --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry --disable-update-check \
    --disable-getting-started-override "$@" "$folder" >> "$out/code-server.log" 2>&1 &
  cs_pid=$!
  wait_until 120 healthy || fail_setup "code-server did not come up (see $out/code-server.log)"
}
stop_cs() {
  [ -n "$cs_pid" ] || return 0
  kill -TERM -- "-$cs_pid" 2>/dev/null || true
  wait_until 10 sh -c "! kill -0 -- -$cs_pid 2>/dev/null" || kill -KILL -- "-$cs_pid" 2>/dev/null || true
  cp "$cs_user"/logs/*/exthost*/*.log "$out/" 2>/dev/null || true
  cp "$cs_user"/logs/*/exthost*/output_logging_*/*loopls* "$out/" 2>/dev/null || true
  cs_pid=
}
extra_cleanup=stop_cs
healthy() { curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; }

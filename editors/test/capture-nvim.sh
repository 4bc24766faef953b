#!/usr/bin/env bash
# Captures the Neovim screens for the docs with tmux, in a dark and a light
# theme (background=dark/light, the default colorscheme): a headless Neovim
# (NVIM, default the newest in the clients home) serves a remote UI inside
# tmux, capture-nvim.lua drives the chat against the scripted Ollama, and
# capture-pane saves each state with its colours (-e). render-term.js turns
# those into docs/img/nvim-STATE-THEME.png with the Chromium the VS Code
# harness uses; the dark run's chat and approval are also kept as text in
# docs/img/nvim-chat.txt and docs/img/nvim-approval.txt. The states:
#   chat       a conversation of three prompts, the last answered from the first;
#   streaming  a new conversation's run going, its state under the answer and
#              in the winbar, and a prompt queued meanwhile;
#   approval   a command approval asked in words (answered 3, refuse).
# A doc tool, not a test: needs tmux (apt-get install tmux) and
# playwright-core (npm ci in editors/test). OUT (default docs/img) is where
# the files go.
harness=capture
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
here=$repo/editors/test
nv=${NVIM:-$clients_home/nvim-forky/nvim}
out=${OUT:-$repo/docs/img}
[ -d "$here/node_modules/playwright-core" ] || { log "playwright-core not installed (npm ci in editors/test)"; exit 1; }
build_loopls
start_fakeollama
nvim_pid=
stop_all() {
  tmux -L loopls-capture kill-server 2>/dev/null
  if [ -n "$nvim_pid" ]; then kill "$nvim_pid" 2>/dev/null || true; wait "$nvim_pid" 2>/dev/null || true; fi
  nvim_pid=
}
extra_cleanup=stop_all
screen() { tmux -L loopls-capture capture-pane -t cap -p "$@" | sed -e "s|$work/ws-[a-z]*|/tmp/demo|g" -e 's/ses_[0-9a-f]*/ses_8ac95efb91619317/'; }
# Waits until the screen shows $2, then saves it with colours as $work/$1-$theme.ans.
shoot() {
  local state=$1 want=$2
  shows() { screen | grep -qF -- "$want"; }
  wait_until 120 shows || { cat "$work/nvim.err" >&2; screen >&2; log "$theme: the $state screen never showed \"$want\""; exit 1; }
  screen -e -N > "$work/$state-$theme.ans"
  log "$theme: captured $state"
}
for theme in dark light; do
  ws=$work/ws-$theme; make_workspace "$ws"
  sock=$work/nvim-$theme.sock
  (cd "$ws" && LOOPLS_WS="$ws" LOOPLS_BG="$theme" NEXT="$work/next-$theme" exec "$nv" --headless --listen "$sock" -u NONE -i NONE -n \
    --cmd "set rtp^=$repo/editors/nvim" --cmd 'set termguicolors laststatus=2' \
    -c "luafile $here/capture-nvim.lua" 2> "$work/nvim.err") &
  nvim_pid=$!
  has_sock() { [ -S "$sock" ]; }
  wait_until 30 has_sock || { cat "$work/nvim.err" >&2; log "Neovim did not listen"; exit 1; }
  tmux -L loopls-capture new-session -d -s cap -x 110 -y 34 "TERM=xterm-256color $nv --remote-ui --server $sock"
  shoot chat 'You first said: chat with me'
  [ "$theme" = dark ] && screen > "$out/nvim-chat.txt"
  touch "$work/next-$theme.1"
  shoot streaming 'queued,'
  touch "$work/next-$theme.2"
  shoot approval 'Always allow this exact command line'
  [ "$theme" = dark ] && screen > "$out/nvim-approval.txt"
  tmux -L loopls-capture send-keys -t cap 3 Enter
  stop_all
done
pngs=()
for state in chat streaming approval; do
  for theme in dark light; do pngs+=("$work/$state-$theme.ans" "$theme" "$out/nvim-$state-$theme.png"); done
done
NODE_PATH=$here/node_modules timeout 120 node "$here/render-term.js" "${pngs[@]}"
log "wrote $out/nvim-{chat,streaming,approval}-{dark,light}.png and the two text screens"

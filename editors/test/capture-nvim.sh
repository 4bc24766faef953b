#!/usr/bin/env bash
# Captures the Neovim chat buffer into docs/img/nvim-chat.txt with tmux: a
# headless Neovim (NVIM, default the newest in the clients home) serves a
# remote UI inside tmux, drives three prompts against the scripted Ollama,
# and capture-pane saves the screen. Then docs/img/nvim-approval.txt: an
# approval asked while the chat says it waits for it (answered with 3,
# refuse). Needs tmux (apt-get install tmux).
harness=capture
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
nv=${NVIM:-$clients_home/nvim-forky/nvim}
out=${1:-$repo/docs/img/nvim-chat.txt}
out_approval=${2:-$repo/docs/img/nvim-approval.txt}
build_loopls
start_fakeollama
ws=$work/ws; make_workspace "$ws"
sock=$work/nvim.sock
(cd "$ws" && LOOPLS_WS="$ws" READY="$work/ready" NEXT="$work/next" exec "$nv" --headless --listen "$sock" -u NONE -i NONE -n \
  --cmd "set rtp^=$repo/editors/nvim" --cmd 'set termguicolors laststatus=2' \
  -c "luafile $repo/editors/test/capture-nvim.lua" 2> "$work/nvim.err") &
nvim_pid=$!
stop_all() { tmux -L loopls-capture kill-server 2>/dev/null; kill "$nvim_pid" 2>/dev/null; }
extra_cleanup=stop_all
has_sock() { [ -S "$sock" ]; }
wait_until 30 has_sock || { cat "$work/nvim.err" >&2; log "Neovim did not listen"; exit 1; }
tmux -L loopls-capture new-session -d -s cap -x 110 -y 34 "TERM=xterm-256color $nv --remote-ui --server $sock"
shows_answer() { tmux -L loopls-capture capture-pane -t cap -p | grep -q 'You first said: chat with me'; }
wait_until 120 shows_answer || { cat "$work/nvim.err" >&2; log "the chat never showed the follow-up's answer"; exit 1; }
tmux -L loopls-capture capture-pane -t cap -p | sed -e "s|$work|/tmp/demo|g" -e 's/ses_[0-9a-f]*/ses_8ac95efb91619317/' > "$out"
log "wrote $out"
touch "$work/next"
asks() { tmux -L loopls-capture capture-pane -t cap -p | grep -q 'Always allow this exact command line'; }
wait_until 60 asks || { cat "$work/nvim.err" >&2; log "the approval was never asked"; exit 1; }
tmux -L loopls-capture capture-pane -t cap -p | sed -e "s|$work|/tmp/demo|g" -e 's/ses_[0-9a-f]*/ses_8ac95efb91619317/' > "$out_approval"
log "wrote $out_approval"
tmux -L loopls-capture send-keys -t cap 3 Enter

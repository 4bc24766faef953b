#!/usr/bin/env bash
# Batch Emacs + Eglot against the real loopls binary and the scripted Ollama
# server: editors/test/eglot.el evaluates the elisp snippets of
# docs/editors.md's "Emacs (eglot)" section and exercises each (M-x eglot,
# eglot-code-actions, loopls-run with an edit, the runEnded message,
# loopls-cancel). Needs Emacs 30 (built-in Eglot with eglot-execute);
# editors/ci-install.sh installs it from Debian's bookworm-backports.
# Env: LOOPLS_BIN (default: built from this checkout), EMACS (default emacs).
# Prints PASS/FAIL lines and "N passed, N failed"; exits non-zero on any failure.
harness=emacs
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
emacs=${EMACS:-emacs}
if ! command -v "$emacs" > /dev/null || ! "$emacs" --batch -Q --eval "(progn (require 'eglot) (kill-emacs (if (fboundp 'eglot-execute) 0 1)))" 2> /dev/null; then
  echo "FAIL no Emacs with an Eglot that has eglot-execute (Emacs 30; editors/ci-install.sh installs it)" >&2
  echo "emacs: 0 passed, 1 failed"
  exit 1
fi

build_loopls
start_fakeollama
ws=$work/ws; make_workspace "$ws"
printf 'def greet(name):\n    return "hello " + name\n' > "$ws/main.py"
# The snippets name the binary "loopls": put it first on PATH.
mkdir -p "$work/path"; ln -sf "$LOOPLS_BIN" "$work/path/loopls"

log "$("$emacs" --version | head -1): eglot.el"
rc=0
(cd "$ws" && env PATH="$work/path:$PATH" HOME="$work" LOOPLS_MODEL=ollama:tiny OLLAMA_HOST="$LOOPLS_OLLAMA" \
  LOOPLS_DOC="$repo/docs/editors.md" LOOPLS_WS="$ws" \
  timeout 300 "$emacs" --batch -Q -l "$repo/editors/test/eglot.el") > "$work/emacs.log" 2>&1 || rc=$?
cat "$work/emacs.log" >&2
cp "$work/emacs.log" "$artifacts/emacs-eglot.log"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$work/emacs.log" | tail -1 || true)
echo "emacs: ${line:-0 passed, 1 failed (no result line)}"
[ "$rc" -eq 0 ] && [ -n "$line" ]

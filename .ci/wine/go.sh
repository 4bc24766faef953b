#!/usr/bin/env bash
# Puts a Windows Go on a Wine prefix's PATH, so Windows programs in it
# (loopls.exe's commands, test binaries that run the `go` tool) find
# `go.exe` as a Windows user's would.
#   - The toolchain is the Go module proxy's (`golang.org/toolchain`, the
#     module `go` itself switches toolchains with), fetched by the host's
#     `go mod download`, so its checksum is checked against sum.golang.org.
#     Nothing else is downloaded.
#   - The prefix's user environment (HKCU\Environment, as a Windows
#     installer sets it) gets PATH = that toolchain's bin, which Wine, like
#     Windows, appends to the system PATH, and GOTOOLCHAIN=local, so that
#     go.exe never fetches another toolchain on its own.
#   - It then runs `go version` through cmd.exe in the prefix and fails
#     unless that prints this toolchain's version.
# usage: go.sh PREFIX   (after prefix.sh; idempotent; prints the version,
#   e.g. go1.26.11, on success)
# Env: GO (the host's go), WINE_GO_VERSION (default below: the proxy has no
#   windows-amd64 zip of every release; go1.26.8's is missing, go1.26.11's is there).
# test.sh exports the version it prints as LOOPLS_WINE_GO, for tests to
# compare with.
set -eEuo pipefail
trap 'printf "[wine/go.sh] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
prefix=${1:?usage: go.sh PREFIX}
prefix=$(cd "$prefix" && pwd)
go=${GO:-go}
version=${WINE_GO_VERSION:-go1.26.11}
wine=${WINE:-$(command -v wine64 || echo /usr/lib/wine/wine64)}
wineserver=${WINESERVER:-$(command -v wineserver || echo /usr/lib/wine/wineserver)}
module=golang.org/toolchain@v0.0.1-$version.windows-amd64

# Outside any module, so no go.mod or go.sum is touched.
info=$(cd / && GOFLAGS= "$go" mod download -json "$module") || true
dir=$(printf '%s\n' "$info" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
if [ -z "$dir" ] || [ ! -f "$dir/bin/go.exe" ]; then
  echo "wine/go.sh: go mod download $module gave no toolchain:" >&2
  printf '%s\n' "$info" >&2
  exit 1
fi
# Wine's drive Z: is the Unix root.
winbin="Z:$(printf '%s' "$dir/bin" | tr / '\\')"

export WINEPREFIX=$prefix WINEDEBUG=-all WINEDLLOVERRIDES='mscoree,mshtml=' DISPLAY=
# The Unix environment wins over the registry's in Wine, and a host GOROOT,
# GOPATH, GOCACHE… names a Unix path that misleads go.exe (a Unix GOPATH is
# "relative" to it, and it refuses to start): Windows programs that may run
# go.exe start without them (test.sh's -exec too).
nogo=(env -u GOROOT -u GOPATH -u GOCACHE -u GOMODCACHE -u GOENV -u GOBIN -u GOTMPDIR -u GOTOOLCHAIN)
# user.reg writes a value as "NAME"=str(2):"value", backslashes doubled.
if ! grep -qF "\"PATH\"=str(2):\"${winbin//\\/\\\\}\"" "$prefix/user.reg" 2>/dev/null \
   || ! grep -qF '"GOTOOLCHAIN"="local"' "$prefix/user.reg"; then
  "$wine" reg add 'HKCU\Environment' /v PATH /t REG_EXPAND_SZ /d "$winbin" /f </dev/null >/dev/null 2>&1
  "$wine" reg add 'HKCU\Environment' /v GOTOOLCHAIN /t REG_SZ /d local /f </dev/null >/dev/null 2>&1
  # Until the server exits, the registry is only in its memory.
  "$wineserver" -w
fi
got=$(cd / && "${nogo[@]}" "$wine" cmd /c go version </dev/null 2>&1 | tr -d '\r') || true
want="go version $version windows/amd64"
[ "$got" = "$want" ] || { printf 'wine/go.sh: `go version` in the prefix said %q, want %q\n' "$got" "$want" >&2; exit 1; }
echo "$version"

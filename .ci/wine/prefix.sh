#!/usr/bin/env bash
# Makes a Wine prefix that runs Go's Windows binaries: `wineboot` once,
# then bcryptprimitives.dll (ours, built here from bcryptprimitives.c with
# mingw) into its system32, which Wine 8 lacks and the Go runtime needs.
# usage: prefix.sh PREFIX   (idempotent; prints nothing on success)
# Needs wine64 and gcc-mingw-w64-x86-64 (Debian 12: apt-get install wine64 gcc-mingw-w64-x86-64).
set -eEuo pipefail
trap 'printf "[prefix.sh] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
prefix=${1:?usage: prefix.sh PREFIX}
wine=${WINE:-$(command -v wine64 || echo /usr/lib/wine/wine64)}
[ -x "$wine" ] || { echo "prefix.sh: no wine64 (apt-get install wine64)" >&2; exit 1; }
command -v x86_64-w64-mingw32-gcc >/dev/null || { echo "prefix.sh: no x86_64-w64-mingw32-gcc (apt-get install gcc-mingw-w64-x86-64)" >&2; exit 1; }
mkdir -p "$prefix"; prefix=$(cd "$prefix" && pwd)
export WINEPREFIX=$prefix WINEDEBUG=-all WINEDLLOVERRIDES='mscoree,mshtml=' DISPLAY=
sys32=$prefix/drive_c/windows/system32
if [ ! -f "$prefix/system.reg" ] || [ ! -d "$sys32" ]; then
  "$wine" wineboot --init >/dev/null 2>&1
  "${WINESERVER:-$(command -v wineserver || echo /usr/lib/wine/wineserver)}" -w
fi
# Windows 10, not Wine's default 7: Node.js (the tests' MCP servers and ACP
# client) refuses to start on anything older than 8.1.
if [ ! -f "$prefix/.loopls-win10" ]; then
  "$wine" winecfg /v win10 >/dev/null 2>&1
  touch "$prefix/.loopls-win10"
fi
dll=$sys32/bcryptprimitives.dll
if [ ! -f "$dll" ] || [ "$here/bcryptprimitives.c" -nt "$dll" ]; then
  x86_64-w64-mingw32-gcc -shared -O2 -s -o "$dll.tmp" "$here/bcryptprimitives.c" "$here/bcryptprimitives.def" -lbcrypt
  mv -f "$dll.tmp" "$dll"
fi

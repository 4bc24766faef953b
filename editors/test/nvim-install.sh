#!/usr/bin/env bash
# Tests editors/nvim/scripts/install-binary.sh offline: a local HTTP server
# (python3 -m http.server) serves fake releases (loopls-OS-ARCH.tar.gz, each
# holding a script named loopls that prints its platform, and SHA256SUMS),
# and a stand-in uname on PATH plays the platform. Checked: the right
# platform's archive is installed; a checksum mismatch, or an archive
# SHA256SUMS does not list, is refused with a clear error and nothing
# installed; with no release it builds with Go and says so; with no release
# and no Go it says what to do. The script runs under dash (POSIX sh).
# Prints PASS/FAIL lines and "N passed, N failed"; exits non-zero on failure.
harness=nvim-install
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
script=$repo/editors/nvim/scripts/install-binary.sh
posix_sh=$(command -v dash || command -v sh)
passed=0 failed=0
check() { # NAME STATUS [DETAIL]: STATUS 0 passes
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "PASS $1" >&2
  else failed=$((failed + 1)); echo "FAIL $1${3:+: $3}" >&2; fi
}

# The fake releases: latest, v9.9.9, one with a wrong checksum, one whose
# SHA256SUMS lists other files only, and none at all ("none" is not served).
srv=$work/srv
release() { # DIR SUFFIX: the four platforms' archives and their SHA256SUMS
  mkdir -p "$1"
  for plat in linux-x64 linux-arm64 darwin-x64 darwin-arm64; do
    local d=$work/pkg-$plat$2; mkdir -p "$d"
    printf '#!/bin/sh\necho "loopls fake %s%s"\n' "$plat" "$2" > "$d/loopls"; chmod 755 "$d/loopls"
    tar -czf "$1/loopls-$plat.tar.gz" -C "$d" loopls
  done
  (cd "$1" && sha256sum loopls-*.tar.gz > SHA256SUMS)
}
release "$srv/ok/latest/download" ""
release "$srv/ok/download/v9.9.9" " v9.9.9"
release "$srv/bad/latest/download" ""
sed -i 's/^[0-9a-f]\{8\}/00000000/' "$srv/bad/latest/download/SHA256SUMS"
release "$srv/unlisted/latest/download" ""
grep -v linux-x64 "$srv/unlisted/latest/download/SHA256SUMS" > "$work/sums" && mv "$work/sums" "$srv/unlisted/latest/download/SHA256SUMS"

python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$srv" > "$work/http.out" 2> "$work/http.err" &
http_pid=$!
stop_http() { kill "$http_pid" 2>/dev/null; wait "$http_pid" 2>/dev/null || true; }
extra_cleanup=stop_http
has_port() { grep -q 'port [0-9]' "$work/http.out"; }
wait_until 30 has_port || { cat "$work/http.err" >&2; log "http.server printed no port"; exit 1; }
url=http://127.0.0.1:$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$work/http.out" | head -1)
log "releases served at $url"

# A stand-in uname: $FAKE_S for -s, $FAKE_M for -m.
mkdir -p "$work/fakebin"
printf '#!/bin/sh\ncase "$1" in -s) echo "$FAKE_S" ;; -m) echo "$FAKE_M" ;; *) exec /bin/uname "$@" ;; esac\n' > "$work/fakebin/uname"
chmod 755 "$work/fakebin/uname"

n=0
install() { # S M RELEASES [args...]: runs the script; sets dir, rc, out
  local s=$1 m=$2 rel=$3; shift 3
  n=$((n + 1)); dir=$work/dest-$n; rc=0
  mkdir -p "$dir"
  [ -z "${OLD:-}" ] || printf '%s\n' "$OLD" > "$dir/loopls"
  out=$(env PATH="$work/fakebin:$PATH" FAKE_S="$s" FAKE_M="$m" LOOPLS_RELEASES="$rel" "$posix_sh" "$script" --dir "$dir" "$@" 2>&1) || rc=$?
}
installed() { [ -x "$dir/loopls" ] && "$dir/loopls" version 2>/dev/null; }
only_loopls() { [ "$(ls -A "$dir" | tr '\n' ' ')" = "loopls loopls.source " ] || [ "$(ls -A "$dir")" = loopls ]; }

install Linux x86_64 "$url/ok"
ok=0; { [ "$rc" -eq 0 ] && [ "$(installed)" = "loopls fake linux-x64" ] && grep -q 'SHA-256 checked' <<<"$out"; } || ok=1
check "Linux x86_64: linux-x64's archive installed, its checksum checked" "$ok" "$rc $out"

install Darwin arm64 "$url/ok"
ok=0; { [ "$rc" -eq 0 ] && [ "$(installed)" = "loopls fake darwin-arm64" ]; } || ok=1
check "Darwin arm64: darwin-arm64's archive" "$ok" "$rc $out"

install Linux aarch64 "$url/ok" --version v9.9.9
ok=0; { [ "$rc" -eq 0 ] && [ "$(installed)" = "loopls fake linux-arm64 v9.9.9" ] && only_loopls; } || ok=1
check "Linux aarch64 --version v9.9.9: that release's linux-arm64 archive, nothing else left in the directory" "$ok" "$rc $out"

OLD='#!/bin/sh
echo old loopls'
install Linux x86_64 "$url/bad"
ok=0; { [ "$rc" -ne 0 ] && grep -q 'refused: checksum mismatch for loopls-linux-x64.tar.gz' <<<"$out" && grep -q 'nothing was installed' <<<"$out" \
  && [ "$(cat "$dir/loopls")" = "$OLD" ] && only_loopls; } || ok=1
check "a checksum mismatch is refused with a clear error; the loopls already there is untouched" "$ok" "$rc $out"

install Linux x86_64 "$url/unlisted"
ok=0; { [ "$rc" -ne 0 ] && grep -q 'refused: SHA256SUMS at .* has no line for loopls-linux-x64.tar.gz' <<<"$out" && [ "$(cat "$dir/loopls")" = "$OLD" ]; } || ok=1
check "an archive SHA256SUMS does not list is refused" "$ok" "$rc $out"
OLD=

install Linux x86_64 "$url/none" 
ok=0; { [ "$rc" -eq 0 ] && grep -q "no loopls release found at $url/none/latest/download" <<<"$out" && grep -q 'building from source with Go' <<<"$out" \
  && grep -q "built loopls .* from source and installed it at $dir/loopls" <<<"$out" && installed | grep -q '^loopls ' && only_loopls; } || ok=1
check "no release: it says so, builds with Go, and the binary it installs runs" "$ok" "$rc $out"

GO=$work/no-such-go install Linux x86_64 "$url/none"
ok=0; { [ "$rc" -ne 0 ] && grep -q 'there is no Go toolchain' <<<"$out" && grep -q 'Install Go 1.26' <<<"$out" && [ -z "$(ls -A "$dir")" ]; } || ok=1
check "no release and no Go: a clear error naming what to install, nothing installed" "$ok" "$rc $out"

GO=$work/no-such-go install FreeBSD amd64 "$url/ok"
ok=0; { [ "$rc" -ne 0 ] && grep -q 'no release binary is made for this platform (FreeBSD amd64)' <<<"$out" && [ -z "$(ls -A "$dir")" ]; } || ok=1
check "a platform with no release builds is named, and no archive of another platform is taken" "$ok" "$rc $out"

install Linux x86_64 "$url/ok" --from "$srv/ok/download/v9.9.9"
ok=0; { [ "$rc" -eq 0 ] && [ "$(installed)" = "loopls fake linux-x64 v9.9.9" ] && only_loopls \
  && grep -q "loopls fake linux-x64 v9.9.9 from $srv/ok/download/v9.9.9/loopls-linux-x64.tar.gz (SHA-256 [0-9a-f]* checked" "$dir/loopls.source"; } || ok=1
check "--from a local dist/: its archive installed, and loopls.source says where it came from" "$ok" "$rc $out $(cat "$dir/loopls.source" 2>/dev/null)"

install Linux x86_64 "$url/ok" --from "$srv/bad/latest/download"
ok=0; { [ "$rc" -ne 0 ] && grep -q 'refused: checksum mismatch for loopls-linux-x64.tar.gz' <<<"$out" && [ -z "$(ls -A "$dir")" ]; } || ok=1
check "--from a local dist/ whose sum does not match: refused, nothing installed" "$ok" "$rc $out"

install Linux x86_64 "$url/ok" --bogus
ok=0; { [ "$rc" -ne 0 ] && grep -q 'unknown argument: --bogus' <<<"$out"; } || ok=1
check "an unknown argument is refused" "$ok" "$rc $out"

echo "$passed passed, $failed failed" >&2
[ "$failed" -eq 0 ]

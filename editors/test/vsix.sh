#!/usr/bin/env bash
# Checks what `make vsix` ships: this machine's per-platform .vsix (VSIX,
# default dist/loopls-<host>.vsix) and one packaged here for another platform
# (darwin-arm64, cross-compiled) each hold the loopls binary for their
# platform under extension/server/, executable, and name that platform in
# their manifest. The host's binary must run. Prints PASS/FAIL lines and
# "vsix: N passed, N failed".
harness=vsix
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
host=$(uname -s | sed 's/Linux/linux/; s/Darwin/darwin/')-$(uname -m | sed 's/x86_64/x64/; s/aarch64/arm64/')
vsix=$(realpath -m "${VSIX:-$repo/dist/loopls-$host.vsix}")
pass=0 failed=0
check() { # name, command...
  local name=$1; shift
  if "$@"; then echo "PASS $name" >&2; pass=$((pass + 1)); else echo "FAIL $name" >&2; failed=$((failed + 1)); fi
}
[ -f "$vsix" ] || { echo "FAIL $vsix not found (make vsix VSIX_TARGETS=$host)" >&2; echo "vsix: 0 passed, 1 failed"; exit 1; }
log "packaging darwin-arm64 into $work/dist"
bash "$repo/editors/vscode/package.sh" "$work/dist" darwin-arm64 || { echo "FAIL package.sh darwin-arm64" >&2; echo "vsix: 0 passed, 1 failed"; exit 1; }

# inspect VSIX TARGET EXE: unzips into $work/TARGET and checks it.
inspect() {
  local file=$1 target=$2 exe=$3 dir=$work/$2
  mkdir -p "$dir"; (cd "$dir" && unzip -q "$file")
  check "$target: the listing holds extension/server/$exe" sh -c "unzip -Z1 '$file' | grep -qx 'extension/server/$exe'"
  check "$target: the manifest names the platform" grep -q "TargetPlatform=\"$target\"" "$dir/extension.vsixmanifest"
  check "$target: the bundled extension code is there" test -s "$dir/extension/dist/extension.js"
  check "$target: both icons are there" test -s "$dir/extension/media/icon.png" -a -s "$dir/extension/media/loopls.svg"
  # The zip entry's Unix mode: VS Code keeps it when it installs the .vsix.
  check "$target: the binary is executable in the archive" sh -c "unzip -Z -l '$file' 'extension/server/$exe' | grep -q '^-rwx'"
  check "$target: no other platform's binary" sh -c "[ \$(unzip -Z1 '$file' | grep -c '^extension/server/') -eq 1 ]"
  # Third-party notices: every npm package the bundles took in (esbuild's
  # metafiles of the build package.sh just made) has its entry, with its
  # license file's text, in the shipped extension/dist/ThirdPartyNotices.txt.
  check "$target: ThirdPartyNotices.txt has every bundled package with its license text" \
    node "$repo/editors/test/vsix-notices.mjs" "$repo/editors/vscode" "$dir/extension/dist/ThirdPartyNotices.txt"
  check "$target: the esbuild metafiles are not shipped" sh -c "! unzip -Z1 '$file' | grep -q 'metafiles.json'"
}
inspect "$vsix" "$host" loopls
inspect "$work/dist/loopls-darwin-arm64.vsix" darwin-arm64 loopls

# The binaries are for their platforms: the host's runs; the macOS one is a
# 64-bit Mach-O executable for arm64 (magic 0xfeedfacf, CPU type 0x0100000c).
check "$host: the bundled loopls runs (--version)" sh -c "'$work/$host/extension/server/loopls' --version | grep -q loopls"
check "darwin-arm64: loopls is an arm64 Mach-O executable" python3 - "$work/darwin-arm64/extension/server/loopls" <<'PY'
import struct, sys
magic, cputype, _, filetype = struct.unpack_from('<IiiI', open(sys.argv[1], 'rb').read(16))
sys.exit(0 if magic == 0xfeedfacf and cputype == 0x0100000c and filetype == 2 else 1)
PY
echo "vsix: $pass passed, $failed failed"
[ "$failed" -eq 0 ]

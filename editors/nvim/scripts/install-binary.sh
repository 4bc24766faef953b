#!/bin/sh
# Installs the loopls binary for this machine where the Neovim plugin finds
# it: bin/loopls at the root of the loopls checkout this script lives in
# (the plugin uses it when `loopls` is not on PATH; the lazy.nvim spec in
# :help loopls-install points cmd there too).
#
#   1. The platform, from uname -s / uname -m: linux or darwin, x64 or arm64.
#   2. A release binary, when one is published: loopls-OS-ARCH.tar.gz and
#      SHA256SUMS from the project's GitHub releases. The archive's SHA-256
#      must match its line in SHA256SUMS, or nothing is installed.
#   3. Otherwise (no release for this platform or version, no network, no
#      curl or wget), it builds from this checkout with Go, and says so.
#
# Usage: sh editors/nvim/scripts/install-binary.sh [--version vX.Y.Z] [--from DIR|URL] [--dir DIR] [--build]
#   --version  the release to fetch (default: the latest)
#   --from     a local release (the dist/ of `make release`) or the URL of a
#              release's files; SHA256SUMS and the archive are taken from there
#   --dir      where loopls goes (default: bin/ of this checkout)
#   --build    skip the download; build with Go
# Beside the binary it writes loopls.source: the version and where it came
# from (:checkhealth loopls shows it).
# Environment: LOOPLS_RELEASES (the releases URL; default
# https://github.com/loopls/loopls/releases), GO (the go command).
# POSIX sh; needs tar, and curl or wget, and sha256sum or shasum to download.
set -eu

say() { printf 'loopls install: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
releases=${LOOPLS_RELEASES:-https://github.com/loopls/loopls/releases}
version=latest
from=
dir=$root/bin
build_only=0
while [ $# -gt 0 ]; do
  case $1 in
    --version) [ $# -ge 2 ] || die "--version needs a value"; version=$2; shift 2 ;;
    --dir) [ $# -ge 2 ] || die "--dir needs a value"; dir=$2; shift 2 ;;
    --from) [ $# -ge 2 ] || die "--from needs a value"; from=$2; shift 2 ;;
    --build) build_only=1; shift ;;
    -h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1 (see --help)" ;;
  esac
done

# The platform, named as the release assets (and the VS Code packages) name it.
platform() {
  case $(uname -s) in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) return 1 ;;
  esac
  case $(uname -m) in
    x86_64|amd64) arch=x64 ;;
    aarch64|arm64) arch=arm64 ;;
    *) return 1 ;;
  esac
  echo "$os-$arch"
}

# fetch URL FILE: 0 when FILE holds what URL answered (an HTTP error is a
# failure); a local path is copied.
fetch() {
  case $1 in
    /*|./*|../*) if [ -f "$1" ]; then cp "$1" "$2"; return; else return 1; fi ;;
  esac
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --proto '=https,http,file' -o "$2" "$1" 2>/dev/null
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    return 2
  fi
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d' ' -f1
  else
    return 1
  fi
}

# place FILE SOURCE: copies FILE to $dir/loopls in one rename, so a loopls
# there is either the old one or the new one, and says in $dir/loopls.source
# where it came from.
place() {
  mkdir -p "$dir"
  cp "$1" "$dir/.loopls.new.$$"
  chmod 755 "$dir/.loopls.new.$$"
  mv -f "$dir/.loopls.new.$$" "$dir/loopls"
  printf '%s\n' "$2" > "$dir/.loopls.source.$$" && mv -f "$dir/.loopls.source.$$" "$dir/loopls.source"
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/loopls-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

build() { # REASON
  go=${GO:-go}
  if ! command -v "$go" >/dev/null 2>&1; then
    die "$1, and there is no Go toolchain ($go) to build it from source. Install Go 1.26 (https://go.dev/dl/) and run this again, or put a loopls binary on PATH."
  fi
  [ -f "$root/go.mod" ] && [ -d "$root/cmd/loopls" ] || die "$1, and $root is not a loopls checkout to build from"
  say "$1: building from source with Go ($("$go" version 2>/dev/null || echo "$go")) in $root"
  v=$(cd "$root" && git describe --tags --always --dirty 2>/dev/null || echo dev)
  (cd "$root" && CGO_ENABLED=0 "$go" build -ldflags "-X main.version=$v" -o "$tmp/loopls" ./cmd/loopls) \
    || die "go build failed (see above); nothing was installed"
  place "$tmp/loopls" "loopls $v built from source in $root"
  say "built loopls $v from source and installed it at $dir/loopls"
  exit 0
}

[ "$build_only" = 1 ] && build "--build given"
plat=$(platform) || build "no release binary is made for this platform ($(uname -s) $(uname -m))"
asset=loopls-$plat.tar.gz
if [ -n "$from" ]; then
  if [ -d "$from" ]; then base=$(cd "$from" && pwd); else base=${from%/}; fi
elif [ "$version" = latest ]; then
  base=$releases/latest/download
else
  base=$releases/download/$version
fi

rc=0
fetch "$base/SHA256SUMS" "$tmp/SHA256SUMS" || rc=$?
[ "$rc" -ne 2 ] || build "neither curl nor wget is installed to download a release"
[ "$rc" -eq 0 ] || build "no loopls release found at $base (SHA256SUMS could not be downloaded)"
fetch "$base/$asset" "$tmp/$asset" || build "the release at $base has no $asset for this platform"

# From here on a failure installs nothing and does not fall back: the
# release exists, and what was downloaded is not what it lists.
want=$(awk -v f="$asset" '$2 == f || $2 == "*" f { print $1; exit }' "$tmp/SHA256SUMS")
[ -n "$want" ] || die "refused: SHA256SUMS at $base has no line for $asset; nothing was installed"
got=$(sha256 "$tmp/$asset") || die "refused: no sha256sum or shasum to check $asset with; nothing was installed"
[ "$got" = "$want" ] || die "refused: checksum mismatch for $asset (SHA256SUMS says $want, the download is $got); nothing was installed"
mkdir "$tmp/x"
tar -xzf "$tmp/$asset" -C "$tmp/x" loopls 2>/dev/null || die "refused: $asset holds no loopls binary; nothing was installed"
got_version=$("$tmp/x/loopls" version 2>/dev/null) || die "refused: the loopls in $asset does not run on this machine; nothing was installed"
place "$tmp/x/loopls" "$got_version from $base/$asset (SHA-256 $got checked against SHA256SUMS)"
say "installed $got_version from $base/$asset (SHA-256 checked) at $dir/loopls"

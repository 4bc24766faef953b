#!/usr/bin/env bash
# Two release builds of one commit in two fresh clones give identical bytes:
# clones HEAD twice, tags each clone REPRO_VERSION (lightweight, local),
# runs `make release` in each, the second with an empty Go build cache,
# another TMPDIR and another umask, and compares every file in dist/.
# Fails, naming the files, when any byte differs.
# Env: REPRO_TARGETS (default "linux-x64 win32-x64": one tar.gz and one zip,
#   cheap enough for CI; "all" for every platform), REPRO_VERSION (v0.0.0-repro), GO.
set -eEuo pipefail
trap 'printf "[release-repro] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
targets=${REPRO_TARGETS:-linux-x64 win32-x64}
[ "$targets" = all ] && targets="linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64 win32-arm64"
version=${REPRO_VERSION:-v0.0.0-repro}
work=$(mktemp -d "${TMPDIR:-/tmp}/loopls-repro.XXXXXX")
trap 'rm -rf "$work"' EXIT
commit=$(git -C "$repo" rev-parse HEAD)

build() { # NAME [env…]
  local name=$1; shift
  git clone -q --no-local "$repo" "$work/$name"
  git -C "$work/$name" checkout -q --detach "$commit"
  git -C "$work/$name" tag "$version"
  mkdir -p "$work/tmp-$name"
  (cd "$work/$name" && env TMPDIR="$work/tmp-$name" "$@" make -s release VERSION="$version" RELEASE_TARGETS="$targets" > "$work/$name.log" 2>&1) \
    || { cat "$work/$name.log" >&2; echo "release-repro: make release failed in the $name clone" >&2; exit 1; }
}
build a
build b GOCACHE="$work/gocache-b" sh -c 'umask 002; exec "$@"' umask

a=$work/a/dist b=$work/b/dist
diff <(cd "$a" && ls -1) <(cd "$b" && ls -1) || { echo "release-repro: the two releases hold different files" >&2; exit 1; }
bad=0
for f in $(cd "$a" && ls -1); do
  cmp -s "$a/$f" "$b/$f" || { echo "release-repro: $f differs between the two builds" >&2; bad=1; }
done
[ "$bad" = 0 ] || exit 1
echo "release-repro: $(cd "$a" && ls -1 | wc -l) files identical in two clones of $commit ($targets):"
cat "$a/SHA256SUMS"

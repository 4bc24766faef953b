#!/usr/bin/env bash
# Packages loopls once per VS Code target platform: the extension with the
# loopls binary inside (server/loopls, server/loopls.exe on Windows), the way
# rust-analyzer and vscode-go ship theirs (`vsce package --target T`), and,
# with ARCHIVES=1, the binary alone as the release archive the installers
# fetch (editors/nvim/scripts/install-binary.sh, install-binary.ps1):
# loopls-TARGET.tar.gz, or loopls-TARGET.zip for win32-*, each holding the
# binary, LICENSE and README.md. `make release` drives it.
#
# usage: package.sh OUTDIR TARGET...
#   TARGET: linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64 win32-arm64
# Env: GO (default go); VERSION (the binary's version; default from git);
#   ARCHIVES=1 (also the archives); PACKAGE_VSIX=0 (no vsix; not VSIX, which the
#   editor harnesses set to a .vsix path and pass down to this script);
#   SOURCE_DATE_EPOCH (every timestamp in what it writes; default: HEAD's commit time).
# Writes OUTDIR/loopls-TARGET.vsix (and the archives). Needs node_modules (npm ci here)
# for the vsix, GNU tar, gzip and zip for the archives.
#
# Reproducible: the same commit gives the same bytes. The binary is built with
# no cgo, -trimpath, -buildvcs=false and an empty build ID; every archive entry
# has a fixed mode (755 the binary, 644 the rest), owner 0, the time
# SOURCE_DATE_EPOCH and a sorted order; gzip -n keeps no name or time; vsce
# honours SOURCE_DATE_EPOCH and sorts its entries when it is set.
set -eEuo pipefail
trap 'printf "[package.sh] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:?usage: package.sh OUTDIR TARGET...}; shift
[ $# -gt 0 ] || { echo "package.sh: no target" >&2; exit 2; }
mkdir -p "$out"; out=$(cd "$out" && pwd)
go=${GO:-go}
version=${VERSION:-$(git -C "$repo" describe --tags --always --dirty 2>/dev/null || echo dev)}
archives=${ARCHIVES:-0}
vsix=${PACKAGE_VSIX:-1}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$repo" log -1 --format=%ct 2>/dev/null || echo 0)}
export TZ=UTC # zip stores local times
vsce=$here/node_modules/.bin/vsce
if [ "$vsix" = 1 ]; then
  [ -x "$vsce" ] || { echo "package.sh: $vsce missing (npm ci in editors/vscode)" >&2; exit 1; }
fi

goos_goarch() {
  case $1 in
    linux-x64) echo linux amd64 ;;
    linux-arm64) echo linux arm64 ;;
    darwin-x64) echo darwin amd64 ;;
    darwin-arm64) echo darwin arm64 ;;
    win32-x64) echo windows amd64 ;;
    win32-arm64) echo windows arm64 ;;
    *) echo "package.sh: unknown target $1 (linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64 win32-arm64)" >&2; return 1 ;;
  esac
}
for t in "$@"; do goos_goarch "$t" > /dev/null; done

# The extension's version: the release's (v1.2.3 → 1.2.3) when it is one.
ext_version=
if [[ $version =~ ^v([0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?)$ ]]; then ext_version=${BASH_REMATCH[1]}; fi

# One bundle for every target: the extension is JavaScript.
if [ "$vsix" = 1 ]; then
  (cd "$here" && npx tsc -p . --noEmit && npx tsc -p tsconfig.webview.json && node esbuild.mjs --production)
fi

stage_root=$(mktemp -d "${TMPDIR:-/tmp}/loopls-package.XXXXXX")
trap 'rm -rf "$stage_root"' EXIT

# fix_tree DIR: fixed modes and times for everything under DIR, so what
# umask and the clock chose never reaches an archive.
fix_tree() {
  find "$1" -type d -exec chmod 755 {} +
  find "$1" -type f -exec chmod 644 {} +
  find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}

for t in "$@"; do
  read -r goos goarch < <(goos_goarch "$t")
  exe=loopls; [ "$goos" = windows ] && exe=loopls.exe
  bin=$stage_root/bin-$t/$exe
  echo "package.sh: $t: go build ($goos/$goarch)" >&2
  (cd "$repo" && CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch "$go" build -trimpath -buildvcs=false \
    -ldflags "-s -w -buildid= -X main.version=$version" -o "$bin" ./cmd/loopls)

  if [ "$vsix" = 1 ]; then
    stage=$stage_root/$t
    mkdir -p "$stage/server"
    # What .vscodeignore keeps, and nothing of another target.
    cp -R "$here/package.json" "$here/README.md" "$here/LICENSE" "$here/.vscodeignore" "$here/dist" "$here/media" "$stage/"
    cp "$bin" "$stage/server/$exe"
    if [ -n "$ext_version" ]; then
      (cd "$stage" && node -e 'const fs=require("fs");const p=JSON.parse(fs.readFileSync("package.json","utf8"));p.version=process.argv[1];fs.writeFileSync("package.json",JSON.stringify(p,null,2)+"\n")' "$ext_version")
    fi
    fix_tree "$stage"
    chmod 755 "$stage/server/$exe"
    (cd "$stage" && "$vsce" package --no-dependencies --target "$t" --out "$out/loopls-$t.vsix" > "$stage_root/vsce-$t.log" 2>&1) \
      || { cat "$stage_root/vsce-$t.log" >&2; exit 1; }
    echo "package.sh: wrote $out/loopls-$t.vsix" >&2
  fi

  if [ "$archives" = 1 ]; then
    a=$stage_root/archive-$t
    mkdir -p "$a"
    cp "$bin" "$a/$exe"; cp "$repo/LICENSE" "$repo/README.md" "$a/"
    fix_tree "$a"
    chmod 755 "$a/$exe"
    files=$(cd "$a" && LC_ALL=C ls -1 | tr '\n' ' ')
    if [ "$goos" = windows ]; then
      rm -f "$out/loopls-$t.zip"
      # -X: no uid/gid or extra time fields; -D: no directory entries.
      (cd "$a" && zip -q -X -D -9 "$out/loopls-$t.zip" $files)
      echo "package.sh: wrote $out/loopls-$t.zip" >&2
    else
      (cd "$a" && tar --format=gnu --sort=name --owner=0 --group=0 --numeric-owner \
        --mtime="@$SOURCE_DATE_EPOCH" -cf - $files) | gzip -n -9 > "$out/loopls-$t.tar.gz"
      echo "package.sh: wrote $out/loopls-$t.tar.gz" >&2
    fi
  fi
done

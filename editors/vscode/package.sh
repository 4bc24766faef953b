#!/usr/bin/env bash
# Packages the extension once per VS Code target platform with the loopls
# binary inside (server/loopls, server/loopls.exe on Windows), the way
# rust-analyzer and vscode-go ship theirs: `vsce package --target T`.
# usage: package.sh OUTDIR TARGET...   (TARGET: linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64)
# Env: GO (default go), VERSION (the binary's --version; default from git).
# Writes OUTDIR/loopls-TARGET.vsix. Needs node_modules (npm ci here).
set -eEuo pipefail
trap 'printf "[package.sh] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:?usage: package.sh OUTDIR TARGET...}; shift
[ $# -gt 0 ] || { echo "package.sh: no target" >&2; exit 2; }
mkdir -p "$out"; out=$(cd "$out" && pwd)
go=${GO:-go}
version=${VERSION:-$(git -C "$repo" describe --tags --always --dirty 2>/dev/null || echo dev)}
vsce=$here/node_modules/.bin/vsce
[ -x "$vsce" ] || { echo "package.sh: $vsce missing (npm ci in editors/vscode)" >&2; exit 1; }

goos_goarch() {
  case $1 in
    linux-x64) echo linux amd64 ;;
    linux-arm64) echo linux arm64 ;;
    darwin-x64) echo darwin amd64 ;;
    darwin-arm64) echo darwin arm64 ;;
    win32-x64) echo windows amd64 ;;
    *) echo "package.sh: unknown target $1 (linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64)" >&2; return 1 ;;
  esac
}
for t in "$@"; do goos_goarch "$t" > /dev/null; done

# One bundle for every target: the extension is JavaScript.
(cd "$here" && npx tsc -p . --noEmit && npx tsc -p tsconfig.webview.json && node esbuild.mjs --production)

stage_root=$(mktemp -d "${TMPDIR:-/tmp}/loopls-vsix.XXXXXX")
trap 'rm -rf "$stage_root"' EXIT
for t in "$@"; do
  read -r goos goarch < <(goos_goarch "$t")
  exe=loopls; [ "$goos" = windows ] && exe=loopls.exe
  stage=$stage_root/$t
  mkdir -p "$stage/server"
  # What .vscodeignore keeps, and nothing of another target.
  cp -R "$here/package.json" "$here/README.md" "$here/LICENSE" "$here/.vscodeignore" "$here/dist" "$here/media" "$stage/"
  echo "package.sh: $t: go build ($goos/$goarch)" >&2
  (cd "$repo" && CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch "$go" build \
    -ldflags "-s -w -X main.version=$version" -o "$stage/server/$exe" ./cmd/loopls)
  chmod 755 "$stage/server/$exe"
  (cd "$stage" && "$vsce" package --no-dependencies --target "$t" --out "$out/loopls-$t.vsix" > "$stage_root/vsce-$t.log" 2>&1) \
    || { cat "$stage_root/vsce-$t.log" >&2; exit 1; }
  echo "package.sh: wrote $out/loopls-$t.vsix" >&2
done

#!/usr/bin/env bash
# Installs code-server (VS Code 1.100.3 in the browser) into PREFIX from the
# npm registry alone. code-server's own postinstall fetches things from
# GitHub, so it is skipped and its needed steps are done here:
#   - ripgrep: Debian's rg is put where @vscode/ripgrep would download one;
#   - native modules (kerberos, node-pty, argon2) are built against the node
#     headers in /usr/include/node (npm_config_nodedir=/usr); node-pty's
#     rebuild runs `npx node-gyp`, which needs npm_config_yes;
#   - the links and the built-in extensions' packages postinstall.sh makes.
# 4.100.x is the last code-server whose engines accept node 20.
# usage: install-code-server.sh PREFIX      (needs build-essential python3 pkg-config libkrb5-dev ripgrep)
set -eEuo pipefail
trap 'printf "[install-code-server] FAILED (exit %s) at %s:%s: %s\n" "$?" "${BASH_SOURCE[0]}" "$LINENO" "$BASH_COMMAND" >&2' ERR
prefix=$(realpath -m "${1:?usage: install-code-server.sh PREFIX}")
version=${CODE_SERVER_VERSION:-4.100.3}
entry=$prefix/node_modules/code-server/out/node/entry.js
if [ -f "$entry" ] && [ -z "${FORCE:-}" ] && node "$entry" --config /dev/null --version 2>/dev/null | grep -q "^$version "; then
  node "$entry" --config /dev/null --version
  exit 0
fi
[ -f /usr/include/node/node.h ] || { echo "install-code-server.sh: node headers missing in /usr/include/node (nodejs from nodesource ships them)" >&2; exit 1; }
command -v rg > /dev/null || { echo "install-code-server.sh: rg missing (apt-get install ripgrep)" >&2; exit 1; }
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
mkdir -p "$prefix"
rm -rf "$prefix/node_modules/code-server"
npm install --prefix "$prefix" --ignore-scripts "code-server@$version"
vs=$prefix/node_modules/code-server/lib/vscode
(
  cd "$vs"
  npm install --omit=dev --ignore-scripts
  mkdir -p node_modules/@vscode/ripgrep/bin
  cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
  npm_config_yes=true npm_config_nodedir=/usr npm rebuild
  ln -sfn node_modules node_modules.asar
  (cd bin/remote-cli && ln -sfn code-linux.sh code-server)
  (cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
  (cd extensions && npm_config_nodedir=/usr npm install --omit=dev)
)
(cd "$prefix" && npm_config_nodedir=/usr npm rebuild argon2)
node "$entry" --config /dev/null --version

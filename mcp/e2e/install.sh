#!/bin/sh
# Installs the real MCP servers the MCP tests run
# (@modelcontextprotocol/server-everything and server-filesystem, pinned by
# package-lock.json) next to this script.
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund

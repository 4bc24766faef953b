#!/bin/sh
# Installs the ACP end-to-end harness's npm packages (@agentclientprotocol/sdk
# 2.4.0 and zod 4, pinned by package-lock.json) next to this script.
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund

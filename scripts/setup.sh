#!/usr/bin/env bash
# Everything a fresh Debian 12 machine (as root, with Node >= 20.18 and npm) needs for the
# demo and the tests: system packages, then the project's npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major=$(node -p 'process.versions.node.split(".").map(Number).join(" ")' | awk '{ print ($1 > 20 || ($1 == 20 && $2 >= 18)) ? "ok" : "old" }')
if [ "$node_major" != ok ]; then
  echo "Node $(node --version) is too old: the client's undici 7 needs Node >= 20.18." >&2
  exit 1
fi

bash scripts/puppetdb/install.sh
bash scripts/setup-node24.sh >/dev/null
bash scripts/setup-vscode-runtime.sh

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

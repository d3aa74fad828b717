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

# The project's npm packages need only Node and the registry: npm ci runs beside the system
# packages and the VS Code runtime (apt and the code-server installs) rather than after them.
# SETUP_READY_DIR=DIR (scripts/test.sh): each part, once ready, says so by a file in DIR (`npm`:
# the npm packages; `puppetdb`: PostgreSQL and PuppetDB), so that the tests that need only it start
# while the rest is still being installed.
ready() {
  [ -z "${SETUP_READY_DIR:-}" ] || touch "$SETUP_READY_DIR/$1"
}
npm_pid=""
puppetdb_pid=""
# what runs in the background is stopped with a failed step
trap 'kill $npm_pid $puppetdb_pid 2>/dev/null || true' EXIT
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm_log=$(mktemp)
  (npm ci --no-audit --no-fund >"$npm_log" 2>&1 && ready npm) &
  npm_pid=$!
else
  ready npm
fi

# apt takes one step at a time: Chromium and the headers code-server builds against first; then
# PostgreSQL and PuppetDB (a JVM: the biggest download) go in while code-server is fetched and built.
bash scripts/setup-vscode-runtime.sh --system-packages-only
puppetdb_log=$(mktemp)
(bash scripts/puppetdb/install.sh >"$puppetdb_log" 2>&1 && ready puppetdb) &
puppetdb_pid=$!
bash scripts/setup-node24.sh >/dev/null
bash scripts/setup-vscode-runtime.sh
if ! wait "$puppetdb_pid"; then
  cat "$puppetdb_log" >&2
  echo "installing PostgreSQL and PuppetDB failed (its output is above)" >&2
  exit 1
fi
cat "$puppetdb_log"
rm -f "$puppetdb_log"

if [ -n "$npm_pid" ]; then
  if ! wait "$npm_pid"; then
    cat "$npm_log" >&2
    echo "npm ci failed (its output is above)" >&2
    exit 1
  fi
  grep -E "^(added|changed|removed|up to date)" "$npm_log" || true
  rm -f "$npm_log"
fi
trap - EXIT

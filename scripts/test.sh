#!/usr/bin/env bash
# Runs every test: static checks, unit tests, then integration tests against a real PuppetDB
# that this script installs, starts, loads with the sample fleet and stops again.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

echo "== static checks"
npm run --silent lint
npm run --silent typecheck

echo "== build and package"
npm run --silent package
npm run --silent build

echo "== unit tests"
npm run --silent test:unit

echo "== grammar tests"
npm run --silent test:grammar

echo "== integration tests against a real PuppetDB"
state_dir="$PWD/.work/puppetdb-test"
cleanup() { bash scripts/puppetdb/stop.sh "$state_dir" || true; }
trap cleanup EXIT
bash scripts/puppetdb/start.sh "$state_dir"
node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size 40
PDB_STATE_DIR="$state_dir" npm run --silent test:integration

echo "== the extension in a real VS Code (code-server's VS Code server + headless Chromium)"
PDB_STATE_DIR="$state_dir" npm run --silent test:vscode

echo "== the explorer on the oldest VS Code that engines.vscode accepts (1.96: unique tree item ids)"
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --vscode oldest --mode trusted \
  --grep "PuppetDB Explorer in a real VS Code"

echo "== end to end in headless Chromium (screenshots in test-results/)"
PDB_STATE_DIR="$state_dir" npm run --silent test:e2e

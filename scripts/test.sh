#!/usr/bin/env bash
# Runs every test: static checks, unit tests, then integration tests against a real PuppetDB
# that this script installs, starts, loads with the sample fleet and stops again.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each section's wall time, so the run's 30-minute budget can be watched where it goes.
section_name=""
section_started=$SECONDS
section() {
  if [ -n "$section_name" ]; then
    echo "-- $section_name: $((SECONDS - section_started)) s (total $SECONDS s)"
  fi
  section_name="$1"
  section_started=$SECONDS
  [ -n "$1" ] && echo "== $1"
  return 0
}

section "set-up"
bash scripts/setup.sh

section "static checks"
npm run --silent lint
npm run --silent typecheck

section "build and package"
npm run --silent package
npm run --silent build

section "unit tests"
npm run --silent test:unit

section "grammar tests"
npm run --silent test:grammar

section "a real PuppetDB with the sample fleet"
state_dir="$PWD/.work/puppetdb-test"
cleanup() { bash scripts/puppetdb/stop.sh "$state_dir" || true; }
trap cleanup EXIT
bash scripts/puppetdb/start.sh "$state_dir"
node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size 40

section "integration tests against a real PuppetDB"
PDB_STATE_DIR="$state_dir" npm run --silent test:integration

section "the extension in a real VS Code (code-server's VS Code server + headless Chromium)"
PDB_STATE_DIR="$state_dir" npm run --silent test:vscode

section "the explorer on the oldest VS Code that engines.vscode accepts (1.96: unique tree item ids)"
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --vscode oldest --mode trusted \
  --grep "PuppetDB Explorer in a real VS Code"

section "end to end in headless Chromium (screenshots in test-results/)"
PDB_STATE_DIR="$state_dir" npm run --silent test:e2e
section ""

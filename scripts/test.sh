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

section "static checks (lint and typecheck side by side: each keeps one core busy)"
lint_log=$(mktemp)
npm run --silent lint >"$lint_log" 2>&1 &
lint_pid=$!
typecheck_status=0
npm run --silent typecheck || typecheck_status=$?
lint_status=0
wait "$lint_pid" || lint_status=$?
cat "$lint_log"
rm -f "$lint_log"
if [ "$lint_status" -ne 0 ] || [ "$typecheck_status" -ne 0 ]; then
  echo "static checks failed: lint exited $lint_status, typecheck $typecheck_status" >&2
  exit 1
fi

section "build and package"
npm run --silent package
npm run --silent build

# PuppetDB's JVM starts, and the sample fleet goes in, while the unit and grammar tests run: they
# keep one core busy, and the start is mostly waiting (PostgreSQL, the JVM, the command queue).
state_dir="$PWD/.work/puppetdb-test"
puppetdb_log=$(mktemp)
{
  bash scripts/puppetdb/start.sh "$state_dir" &&
    node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size 40
} >"$puppetdb_log" 2>&1 &
puppetdb_pid=$!
cleanup() {
  # a start still under way is stopped first, so that stop.sh sees what it left
  if kill -0 "$puppetdb_pid" 2>/dev/null; then
    pkill -TERM -P "$puppetdb_pid" 2>/dev/null || true
    kill "$puppetdb_pid" 2>/dev/null || true
    wait "$puppetdb_pid" 2>/dev/null || true
  fi
  bash scripts/puppetdb/stop.sh "$state_dir" || true
  rm -f "$puppetdb_log"
}
trap cleanup EXIT

section "unit tests"
npm run --silent test:unit

section "grammar tests"
npm run --silent test:grammar

section "a real PuppetDB with the sample fleet (started beside the unit tests: what is left of it)"
puppetdb_status=0
wait "$puppetdb_pid" || puppetdb_status=$?
cat "$puppetdb_log"
if [ "$puppetdb_status" -ne 0 ]; then
  echo "starting PuppetDB or loading the sample fleet failed (exit $puppetdb_status)" >&2
  exit 1
fi

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

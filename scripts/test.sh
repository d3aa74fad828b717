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

# The set-up runs in the background: the static checks, the build and the unit tests need only
# the npm packages, and start once those are in, while apt fetches and installs the system
# packages and code-server's native modules are built (on a fresh machine apt alone took about
# 80 s, mostly waiting for the network); the PuppetDBs start once PostgreSQL and PuppetDB are in.
# What needs the whole set-up (a VS Code, Chromium) waits for its end.
section "set-up: the npm packages (the rest goes on beside the next steps)"
setup_ready=$(mktemp -d)
setup_log=$(mktemp)
SETUP_READY_DIR="$setup_ready" bash scripts/setup.sh >"$setup_log" 2>&1 &
setup_pid=$!
# waits until the set-up says `part` is ready; fails when the set-up ended without it
wait_for_setup() {
  while [ ! -e "$setup_ready/$1" ]; do
    if ! kill -0 "$setup_pid" 2>/dev/null; then
      [ -e "$setup_ready/$1" ] || return 1
    fi
    sleep 1
  done
}
# the set-up's end: its output, and its exit status
setup_status=""
finish_setup() {
  if [ -z "$setup_status" ]; then
    setup_status=0
    wait "$setup_pid" || setup_status=$?
    cat "$setup_log"
  fi
  return "$setup_status"
}
if ! wait_for_setup npm; then
  finish_setup || true
  echo "the set-up failed before the npm packages were in (its output is above)" >&2
  exit 1
fi
# Every PuppetDB this run starts (and the tests start or restart) is a test server on two shared
# cores: one that starts on less CPU and compiles less beside the tests (scripts/puppetdb/jvm.sh)
export PDB_JVM_QUICK=1

# Two PuppetDBs start, and the sample fleet goes into each, as soon as PostgreSQL and PuppetDB are
# installed, beside the static checks, the build and the unit tests: the static checks kept the
# second core busy for only about half their time (the typecheck ends long before the lint), and a
# start is partly waiting (PostgreSQL, the JVM, the command queue).
# The first serves the integration and extension-host tests, the second the end-to-end scripts, so
# the two lanes run side by side (each test changes only its own server's fleet). The second
# starts once the first is up, so that two JVMs do not start on the two cores at once.
state_dir="$PWD/.work/puppetdb-test"
e2e_state_dir="$PWD/.work/puppetdb-e2e"
puppetdb_log=$(mktemp)
e2e_puppetdb_log=$(mktemp)
# each start's exit status, for the jobs that wait on it (a job can only `wait` for its own children)
first_started=$(mktemp -u)
second_started=$(mktemp -u)
start_puppetdb() {
  bash scripts/puppetdb/start.sh "$1" &&
    node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$1" --size 40
}
wait_for_status() {
  while [ ! -s "$1" ]; do sleep 1; done
  return "$(cat "$1")"
}
{
  status=0
  if wait_for_setup puppetdb; then
    PDB_POOL_SIZE=8 start_puppetdb "$state_dir" >"$puppetdb_log" 2>&1 || status=$?
  else
    echo "the set-up ended without installing PostgreSQL and PuppetDB" >"$puppetdb_log"
    status=1
  fi
  echo "$status" >"$first_started"
  exit "$status"
} &
puppetdb_pid=$!
{
  wait_for_status "$first_started" || true
  status=0
  # PostgreSQL's 100 connections are shared by both servers and the failover tests' third
  PDB_POOL_SIZE=8 start_puppetdb "$e2e_state_dir" >"$e2e_puppetdb_log" 2>&1 || status=$?
  echo "$status" >"$second_started"
  exit "$status"
} &
e2e_puppetdb_pid=$!
# A third, with a fleet of its own (12 nodes of another seed): the second PuppetDB of the suites
# that run one query on several connections (test/vscode/secondServer.ts), in either lane. It
# starts once the second is up; those suites wait for it through PDB_SECOND_READY.
second_fleet_state_dir="$PWD/.work/puppetdb-second"
second_fleet_log=$(mktemp)
third_started=$(mktemp -u)
{
  wait_for_status "$second_started" || true
  status=0
  {
    PDB_POOL_SIZE=4 PDB_HEAP=512m bash scripts/puppetdb/start.sh "$second_fleet_state_dir" &&
      node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$second_fleet_state_dir" \
        --size 12 --seed 7 --concurrency 4
  } >"$second_fleet_log" 2>&1 || status=$?
  [ "$status" -eq 0 ] || cat "$second_fleet_log"
  echo "$status" >"$third_started"
  exit "$status"
} &
second_fleet_pid=$!
export PDB_SECOND_STATE_DIR="$second_fleet_state_dir" PDB_SECOND_READY="$third_started"
e2e_lane_pid=""
e2e_lane_log=$(mktemp)
# the end-to-end scripts are shared by both lanes: each claims a script here before it runs it
e2e_claims=$(mktemp -d)
# a background job and everything it started, children first (not by name: only what it started)
stop_tree() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do stop_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}
stop_start() {
  if kill -0 "$1" 2>/dev/null; then
    stop_tree "$1"
    wait "$1" 2>/dev/null || true
  fi
}
cleanup() {
  # a start still under way is stopped first, so that stop.sh sees what it left
  stop_start "$setup_pid"
  stop_start "$second_fleet_pid"
  stop_start "$e2e_puppetdb_pid"
  stop_start "$puppetdb_pid"
  [ -n "$e2e_lane_pid" ] && stop_start "$e2e_lane_pid"
  bash scripts/puppetdb/stop.sh "$second_fleet_state_dir" || true
  bash scripts/puppetdb/stop.sh "$e2e_state_dir" || true
  bash scripts/puppetdb/stop.sh "$state_dir" || true
  rm -f "$puppetdb_log" "$e2e_puppetdb_log" "$e2e_lane_log" "$first_started" "$second_started" \
    "$second_fleet_log" "$third_started"
  rm -rf "$e2e_claims" "$setup_ready"
  rm -f "$setup_log"
}
trap cleanup EXIT

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

section "unit tests"
# two files at a time (Node's default is one fewer than the cores: one here): 141 s alone became
# 94 s on an idle 2-core machine
npm run --silent test:unit -- --test-concurrency=2

section "grammar tests"
npm run --silent test:grammar

section "the rest of the set-up (begun at the start: what is left of it)"
if ! finish_setup; then
  echo "the set-up failed (exit $setup_status; its output is above)" >&2
  exit 1
fi

section "a real PuppetDB with the sample fleet (started once it was installed: what is left of it)"
puppetdb_status=0
wait "$puppetdb_pid" || puppetdb_status=$?
cat "$puppetdb_log"
if [ "$puppetdb_status" -ne 0 ]; then
  echo "starting PuppetDB or loading the sample fleet failed (exit $puppetdb_status)" >&2
  exit 1
fi

# The end-to-end lane: its own PuppetDB, its output kept until the other lane has printed. The
# other lane takes the scripts this one has not claimed yet once its own tests are done.
{
  e2e_lane_started=$SECONDS
  status=0
  if wait_for_status "$second_started"; then
    cat "$e2e_puppetdb_log"
    PDBX_E2E_CLAIMS="$e2e_claims" PDB_STATE_DIR="$e2e_state_dir" npm run --silent test:e2e ||
      status=$?
  else
    cat "$e2e_puppetdb_log"
    echo "starting the end-to-end lane's PuppetDB or loading its fleet failed" >&2
    status=1
  fi
  echo "-- the end-to-end lane: $((SECONDS - e2e_lane_started)) s (ended at total $SECONDS s)"
  exit "$status"
} >"$e2e_lane_log" 2>&1 &
e2e_lane_pid=$!

# A failure in this lane is noted and the lane goes on: the other lane runs anyway, and every
# failure of the run is then printed together.
failed_sections=()
section "integration tests against a real PuppetDB"
PDB_STATE_DIR="$state_dir" npm run --silent test:integration || failed_sections+=("integration")

section "the extension in a real VS Code (code-server's VS Code server + headless Chromium)"
PDB_STATE_DIR="$state_dir" npm run --silent test:vscode || failed_sections+=("extension host")

section "the explorer on the oldest VS Code that engines.vscode accepts (1.96: unique tree item ids)"
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --vscode oldest --mode trusted \
  --grep "PuppetDB Explorer in a real VS Code" || failed_sections+=("oldest VS Code")

section "end to end in headless Chromium: the scripts the other lane left (screenshots in test-results/)"
PDBX_E2E_CLAIMS="$e2e_claims" PDB_STATE_DIR="$state_dir" npm run --silent test:e2e ||
  failed_sections+=("end to end (this lane)")

section "end to end in headless Chromium: the other lane, beside the tests above"
e2e_status=0
wait "$e2e_lane_pid" || e2e_status=$?
e2e_lane_pid=""
cat "$e2e_lane_log"
section ""
[ "$e2e_status" -eq 0 ] || failed_sections+=("end to end (the other lane)")
if [ "${#failed_sections[@]}" -gt 0 ]; then
  echo "failed: ${failed_sections[*]} (their output is above)" >&2
  exit 1
fi

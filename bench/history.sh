#!/usr/bin/env bash
# npm run bench:history — "Why is this node failing?" and "compare two runs" against a real
# PuppetDB, each beside the raw requests of the same queries in the same run (bench/history/):
# the failing-since walk on a node with 500 reports (the first bad run 450 runs back: pages of
# summaries until the last good run, then the two runs' events and logs), and the comparison of
# two runs of 3,000 resources each (one request for both, then the comparison itself).
#
# The data is loaded once into BENCH_HISTORY_STATE_DIR (default .work/bench-history: its own state
# dir and database) and kept; a PuppetDB this run had to start is stopped at the end.
# BENCH_SKIP_SETUP=1 skips scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
state_dir="$(realpath -m "${BENCH_HISTORY_STATE_DIR:-$PWD/.work/bench-history}")"
[ "${BENCH_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh

running() {
  [ -f "$state_dir/env" ] || return 1
  local url
  url="$(grep '^PDB_HTTP_URL=' "$state_dir/env" | cut -d= -f2)"
  curl -sf "$url/status/v1/services/puppetdb-status" >/dev/null 2>&1
}
if ! running; then
  if [ -f "$state_dir/history-bench.json" ]; then
    bash scripts/puppetdb/restart.sh "$state_dir"
  else
    PDB_POOL_SIZE="${PDB_POOL_SIZE:-4}" PDB_ASYNC_COMMIT=1 bash scripts/puppetdb/start.sh "$state_dir"
  fi
  trap 'bash scripts/puppetdb/stop.sh "$state_dir" || true' EXIT
fi
node --import tsx bench/history/history.ts "$state_dir"

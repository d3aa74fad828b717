#!/usr/bin/env bash
# npm run bench:soak — a 100-node fleet (about 10,700 facts) in a real PuppetDB; in a real VS Code
# extension host with the webviews in headless Chromium: 1,000 tree refreshes with a node's
# sections expanded, 200 PQL runs of 5,000 rows, 50 catalog graphs and 50 events tables opened
# and closed; the extension host's heap and RSS at the start, the middle and the end, and the
# panels, listeners and handles left (see bench/soak/index.ts).
#
#   SOAK_SCALE=0.2 npm run bench:soak      every count scaled (the defaults take ~10 min on 2 cores)
#   SOAK_STATE_DIR=.work/x npm run bench:soak
#                                          a PuppetDB already running there, with a fleet of at
#                                          least 47 nodes loaded: used as it is, left running
#   SOAK_ROUNDS, SOAK_HEAP_SNAPSHOTS=<dir> see bench/soak/index.ts
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${SOAK_STATE_DIR:-}" ]; then
  state_dir="$(realpath -m "$SOAK_STATE_DIR")"
  pid="$(sed -n 's/^\(export \)\{0,1\}PDB_PID=//p' "$state_dir/env" 2>/dev/null | tr -d "\"'" || true)"
  if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then
    echo "SOAK_STATE_DIR=$SOAK_STATE_DIR has no running PuppetDB (start it with scripts/puppetdb/start.sh)" >&2
    exit 1
  fi
else
  bash scripts/setup.sh
  state_dir="$PWD/.work/puppetdb-bench-soak"
  size="${BENCH_SOAK_FLEET_SIZE:-100}"
  cleanup() { bash scripts/puppetdb/stop.sh "$state_dir" || true; }
  trap cleanup EXIT
  bash scripts/puppetdb/start.sh "$state_dir"
  node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size "$size" --concurrency 4
fi
node esbuild.mjs --production --bench >/dev/null
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --mode trusted \
  --tests-path out/bench/soak/index.js

#!/usr/bin/env bash
# npm run bench:memory — the extension host's memory with every view open at once, on the
# 10,000-node fleet of bench:fleet (.work/fleet, kept between runs: scripts/puppetdb/keep-fleet.sh);
# in a real VS Code extension host with the webviews in headless Chromium: the tree, the overview,
# the inventory, the fact explorer, recent runs, fleet events, a catalog graph of 3,000 resources,
# a report and a PQL result of 100,000 rows, opened one after another and then closed; the host's
# heap and RSS after GC at each step beside the idle host's, and Chromium's memory beside them
# (see bench/hostMemory/index.ts).
#   BENCH_FLEET_STATE_DIR, BENCH_FLEET_SIZE   another fleet (as bench:fleet)
#   BENCH_SKIP_SETUP=1                        skip scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
state_dir="${BENCH_FLEET_STATE_DIR:-$PWD/.work/fleet}"
size="${BENCH_FLEET_SIZE:-10000}"
[ "${BENCH_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh

bash scripts/puppetdb/keep-fleet.sh "$state_dir" "$size"
node esbuild.mjs --production --bench >/dev/null
PDBX_BROWSER_PROBE=1 node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" \
  --mode trusted --tests-path out/bench/hostMemory/index.js

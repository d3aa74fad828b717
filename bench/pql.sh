#!/usr/bin/env bash
# npm run bench:pql — a 1,000-node fleet (about 107,000 facts) in a real PuppetDB; in a real VS
# Code extension host with the results panel in headless Chromium: a PQL query of every fact,
# time to the first row shown and to all rows, against a raw request of the same query.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
state_dir="$PWD/.work/puppetdb-bench-pql"
size="${BENCH_PQL_FLEET_SIZE:-1000}"
cleanup() { bash scripts/puppetdb/stop.sh "$state_dir" || true; }
trap cleanup EXIT
bash scripts/puppetdb/start.sh "$state_dir"
node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size "$size" --concurrency 4
node esbuild.mjs --production --bench >/dev/null
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --tests-path out/bench/pql/index.js

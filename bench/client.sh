#!/usr/bin/env bash
# npm run bench:client — starts a real PuppetDB, loads a 2,000-node fleet (about 214,000 facts)
# unless it is already loaded, and prints the client's ratios against raw undici + JSON.parse.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
state_dir="$PWD/.work/puppetdb-bench"
size="${BENCH_FLEET_SIZE:-2000}"
cleanup() { bash scripts/puppetdb/stop.sh "$state_dir" || true; }
trap cleanup EXIT
bash scripts/puppetdb/start.sh "$state_dir"
node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size "$size"
node --import tsx bench/client.ts --state-dir "$state_dir" --rounds "${BENCH_ROUNDS:-5}"
node --import tsx bench/memory.ts --state-dir "$state_dir"

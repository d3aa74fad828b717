#!/usr/bin/env bash
# npm run bench:fleet — the fleet overview against a real PuppetDB holding a large fleet
# (BENCH_FLEET_SIZE, default 10,000 nodes), in a real VS Code extension host: first paint after
# open and refresh, each beside a raw request of the same PuppetDB queries in the same run.
#
# The fleet is loaded once into BENCH_FLEET_STATE_DIR (default .work/fleet: its own state dir and
# database) and reused by the next runs (scripts/puppetdb/keep-fleet.sh: a stopped PuppetDB is
# started again, only a missing or smaller fleet is loaded, and the load time is printed). The
# PuppetDB is left running for the next run; `bash scripts/puppetdb/stop.sh .work/fleet` stops it
# (BENCH_FLEET_STOP=1 stops it at the end of this run). BENCH_SKIP_SETUP=1 skips scripts/setup.sh.
# BENCH_FLEET_ONLY=runs,overview,facts,inventory,events,report,compare,graph (any subset, comma-separated) runs only those rows.
set -euo pipefail
cd "$(dirname "$0")/.."
state_dir="${BENCH_FLEET_STATE_DIR:-$PWD/.work/fleet}"
size="${BENCH_FLEET_SIZE:-10000}"
[ "${BENCH_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh

bash scripts/puppetdb/keep-fleet.sh "$state_dir" "$size"
if [ "${BENCH_FLEET_STOP:-0}" = 1 ]; then trap 'bash scripts/puppetdb/stop.sh "$state_dir" || true' EXIT; fi

node esbuild.mjs --production >/dev/null
echo "overview bundle: dist/webview/overview.js $(( $(stat -c %s dist/webview/overview.js) / 1024 )) KB minified, $(( $(gzip -9c dist/webview/overview.js | wc -c) / 1024 )) KB gzipped"
node esbuild.mjs --production --bench >/dev/null
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --mode trusted --tests-path out/bench/fleet/index.js
if [ -z "${BENCH_FLEET_ONLY:-}" ] || [[ ",$BENCH_FLEET_ONLY," == *,inventory,* ]]; then
  node --import tsx bench/fleet/inventorySort.ts "$state_dir"
fi

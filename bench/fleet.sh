#!/usr/bin/env bash
# npm run bench:fleet — the fleet overview against a real PuppetDB holding a large fleet
# (BENCH_FLEET_SIZE, default 10,000 nodes), in a real VS Code extension host: first paint after
# open and refresh, each beside a raw request of the same PuppetDB queries in the same run.
#
# The fleet is loaded once into .work/fleet (its own state dir and database) and reused by the
# next runs: a PuppetDB still running there with a fleet of that size is used as it is; one that
# was stopped is started again with restart.sh (same database, the fleet stays). Only a missing
# or smaller fleet is (re)loaded, and the load time is printed. The PuppetDB is left running for
# the next run; `bash scripts/puppetdb/stop.sh .work/fleet` stops it (BENCH_FLEET_STOP=1 stops it
# at the end of this run).
set -euo pipefail
cd "$(dirname "$0")/.."
state_dir="${BENCH_FLEET_STATE_DIR:-$PWD/.work/fleet}"
size="${BENCH_FLEET_SIZE:-10000}"
[ "${BENCH_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh

loaded_size() {
  node -e 'try { console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).size) } catch { console.log(0) }' "$state_dir/fleet.json"
}
running() {
  [ -f "$state_dir/env" ] || return 1
  # shellcheck disable=SC1091
  url="$(grep '^PDB_HTTP_URL=' "$state_dir/env" | cut -d= -f2)"
  curl -sf "$url/status/v1/services/puppetdb-status" >/dev/null 2>&1
}

if [ "$(loaded_size)" -ge "$size" ] && running; then
  echo "fleet: reusing the $(loaded_size)-node fleet of $state_dir (loaded by an earlier run)"
elif [ "$(loaded_size)" -ge "$size" ] && [ -f "$state_dir/env" ]; then
  echo "fleet: starting the PuppetDB of $state_dir again (its $(loaded_size)-node fleet stays)"
  bash scripts/puppetdb/restart.sh "$state_dir"
else
  running || PDB_POOL_SIZE="${PDB_POOL_SIZE:-4}" bash scripts/puppetdb/start.sh "$state_dir"
  started=$(date +%s)
  node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size "$size" --concurrency 4
  echo "fleet: loaded $size nodes in $(( $(date +%s) - started )) s"
fi
if [ "${BENCH_FLEET_STOP:-0}" = 1 ]; then trap 'bash scripts/puppetdb/stop.sh "$state_dir" || true' EXIT; fi

node esbuild.mjs --production >/dev/null
echo "overview bundle: dist/webview/overview.js $(( $(stat -c %s dist/webview/overview.js) / 1024 )) KB minified, $(( $(gzip -9c dist/webview/overview.js | wc -c) / 1024 )) KB gzipped"
node esbuild.mjs --production --bench >/dev/null
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --mode trusted --tests-path out/bench/fleet/index.js

#!/usr/bin/env bash
# npm run bench:notebook — PQL notebooks in a real VS Code (bench/notebook/index.ts): a cell of
# 100,000 rows against the raw request, and a saved notebook of 20 cells with outputs opened.
#
# The fleet (1,000 nodes: 107,000 facts) is loaded once into BENCH_NOTEBOOK_STATE_DIR (default
# .work/notebook-fleet: its own state dir and database) and reused by the next runs
# (scripts/puppetdb/keep-fleet.sh). The PuppetDB is left running; `bash scripts/puppetdb/stop.sh
# .work/notebook-fleet` stops it (BENCH_NOTEBOOK_STOP=1 stops it at the end of this run).
# BENCH_SKIP_SETUP=1 skips scripts/setup.sh. BENCH_NOTEBOOK_RUNS (default 3) runs of each. Then
# the renderer alone with the same 100,000 rows (bench/notebook/rendererAlone.ts): its share.
set -euo pipefail
cd "$(dirname "$0")/.."
state_dir="${BENCH_NOTEBOOK_STATE_DIR:-$PWD/.work/notebook-fleet}"
size="${BENCH_NOTEBOOK_FLEET_SIZE:-1000}"
[ "${BENCH_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh

bash scripts/puppetdb/keep-fleet.sh "$state_dir" "$size"
if [ "${BENCH_NOTEBOOK_STOP:-0}" = 1 ]; then trap 'bash scripts/puppetdb/stop.sh "$state_dir" || true' EXIT; fi

node esbuild.mjs --production >/dev/null
echo "renderer bundle: dist/webview/notebookRenderer.js $(( $(stat -c %s dist/webview/notebookRenderer.js) / 1024 )) KB minified"
node --import tsx bench/notebook/index.ts --state-dir "$state_dir" --runs "${BENCH_NOTEBOOK_RUNS:-3}"
node --import tsx bench/notebook/rendererAlone.ts --state-dir "$state_dir"

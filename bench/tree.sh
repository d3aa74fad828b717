#!/usr/bin/env bash
# npm run bench:tree — the Nodes tree and the overview on a large fleet (BENCH_TREE_FLEET_SIZE,
# default 50,000 nodes) in a real PuppetDB; in a real VS Code extension host: activation time, the
# first page of "Nodes", "Load more", a filter, and the overview's first paint, each beside a raw
# request of the same PuppetDB query in the same run; the size of the production host bundle.
#
# The fleet is generated and loaded once into BENCH_TREE_STATE_DIR (default .work/fleet-<size>,
# its own state dir and database) and kept between runs: scripts/puppetdb/keep-fleet.sh reuses a
# PuppetDB running there with a fleet that large, starts a stopped one again (the database keeps
# the fleet), and loads only a missing or smaller fleet, printing the load time. Loading goes
# through PuppetDB's command API (3 commands per node): on a 2-core machine 50,000 nodes take
# hours, so let the first run finish once. The PuppetDB is left running for the next run;
# `bash scripts/puppetdb/stop.sh .work/fleet-50000` stops it (BENCH_TREE_STOP=1: at the end of
# this run). A fleet that is already loaded elsewhere (e.g. bench:fleet's 10,000 nodes):
#   BENCH_TREE_STATE_DIR=.work/fleet BENCH_TREE_FLEET_SIZE=10000 npm run bench:tree
# BENCH_SKIP_SETUP=1 skips scripts/setup.sh; FLEET_REUSE_ONLY=1 never starts or loads a PuppetDB.
set -euo pipefail
cd "$(dirname "$0")/.."
size="${BENCH_TREE_FLEET_SIZE:-50000}"
state_dir="${BENCH_TREE_STATE_DIR:-$PWD/.work/fleet-$size}"
[ "${BENCH_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh

bash scripts/puppetdb/keep-fleet.sh "$state_dir" "$size"
if [ "${BENCH_TREE_STOP:-0}" = 1 ]; then trap 'bash scripts/puppetdb/stop.sh "$state_dir" || true' EXIT; fi

node esbuild.mjs --production >/dev/null
echo "host bundle: dist/extensionMain.js $(( $(stat -c %s dist/extensionMain.js) / 1024 )) KB minified (target <= 1024 KB), its entry dist/extension.js $(( $(stat -c %s dist/extension.js) / 1024 )) KB"
node esbuild.mjs --production --bench >/dev/null
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --mode trusted --tests-path out/bench/tree/index.js

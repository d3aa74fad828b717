#!/usr/bin/env bash
# npm run bench:tree — a 10,000-node fleet in a real PuppetDB; in a real VS Code extension host:
# activation time and the first page of "Nodes" against a raw request of the same page; the size
# of the production host bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
state_dir="$PWD/.work/puppetdb-bench-tree"
size="${BENCH_TREE_FLEET_SIZE:-10000}"
cleanup() { bash scripts/puppetdb/stop.sh "$state_dir" || true; }
trap cleanup EXIT
bash scripts/puppetdb/start.sh "$state_dir"
node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size "$size" --concurrency 4
node esbuild.mjs --production >/dev/null
echo "host bundle: dist/extension.js $(( $(stat -c %s dist/extension.js) / 1024 )) KB minified (target <= 1024 KB)"
node esbuild.mjs --production --bench >/dev/null
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --tests-path out/bench/tree/index.js

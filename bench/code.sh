#!/usr/bin/env bash
# npm run bench:code — Puppet code and the fleet, in a real VS Code extension host against a real
# PuppetDB holding a large fleet (scripts/puppetdb/keep-fleet.sh), on a generated workspace of 5,000 `.pp`
# files (bench/code/workspace.ts): the lenses of a 50-class manifest, Open Manifest from a
# resource, and building the path index, each beside its raw baseline in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
state_dir="${BENCH_FLEET_STATE_DIR:-$PWD/.work/fleet}"
size="${BENCH_FLEET_SIZE:-10000}"
[ "${BENCH_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh
bash scripts/puppetdb/keep-fleet.sh "$state_dir" "$size"

workspace="$(mktemp -d)/control-repo"
cleanup_workspace() { rm -rf "$(dirname "$workspace")"; }
trap 'cleanup_workspace; [ "${BENCH_FLEET_STOP:-0}" != 1 ] || bash scripts/puppetdb/stop.sh "$state_dir" || true' EXIT
node --import tsx bench/code/workspace.ts "$workspace"
node esbuild.mjs --production >/dev/null
node esbuild.mjs --production --bench >/dev/null
node --import tsx test/vscode/runInVsCode.ts --state-dir "$state_dir" --mode trusted --workspace "$workspace" --tests-path out/bench/code/index.js

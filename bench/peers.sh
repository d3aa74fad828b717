#!/usr/bin/env bash
# npm run bench:peers — "Compare Node with Its Peers" and "Rank Nodes by Distance from Their Peers"
# against a real PuppetDB holding a 10,000-node fleet (bench/peers/), each beside the raw requests
# of the same queries in the same run: the comparison of one node with its role's 1,000 nodes
# (its own resources, facts and packages, the group's members and three aggregate requests) and
# the ranking of those 1,000 (the members, the aggregates, and every member's resources, facts and
# packages streamed in certname order).
#
# The fleet is loaded once into BENCH_PEERS_STATE_DIR (default .work/bench-peers: its own state
# dir and database) and reused by the next runs (scripts/puppetdb/keep-fleet.sh); the PuppetDB is
# left running (BENCH_PEERS_STOP=1 stops it at the end). BENCH_SKIP_SETUP=1 skips scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
state_dir="$(realpath -m "${BENCH_PEERS_STATE_DIR:-$PWD/.work/bench-peers}")"
[ "${BENCH_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh

bash scripts/puppetdb/keep-fleet.sh "$state_dir" 10000
if [ "${BENCH_PEERS_STOP:-0}" = 1 ]; then trap 'bash scripts/puppetdb/stop.sh "$state_dir" || true' EXIT; fi
node --import tsx bench/peers/peers.ts "$state_dir"

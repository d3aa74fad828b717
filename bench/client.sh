#!/usr/bin/env bash
# npm run bench:client — every client row of issue 14, each a ratio beside its baseline measured
# in the same run (bench/client.ts): all facts and all resources against curl (sharing the CPUs
# with PuppetDB, then on a CPU of the reader's own, bench/cpuPinning.ts), the client's CPU
# against undici + one JSON.parse, the first record against curl's first byte, nodes with status
# against pypuppetdb at 2,000 and 10,000 nodes (and how each grows); then the peak memory of
# reading every fact (bench/memory.ts).
#
# Fleets are kept between runs (scripts/puppetdb/keep-fleet.sh): 2,000 nodes in
# BENCH_CLIENT_STATE_DIR (default .work/bench-client), 10,000 in BENCH_FLEET_STATE_DIR (default
# .work/fleet, the one bench:fleet uses). A PuppetDB this run had to start is stopped at the end;
# one that was already running is left running. pypuppetdb is Debian's python3-pypuppetdb,
# installed here if missing: the reference for this bench only, never a dependency.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${BENCH_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh
state_dir="${BENCH_CLIENT_STATE_DIR:-$PWD/.work/bench-client}"
size="${BENCH_CLIENT_SIZE:-2000}"
fleet_dir="${BENCH_FLEET_STATE_DIR:-$PWD/.work/fleet}"
fleet_size="${BENCH_FLEET_SIZE:-10000}"

if ! /usr/bin/python3 -c 'import pypuppetdb' 2>/dev/null; then
  as_root=(); [ "$(id -u)" = 0 ] || as_root=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get install -y python3-pypuppetdb ||
    { "${as_root[@]}" apt-get update && "${as_root[@]}" apt-get install -y python3-pypuppetdb; }
fi

running() {
  [ -f "$1/env" ] || return 1
  curl -sf "$(grep '^PDB_HTTP_URL=' "$1/env" | cut -d= -f2)/status/v1/services/puppetdb-status" >/dev/null 2>&1
}
started=()
stop_started() { for dir in "${started[@]}"; do bash scripts/puppetdb/stop.sh "$dir" || true; done; }
trap stop_started EXIT
for pair in "$state_dir:$size" "$fleet_dir:$fleet_size"; do
  dir="${pair%:*}"
  running "$dir" || started+=("$dir")
  bash scripts/puppetdb/keep-fleet.sh "$dir" "${pair##*:}"
done

node --import tsx bench/client.ts --state-dir "$state_dir" --fleet-state-dir "$fleet_dir" --rounds "${BENCH_ROUNDS:-5}"
node --import tsx bench/memory.ts --state-dir "$state_dir"

#!/usr/bin/env bash
# Makes sure a running PuppetDB in STATE_DIR holds a generated fleet of at least SIZE nodes,
# loading it only when it is missing, so that large fleets (slow to send through the command API)
# are loaded once and kept between benchmark runs:
#   - a PuppetDB running there whose STATE_DIR/fleet.json says SIZE or more nodes is used as it is;
#   - one that was stopped is started again with restart.sh (same database, the fleet stays);
#   - otherwise PuppetDB is started (start.sh: a new, empty database) and the fleet is loaded with
#     load-fleet.ts, and the load time is printed (and kept in fleet.json for later runs).
# The PuppetDB is left running; `bash scripts/puppetdb/stop.sh STATE_DIR` stops it.
#
#   bash scripts/puppetdb/keep-fleet.sh STATE_DIR SIZE
#
# FLEET_REUSE_ONLY=1: never start, restart or load (a shared fleet someone else owns): fail
# instead. FLEET_CONCURRENCY: commands in flight while loading (default 4).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
state_dir="$(realpath -m "${1:?STATE_DIR}")"
size="${2:?SIZE}"

manifest() {
  node -e 'try { const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(process.argv[2] === "size" ? m.size : (m.loadSeconds ?? "?")) } catch { console.log(process.argv[2] === "size" ? 0 : "?") }' "$state_dir/fleet.json" "$1"
}
running() {
  [ -f "$state_dir/env" ] || return 1
  local url
  url="$(grep '^PDB_HTTP_URL=' "$state_dir/env" | cut -d= -f2)"
  curl -sf "$url/status/v1/services/puppetdb-status" >/dev/null 2>&1
}
refuse() {
  echo "fleet: $state_dir $1, and FLEET_REUSE_ONLY=1 forbids changing it" >&2
  exit 1
}

loaded="$(manifest size)"
if [ "$loaded" -ge "$size" ] && running; then
  seconds="$(manifest seconds)"
  echo "fleet: reusing the $loaded-node fleet of $state_dir (loaded by an earlier run$([ "$seconds" = "?" ] || echo " in $seconds s"))"
elif [ "$loaded" -ge "$size" ] && [ -f "$state_dir/env" ]; then
  [ "${FLEET_REUSE_ONLY:-0}" = 1 ] && refuse "is not running"
  echo "fleet: starting the PuppetDB of $state_dir again (its $loaded-node fleet stays)"
  bash "$repo/scripts/puppetdb/restart.sh" "$state_dir"
else
  [ "${FLEET_REUSE_ONLY:-0}" = 1 ] && refuse "holds $loaded of the $size nodes"
  # a generated fleet can always be loaded again: its database need not wait on the disk
  running || PDB_POOL_SIZE="${PDB_POOL_SIZE:-4}" PDB_ASYNC_COMMIT=1 bash "$repo/scripts/puppetdb/start.sh" "$state_dir"
  node --import tsx "$repo/scripts/puppetdb/load-fleet.ts" --state-dir "$state_dir" --size "$size" \
    --concurrency "${FLEET_CONCURRENCY:-4}"
  echo "fleet: loaded $size nodes in $(manifest seconds) s"
fi

#!/usr/bin/env bash
# Restarts the PuppetDB JVM of a state dir that start.sh set up, in place: the same
# configuration, ports, certificates and database (the loaded fleet stays). Stops the running
# JVM by its recorded PID (as stop.sh does), starts it again, waits for "state":"running" and
# records the new PID in STATE_DIR/puppetdb.pid and STATE_DIR/env. For tests of what clients do
# while PuppetDB restarts. PostgreSQL is left running (and started if it is down).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
state_dir="$(realpath -m "${1:-$repo/.work/puppetdb}")"

if [ ! -f "$state_dir/env" ] || [ ! -f "$state_dir/conf.d/jetty.ini" ]; then
  echo "[puppetdb] $state_dir was not set up by start.sh; start it first" >&2
  exit 1
fi
http_port=$(sed -n 's/^PDB_HTTP_PORT=//p' "$state_dir/env")

bash "$repo/scripts/puppetdb/stop.sh" "$state_dir" --keep-postgres
# Its database on this machine's PostgreSQL 15/main may be down meanwhile (stopped with another
# state dir's PuppetDB, or by a reboot): PuppetDB would wait for it until it gives up.
if grep -q '^subname = //127.0.0.1:5432/' "$state_dir/conf.d/database.ini" &&
  ! pg_lsclusters -h 2>/dev/null | awk '$1 == "15" && $2 == "main" { print $4 }' | grep -q online; then
  echo "[puppetdb] starting PostgreSQL 15/main" >&2
  pg_ctlcluster 15 main start
  echo started > "$state_dir/postgres.started-by-us"
fi
echo "[puppetdb] restarting PuppetDB on HTTP $http_port" >&2
# shellcheck source=jvm.sh
source "$repo/scripts/puppetdb/jvm.sh"
launch_puppetdb "$state_dir" "$http_port"
sed -i "s/^PDB_PID=.*/PDB_PID=$pid/" "$state_dir/env"

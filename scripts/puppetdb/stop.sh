#!/usr/bin/env bash
# Stops what start.sh started in STATE_DIR, by the PIDs it recorded; PostgreSQL only if start.sh
# started it (and not with --keep-postgres).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
state_dir="$(realpath -m "${1:-$repo/.work/puppetdb}")"
keep_postgres="${2:-}"

if [ -f "$state_dir/puppetdb.pid" ]; then
  pid=$(cat "$state_dir/puppetdb.pid")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$pid" 2>/dev/null; then
      echo "[puppetdb] PID $pid ignored SIGTERM for 30 s; sending SIGKILL" >&2
      kill -9 "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$state_dir/puppetdb.pid"
fi

if [ "$keep_postgres" != --keep-postgres ] && [ -f "$state_dir/postgres.started-by-us" ]; then
  # Another state dir's PuppetDB may still use the cluster.
  others=$(find "$repo/.work" -name puppetdb.pid -not -path "$state_dir/*" 2>/dev/null | while read -r file; do
    kill -0 "$(cat "$file")" 2>/dev/null && echo "$file"; done || true)
  if [ -z "$others" ]; then
    pg_ctlcluster 15 main stop || true
    rm -f "$state_dir/postgres.started-by-us"
  fi
fi

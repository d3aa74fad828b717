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
  # Another PuppetDB may still use the cluster: one of this checkout's state dirs, but also one of
  # another checkout (a worktree, a CI clone) that no file here names. PostgreSQL knows them all:
  # once our PuppetDB is gone, any client connected to a database is someone else's.
  others=$(runuser -u postgres -- psql -tAc \
    "SELECT count(*) FROM pg_stat_activity WHERE datname IS NOT NULL AND pid <> pg_backend_pid()" \
    2>/dev/null || echo unknown)
  if [ "$others" = 0 ]; then
    pg_ctlcluster 15 main stop || true
    rm -f "$state_dir/postgres.started-by-us"
  fi
fi

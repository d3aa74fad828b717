#!/usr/bin/env bash
# Stops what scripts/demo.sh started, by the PIDs it recorded.
set -euo pipefail
cd "$(dirname "$0")/.."
pid_file=.work/demo/code-server.pid
if [ -f "$pid_file" ]; then
  pid=$(cat "$pid_file")
  kill "$pid" 2>/dev/null || true
  rm -f "$pid_file"
fi
bash scripts/puppetdb/stop.sh .work/puppetdb-demo

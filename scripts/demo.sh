#!/usr/bin/env bash
# Starts a real local PuppetDB with a sample fleet a newcomer can browse and query.
# It keeps running until you stop it: bash scripts/puppetdb/stop.sh .work/puppetdb-demo
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
state_dir="$PWD/.work/puppetdb-demo"
bash scripts/puppetdb/start.sh "$state_dir"
node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size "${DEMO_FLEET_SIZE:-40}"
# shellcheck disable=SC1091
source "$state_dir/env"
cat <<MSG

PuppetDB is running with the sample fleet:
  HTTP   $PDB_HTTP_URL        e.g. curl '$PDB_HTTP_URL/pdb/query/v4?query=nodes%5Bcertname%5D%7B%7D'
  HTTPS  $PDB_HTTPS_URL       (client certificate: $PDB_SSL_CERT, key: $PDB_SSL_KEY, CA: $PDB_SSL_CA)
Try the client:  PDB_STATE_DIR=$state_dir node --import tsx scripts/demo-query.ts
Stop it with:    bash scripts/puppetdb/stop.sh $state_dir
MSG

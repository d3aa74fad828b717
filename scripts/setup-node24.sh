#!/usr/bin/env bash
# Node 24 (the runtime of code-server's VS Code server) from the npm registry, into .tools/node24.
set -euo pipefail
cd "$(dirname "$0")/.."
exec bash scripts/setup-node.sh 24.21.0 .tools/node24

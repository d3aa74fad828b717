#!/usr/bin/env bash
# Starts a real PuppetDB 7 on PostgreSQL 15 for tests, the demo and benchmarks:
#   plain HTTP and HTTPS (client certificate required) on free loopback ports,
#   an empty database, certificates from a throw-away CA, everything under STATE_DIR.
# Writes STATE_DIR/env (KEY=VALUE) for the tests. Stop with stop.sh STATE_DIR.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
state_dir="$(realpath -m "${1:-$repo/.work/puppetdb}")"
# PDB_POOL_SIZE (optional): see database.ini below.
# PDB_PG_PORT (optional): a PostgreSQL already running on 127.0.0.1 at that port, reached as the
# postgres user over TCP, instead of the cluster 15/main (when several PuppetDBs share a machine).
pg_port="${PDB_PG_PORT:-}"
# PDB_ASYNC_COMMIT=1 (optional): the new database commits without waiting for the disk
# (synchronous_commit = off): for fleets generated for benchmarks, which can be loaded again, so
# loading them through the command API does not wait on fsync once per command.
async_commit="${PDB_ASYNC_COMMIT:-0}"
# PDB_SHARE_DATABASE_OF (optional): the state dir of a running PuppetDB whose database (and
# certificates) this one shares, as a second server of one logical PuppetDB (failover tests):
# the database is then neither dropped nor created, and the CA and certificates are copied from it.
share_of="${PDB_SHARE_DATABASE_OF:+$(realpath -m "$PDB_SHARE_DATABASE_OF")}"

log() { echo "[puppetdb] $*" >&2; }

# A PuppetDB left running from an earlier start of this state dir goes first.
if [ -f "$state_dir/puppetdb.pid" ]; then
  bash "$repo/scripts/puppetdb/stop.sh" "$state_dir" --keep-postgres || true
fi
mkdir -p "$state_dir"/{conf.d,var,log,ssl}
rm -rf "$state_dir/var"/* "$state_dir/log"/*

# --- PostgreSQL ------------------------------------------------------------------------
if [ -n "$pg_port" ]; then
  log "using the PostgreSQL on port $pg_port"
elif pg_lsclusters -h 2>/dev/null | awk '$1 == "15" && $2 == "main" { print $4 }' | grep -q online; then
  log "PostgreSQL 15/main is already running"
else
  log "starting PostgreSQL 15/main"
  pg_ctlcluster 15 main start
  echo started > "$state_dir/postgres.started-by-us"
fi
# Each state dir gets its own database, so that the test, demo and bench servers can coexist: its
# name is the folder's, and a hash of its whole path, so that two checkouts' .work/pdb (worktrees
# side by side) never drop each other's database.
db_dir="${share_of:-$state_dir}"
db_name="puppetdb_$(basename "$db_dir" | tr -c 'a-zA-Z0-9\n' '_' | cut -c1-40)_$(printf '%s' "$db_dir" | sha256sum | cut -c1-8)"
if [ -n "$pg_port" ]; then psql_as_admin=(psql -h 127.0.0.1 -p "$pg_port" -U postgres); else psql_as_admin=(runuser -u postgres -- psql); fi
if [ -n "$share_of" ]; then
  [ -f "$share_of/ssl/client.pem" ] || { log "PDB_SHARE_DATABASE_OF: no PuppetDB was started in $share_of"; exit 1; }
  log "sharing the database $db_name and the certificates of $share_of"
  cp -p "$share_of"/ssl/* "$state_dir/ssl/"
else
"${psql_as_admin[@]}" -q -v ON_ERROR_STOP=1 >/dev/null <<SQL
SET client_min_messages = warning;
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'puppetdb') THEN
    CREATE ROLE puppetdb LOGIN PASSWORD 'puppetdb';
  END IF;
END \$\$;
DROP DATABASE IF EXISTS "$db_name" WITH (FORCE);
CREATE DATABASE "$db_name" OWNER puppetdb ENCODING 'UTF8' TEMPLATE template0;
$([ "$async_commit" = 1 ] && echo "ALTER DATABASE \"$db_name\" SET synchronous_commit = off;")
\c "$db_name"
CREATE EXTENSION IF NOT EXISTS pg_trgm;
SQL
fi

# --- certificates ------------------------------------------------------------------------
ssl="$state_dir/ssl"
if [ ! -f "$ssl/client.pem" ]; then
  log "creating a test CA, server and client certificates"
  (
    cd "$ssl"
    make_ca() { # name subject
      openssl req -x509 -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.pem" -days 3650 -subj "$2" \
        -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
    }
    sign() { # name subject ca extfile
      openssl req -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.csr" -subj "$2" 2>/dev/null
      openssl x509 -req -in "$1.csr" -CA "$3.pem" -CAkey "$3.key" -CAcreateserial -out "$1.pem" -days 825 -extfile "$4" 2>/dev/null
      rm -f "$1.csr"
    }
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n' > server.ext
    printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n' > client.ext
    make_ca ca "/CN=PuppetDB Explorer Test CA"
    make_ca rogue-ca "/CN=Rogue CA"
    sign server "/CN=localhost" ca server.ext
    sign client "/CN=client.example.com" ca client.ext
    sign rogue-client "/CN=client.example.com" rogue-ca client.ext
  )
fi

# --- configuration -------------------------------------------------------------------------
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
http_port=$(free_port)
https_port=$(free_port)
while [ "$https_port" = "$http_port" ]; do https_port=$(free_port); done

conf="$state_dir/conf.d"
cat > "$conf/config.ini" <<INI
[global]
vardir = $state_dir/var
logging-config = $state_dir/logback.xml

[command-processing]
threads = 2
INI
cat > "$conf/database.ini" <<INI
[database]
subname = //127.0.0.1:${pg_port:-5432}/$db_name
username = puppetdb
password = puppetdb
# No periodic GC: node expiry and report purges would make the data drift during a run.
gc-interval = 0
# Events older than resource-events-ttl are dropped silently at ingestion.
report-ttl = 3650d
resource-events-ttl = 3650d
node-ttl = 0s
node-purge-ttl = 0s
INI
# PDB_POOL_SIZE: connections per pool (PuppetDB's default is 25 for writes and 25 for reads).
# A second PuppetDB on the same PostgreSQL (max_connections 100) needs only a few.
if [ -n "${PDB_POOL_SIZE:-}" ]; then
  echo "maximum-pool-size = $PDB_POOL_SIZE" >> "$conf/database.ini"
fi
cat > "$conf/jetty.ini" <<INI
[jetty]
host = 127.0.0.1
port = $http_port
ssl-host = 127.0.0.1
ssl-port = $https_port
ssl-key = $ssl/server.key
ssl-cert = $ssl/server.pem
ssl-ca-cert = $ssl/ca.pem
ssl-protocols = TLSv1.2,TLSv1.3
INI
cat > "$conf/metrics.conf" <<'CONF'
metrics: { metrics-webservice: { mbeans: { enabled: true } } }
CONF
cat > "$conf/auth.conf" <<'CONF'
authorization: {
  version: 1
  rules: [
    { match-request: { path: "/status/v1/services", type: path, method: get }
      allow-unauthenticated: true, sort-order: 500, name: "status full" },
    { match-request: { path: "/status/v1/simple", type: path, method: get }
      allow-unauthenticated: true, sort-order: 500, name: "status simple" },
    { match-request: { path: "/metrics", type: path, method: [get, post] }
      allow-unauthenticated: true, sort-order: 500, name: "metrics" },
    { match-request: { path: "/", type: path }
      deny: "*", sort-order: 999, name: "deny all" }
  ]
}
CONF
cat > "$state_dir/logback.xml" <<XML
<configuration>
  <appender name="F" class="ch.qos.logback.core.FileAppender">
    <file>$state_dir/log/puppetdb.log</file>
    <encoder><pattern>%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5p [%c{2}] %m%n</pattern></encoder>
  </appender>
  <root level="info"><appender-ref ref="F"/></root>
</configuration>
XML

# --- start and wait --------------------------------------------------------------------------
log "starting PuppetDB (HTTP $http_port, HTTPS $https_port); the JVM needs 35-60 s"
# shellcheck source=jvm.sh
source "$repo/scripts/puppetdb/jvm.sh"
launch_puppetdb "$state_dir" "$http_port"

cat > "$state_dir/env" <<ENV
PDB_STATE_DIR=$state_dir
PDB_PID=$pid
PDB_HOST=127.0.0.1
PDB_HTTP_PORT=$http_port
PDB_HTTPS_PORT=$https_port
PDB_HTTP_URL=http://127.0.0.1:$http_port
PDB_HTTPS_URL=https://127.0.0.1:$https_port
PDB_SSL_CA=$ssl/ca.pem
PDB_SSL_CERT=$ssl/client.pem
PDB_SSL_KEY=$ssl/client.key
PDB_ROGUE_CERT=$ssl/rogue-client.pem
PDB_ROGUE_KEY=$ssl/rogue-client.key
PDB_DATABASE=$db_name
ENV

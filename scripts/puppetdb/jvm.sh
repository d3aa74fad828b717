# Launches the PuppetDB JVM of a state dir that start.sh configured, and waits until it reports
# "state":"running". Sourced by start.sh (first start) and restart.sh (the same configuration,
# ports and database again). Sets `pid`; exits the calling script when the JVM does not come up.

launch_puppetdb() { # STATE_DIR HTTP_PORT
  local state_dir=$1 http_port=$2
  local ready_timeout="${PDB_READY_TIMEOUT:-300}" heap="${PDB_HEAP:-1g}"
  # Its own session: a PuppetDB restarted from a test (e.g. from inside the VS Code server, whose
  # process group is stopped when the tests end) must outlive whoever started it. stop.sh and the
  # scripts' traps stop it by its PID.
  # PDB_JVM_QUICK=1 (scripts/test.sh): a JVM that starts and serves a test fleet on little CPU.
  # The test run starts eight PuppetDBs on two cores, and the JIT's second tier (C2) compiled
  # for minutes after each start, beside the tests; the benchmarks leave it unset.
  # making_archive: this start lists its classes for the archive the next ones share
  local quick=() archive="" making_archive=""
  if [ "${PDB_JVM_QUICK:-0}" = 1 ]; then
    quick=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC)
    # and the classes of an earlier start, from a class-data-sharing archive (about a quarter
    # less CPU to start); the first start without one lists its classes for it
    archive=$(cds_archive)
    if [ -f "$archive" ]; then
      quick+=("-XX:SharedArchiveFile=$archive")
    elif mkdir "$archive.making" 2>/dev/null; then
      making_archive=1
      quick+=("-XX:DumpLoadedClassList=$archive.classes")
    fi
  fi
  setsid nohup /usr/bin/java "-Xmx$heap" "${quick[@]}" -Djava.security.egd=/dev/urandom \
    -cp /usr/share/puppetdb/puppetdb.jar clojure.main -m puppetlabs.puppetdb.core services \
    --config "$state_dir/conf.d" --bootstrap-config /etc/puppetdb/bootstrap.cfg \
    >> "$state_dir/log/stdout.log" 2>&1 < /dev/null &
  pid=$!
  echo "$pid" > "$state_dir/puppetdb.pid"

  local status_url="http://127.0.0.1:$http_port/status/v1/services/puppetdb-status"
  local started
  started=$(date +%s)
  until curl -fsS -m 2 "$status_url" 2>/dev/null | grep -q '"state":"running"'; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "[puppetdb] PuppetDB exited during start-up; last log lines:" >&2
      tail -40 "$state_dir/log/puppetdb.log" "$state_dir/log/stdout.log" >&2 || true
      [ -z "$making_archive" ] || rmdir "$archive.making" 2>/dev/null || true
      exit 1
    fi
    if [ $(($(date +%s) - started)) -ge "$ready_timeout" ]; then
      echo "[puppetdb] PuppetDB was not ready after ${ready_timeout} s; last log lines:" >&2
      tail -40 "$state_dir/log/puppetdb.log" >&2 || true
      kill "$pid" 2>/dev/null || true
      [ -z "$making_archive" ] || rmdir "$archive.making" 2>/dev/null || true
      exit 1
    fi
    sleep 1
  done
  echo "[puppetdb] ready after $(($(date +%s) - started)) s" >&2
  if [ -n "$making_archive" ]; then
    # (-Xshare:auto, the default: a start that cannot map an archive starts without it)
    if /usr/bin/java -Xshare:dump "-XX:SharedClassListFile=$archive.classes" \
      "-XX:SharedArchiveFile=$archive.partial" -cp /usr/share/puppetdb/puppetdb.jar \
      > "$archive.log" 2>&1; then
      mv "$archive.partial" "$archive"
      echo "[puppetdb] the next starts share the classes of this one ($archive)" >&2
    else
      echo "[puppetdb] no class-data-sharing archive (see $archive.log); starts go on without" >&2
    fi
    rm -f "$archive.classes"
    rmdir "$archive.making" 2>/dev/null || true
  fi
}

# The class-data-sharing archive of this machine's PuppetDB jar and JVM, under the checkout's
# .work: a new jar or JVM gets a new one.
cds_archive() {
  local repo_dir key
  repo_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  key=$({ stat -c '%s %Y' /usr/share/puppetdb/puppetdb.jar; /usr/bin/java -version 2>&1; } | md5sum | cut -c1-12)
  mkdir -p "$repo_dir/.work/jvm-cds"
  echo "$repo_dir/.work/jvm-cds/puppetdb-$key.jsa"
}

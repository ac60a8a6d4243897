# Shared by bin/perfstat, bin/test and the scripts in bench/ and recordings/: find a JDK 25
# and keep perfstat.jar built. Source it; it defines functions only.

PERFSTAT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The major version of the JDK at $1, or nothing.
perfstat_jdk_version() {
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 0
  local v
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null)
  [ -n "$v" ] || v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p')
  echo "$v"
}

# Prints the home of a JDK 25 or newer: JAVA_HOME first, then the usual places. Fails with one line.
perfstat_find_jdk() {
  local c candidates=()
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  for c in /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* /opt/*jdk* "$HOME"/.sdkman/candidates/java/* \
           "$HOME"/.jdks/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    [ -d "$c" ] && candidates+=("$c")
  done
  if command -v javac >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")")
  fi
  for c in "${candidates[@]}"; do
    local v; v=$(perfstat_jdk_version "$c")
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then echo "$c"; return 0; fi
  done
  echo "perfstat: no JDK 25 found (looked at JAVA_HOME, /usr/lib/jvm, /opt and the PATH); install one or set JAVA_HOME to it" >&2
  return 2
}

# Builds perfstat.jar with Maven if it is missing or older than any source. Prints its path. Called as a command
# (perfstat_ensure_jar "$jdk" >/dev/null), not in $(...), a signal to the script ends the build too.
perfstat_ensure_jar() {
  local jdk=$1 jar="$PERFSTAT_ROOT/perfstat.jar"
  if [ ! -f "$jar" ] || [ -n "$(cd "$PERFSTAT_ROOT" && find pom.xml format agent cli models jmh dist bench/pom.xml bench/src -newer "$jar" -type f \
        -not -path '*/target/*' -print -quit 2>/dev/null)" ]; then
    if ! command -v mvn >/dev/null 2>&1; then
      echo "perfstat: perfstat.jar needs building and Maven (mvn) is not installed" >&2
      return 2
    fi
    echo "perfstat: building perfstat.jar (first use or sources changed)..." >&2
    local log; log=$(mktemp)
    # no subshell around the build: a signal to the caller reaches perfstat_run_child's traps, and so Maven
    local rc=0
    perfstat_run_child env JAVA_HOME="$jdk" mvn -B -q -f "$PERFSTAT_ROOT/pom.xml" -DskipTests package >"$log" 2>&1 || rc=$?
    if [ "$rc" -ge 128 ]; then # stopped by a signal: say so, and exit as the signal would
      rm -f "$log"; echo "perfstat: the build of perfstat.jar was stopped" >&2
      return "$rc"
    elif [ "$rc" -ne 0 ]; then
      tail -n 40 "$log" >&2; rm -f "$log"
      echo "perfstat: the build failed (output above)" >&2
      return 1
    fi
    rm -f "$log"
  fi
  echo "$jar"
}

# Runs a command as a child and waits for it, passing SIGTERM, SIGINT and SIGHUP on to it: a signal to the script
# (timeout's, a service manager's) ends the child too, rather than leaving it running. Its exit status is the child's.
perfstat_run_child() {
  local pid rc=0
  "$@" &
  pid=$!
  trap 'kill -TERM "$pid" 2>/dev/null' TERM
  trap 'kill -INT "$pid" 2>/dev/null' INT
  trap 'kill -HUP "$pid" 2>/dev/null' HUP
  while true; do
    wait "$pid" && rc=0 || rc=$?
    kill -0 "$pid" 2>/dev/null || break # wait returned for a signal trapped: wait again until the child is gone
  done
  trap - TERM INT HUP
  return "$rc"
}

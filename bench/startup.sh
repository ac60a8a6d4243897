#!/usr/bin/env bash
# What perfstat's agent adds to a JVM's start and exit: a hello world run N times in each of
# four ways, interleaved (one of each per round, so that the machine's drift falls on all alike):
#
#   bare   java -cp DIR Hello
#   jfr    java -XX:StartFlightRecording:settings=perfstat.jfc,... (the JDK events perfstat records,
#          with its settings; the recording written at exit, as the agent's is)
#   agent  java -javaagent:perfstat.jar=out=FILE (default options: counters, samples, no probes)
#   probe  java -javaagent:perfstat.jar=out=FILE,probes=Hello::main (one probed method)
#
# The three recording JVMs run as `perfstat stat` runs them (--enable-native-access=ALL-UNNAMED,
# JFR's repository in a private directory). Prints each way's median wall and CPU time (user +
# system, of the whole process) over the rounds, and the agent's excess over JFR alone: the
# median of the per-round differences. Medians, as other work on the machine disturbs a few runs.
#
#   bench/startup.sh [ROUNDS]        (default 12)
#   BENCH_JAR=path/to/perfstat.jar   measures that jar instead of this tree's perfstat-agent.jar (or perfstat.jar)
#   BENCH_BASE_JAR=path/to/old.jar   adds two ways, agent-base and probe-base: agent and probe with that
#                                    jar (e.g. a build before a change), interleaved with the others
#   BENCH_WAYS="bare jfr agent"      measures only those ways (jfr-default: JFR's default settings; jfr-all:
#                                    perfstat.jfc and the other JDK events the agent records, every compilation,
#                                    the configuration and flag events and jdk.ActiveSetting)
#   BENCH_VERBOSE=1                  prints every run
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-12}
. bin/lib.sh
jdk=$(perfstat_find_jdk); java=$jdk/bin/java
jar=${BENCH_JAR:-$(perfstat_ensure_jar "$jdk")}
# the agent's own jar where the build left one beside perfstat.jar (as the CLI puts it in -javaagent:)
[ -n "${BENCH_JAR:-}" ] || [ ! -f "$(dirname "$jar")/perfstat-agent.jar" ] || jar=$(dirname "$jar")/perfstat-agent.jar
base=${BENCH_BASE_JAR:-}
ways=(${BENCH_WAYS:-bare jfr agent probe ${base:+agent-base probe-base}})
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

mkdir "$tmp/cp"
cat > "$tmp/cp/Hello.java" <<'EOF'
public class Hello {
    public static void main(String[] args) {
        System.out.println("hello, world");
    }
}
EOF
"$jdk/bin/javac" -d "$tmp/cp" "$tmp/cp/Hello.java"

# The JDK events of perfstat's recording (agent/.../recording/RecordingSession), as a .jfc file
cat > "$tmp/perfstat.jfc" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0" label="perfstat" description="the JDK events that perfstat's agent records">
  <event name="jdk.CPUInformation"><setting name="enabled">true</setting><setting name="period">beginChunk</setting></event>
  <event name="jdk.CPULoad"><setting name="enabled">true</setting><setting name="period">1 s</setting></event>
  <event name="jdk.GarbageCollection"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
  <event name="jdk.GCHeapSummary"><setting name="enabled">true</setting></event>
  <event name="jdk.JavaMonitorEnter"><setting name="enabled">true</setting><setting name="stackTrace">true</setting><setting name="threshold">10 us</setting></event>
  <event name="jdk.ThreadPark"><setting name="enabled">true</setting><setting name="stackTrace">true</setting><setting name="threshold">10 us</setting></event>
  <event name="jdk.CPUTimeSample"><setting name="enabled">true</setting><setting name="stackTrace">true</setting><setting name="throttle">10 ms</setting></event>
</configuration>
EOF

# jfr-all: all the JDK events of the agent's recording (RecordingSession's JDK_EVENTS, the samples as above): the
# ones above, every compilation, and the configuration, flag and settings events written as a chunk begins and ends
{ sed '$d' "$tmp/perfstat.jfc"
  echo '  <event name="jdk.Compilation"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>'
  echo '  <event name="jdk.ActiveSetting"><setting name="enabled">true</setting></event>'
  for e in GCConfiguration GCHeapConfiguration CompilerConfiguration ContainerConfiguration BooleanFlag IntFlag \
           UnsignedIntFlag LongFlag UnsignedLongFlag DoubleFlag; do
    echo "  <event name=\"jdk.$e\"><setting name=\"enabled\">true</setting><setting name=\"period\">beginChunk</setting></event>"
  done
  echo '</configuration>'; } > "$tmp/all.jfc"

cmd() { # way -> the command line, in the array c
  local d=$tmp/run
  rm -rf "$d"; mkdir "$d"
  c=("$java")
  case $1 in
    bare) ;;
    jfr) c+=(-XX:FlightRecorderOptions=repository="$d" "-XX:StartFlightRecording:settings=$tmp/perfstat.jfc,filename=$d/r.jfr") ;;
    jfr-all) c+=(-XX:FlightRecorderOptions=repository="$d" "-XX:StartFlightRecording:settings=$tmp/all.jfc,filename=$d/r.jfr") ;;
    jfr-default) c+=(-XX:FlightRecorderOptions=repository="$d" "-XX:StartFlightRecording:filename=$d/r.jfr") ;;
    agent) c+=(--enable-native-access=ALL-UNNAMED -XX:FlightRecorderOptions=repository="$d" "-javaagent:$jar=out=$d/r.jfr") ;;
    probe) c+=(--enable-native-access=ALL-UNNAMED -XX:FlightRecorderOptions=repository="$d" "-javaagent:$jar=out=$d/r.jfr,probes=Hello::main") ;;
    agent-base) c+=(--enable-native-access=ALL-UNNAMED -XX:FlightRecorderOptions=repository="$d" "-javaagent:$base=out=$d/r.jfr") ;;
    probe-base) c+=(--enable-native-access=ALL-UNNAMED -XX:FlightRecorderOptions=repository="$d" "-javaagent:$base=out=$d/r.jfr,probes=Hello::main") ;;
    *) echo "unknown way $1" >&2; exit 2 ;;
  esac
  c+=(${BENCH_JVM_OPTS:-} -cp "$tmp/cp" Hello)
}

TIMEFORMAT='%3R %3U %3S'
for r in $(seq "$rounds"); do
  for w in "${ways[@]}"; do
    cmd "$w"
    t=$( { time "${c[@]}" >"$tmp/out" 2>"$tmp/err"; } 2>&1 ) || { echo "$w failed:" >&2; cat "$tmp/err" >&2; exit 1; }
    grep -q 'hello, world' "$tmp/out" || { echo "$w printed no greeting" >&2; cat "$tmp/err" >&2; exit 1; }
    case $w in bare) ;; *) [ -s "$tmp/run/r.jfr" ] || { echo "$w left no recording" >&2; cat "$tmp/err" >&2; exit 1; } ;; esac
    set -- $t
    echo "$r $w $1 $(awk -v u="$2" -v s="$3" 'BEGIN { printf "%.3f", u + s }')" >> "$tmp/times"
    [ -z "${BENCH_VERBOSE:-}" ] || printf 'round %2d  %-12s wall %s s  cpu %s+%s s\n' "$r" "$w" "$1" "$2" "$3" >&2
  done
done

printf 'hello world, JDK %s, %d interleaved rounds, %d cores, load average %s\n' \
  "$(perfstat_jdk_version "$jdk")" "$rounds" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
awk -v ways="${ways[*]}" '
  function median(arr, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (arr[j] < arr[i]) { t = arr[i]; arr[i] = arr[j]; arr[j] = t }
                                      return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
  { wall[$2, $1] = $3; cpu[$2, $1] = $4; n = ($1 > n ? $1 : n) }
  END {
    k = split(ways, w, " ")
    printf "%-12s %12s %12s %18s %18s\n", "way", "wall (s)", "cpu (s)", "wall - jfr (s)", "cpu - jfr (s)"
    for (i = 1; i <= k; i++) {
      for (r = 1; r <= n; r++) { a[r] = wall[w[i], r]; b[r] = cpu[w[i], r] }
      mw = median(a, n); mc = median(b, n)
      dw = "-"; dc = "-"
      if (w[i] ~ /^(agent|probe)/ && (("jfr", 1) in wall)) {
        for (r = 1; r <= n; r++) { a[r] = wall[w[i], r] - wall["jfr", r]; b[r] = cpu[w[i], r] - cpu["jfr", r] }
        dw = sprintf("%+.3f", median(a, n)); dc = sprintf("%+.3f", median(b, n))
      }
      printf "%-12s %12.3f %12.3f %18s %18s\n", w[i], mw, mc, dw, dc
    }
    print "(medians over the rounds; the excess is the median of the per-round differences)"
  }' "$tmp/times"

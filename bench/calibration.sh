#!/usr/bin/env bash
# Calibration of perfstat's verdicts on real runs (docs/statistics.md, "Calibrated on data"): records RUNS runs of one
# configuration of a third-party program (Gson 2.13.2 round trips, bench/calibration/GsonRoundTrips.java) and of the
# fstime model, then prints what `perfstat calibrate` finds on each: A/A tables with a change, the gate's errors across
# looks, power at known changes; for the programs with iterations (digest, math: --iteration) both ways, by the steady
# state and by the whole run. Usage: bench/calibration.sh [RUNS] [DIR] [WHICH]   (default 20 runs, a temporary
# directory, "gson fstime"; also "digest math")
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../bin/lib.sh"
jdk=$(perfstat_find_jdk) || exit 2
jar=$(perfstat_ensure_jar "$jdk") || exit 1
runs=${1:-20}
dir=${2:-$(mktemp -d)}
which=${3:-gson fstime}
mkdir -p "$dir/gson" "$dir/fstime" "$dir/digest" "$dir/math" "$dir/cp"
m2=$HOME/.m2/repository
gson=$m2/com/google/code/gson/gson/2.13.2/gson-2.13.2.jar
codec=$m2/commons-codec/commons-codec/1.17.1/commons-codec-1.17.1.jar
math=$m2/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar
for a in com.google.code.gson:gson:2.13.2:$gson commons-codec:commons-codec:1.17.1:$codec \
    org.apache.commons:commons-math3:3.6.1:$math; do
  [ -f "${a##*:}" ] || mvn -B -q -ntp dependency:get -Dartifact="${a%:*}" >/dev/null
done
"$jdk/bin/javac" -d "$dir/cp" -cp "$gson:$codec:$math" "$PERFSTAT_ROOT/bench/calibration/GsonRoundTrips.java" \
  "$PERFSTAT_ROOT/bench/calibration/DigestIterations.java" "$PERFSTAT_ROOT/bench/calibration/MathIterations.java"
perfstat() { "$PERFSTAT_ROOT/bin/perfstat" "$@"; }
echo "recording $runs runs of each of: $which, into $dir" >&2
for w in $which; do
  case $w in
    gson) perfstat stat -r "$runs" -o "$dir/gson/r.jfr" -- "$jdk/bin/java" -cp "$gson:$dir/cp" GsonRoundTrips 2000 >"$dir/gson.log" 2>&1 ;;
    fstime) perfstat stat -r "$runs" -o "$dir/fstime/r.jfr" -- "$jdk/bin/java" -cp "$jar" perfstat.models.ModelMain fstime \
      --duration-ms 2000 >"$dir/fstime.log" 2>&1 ;;
    # iterations timed by the agent: a loop that settles (commons-codec SHA-256) and one whose JVMs settle apart
    digest) perfstat stat -r "$runs" --iteration DigestIterations::iteration -o "$dir/digest/r.jfr" -- "$jdk/bin/java" \
      -cp "$codec:$dir/cp" DigestIterations 600 200 >"$dir/digest.log" 2>&1 ;;
    math) perfstat stat -r "$runs" --iteration MathIterations::iteration -o "$dir/math/r.jfr" -- "$jdk/bin/java" \
      -cp "$math:$dir/cp" MathIterations 300 40 >"$dir/math.log" 2>&1 ;;
    *) echo "calibration.sh: no such program: $w (gson, fstime, digest, math)" >&2; exit 2 ;;
  esac
done
for w in $which; do
  echo "== $w"
  perfstat calibrate "$dir/$w"
  case $w in
    digest | math) echo "== $w, the whole run"; perfstat calibrate --whole-run "$dir/$w" ;;
  esac
done

#!/usr/bin/env bash
# Calibration of perfstat's verdicts on real runs (docs/statistics.md, "Calibrated on data"): records RUNS runs of one
# configuration of a third-party program (Gson 2.13.2 round trips, bench/calibration/GsonRoundTrips.java) and of the
# fstime model, then prints what `perfstat calibrate` finds on each: A/A tables with a change, the gate's errors across
# looks, power at known changes. Usage: bench/calibration.sh [RUNS] [DIR] [WHICH]   (default 20 runs, a temporary
# directory, "gson fstime")
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../bin/lib.sh"
jdk=$(perfstat_find_jdk) || exit 2
jar=$(perfstat_ensure_jar "$jdk") || exit 1
runs=${1:-20}
dir=${2:-$(mktemp -d)}
which=${3:-gson fstime}
mkdir -p "$dir/gson" "$dir/fstime" "$dir/cp"
gson=$HOME/.m2/repository/com/google/code/gson/gson/2.13.2/gson-2.13.2.jar
if [ ! -f "$gson" ]; then
  mvn -B -q -ntp dependency:get -Dartifact=com.google.code.gson:gson:2.13.2 >/dev/null
fi
"$jdk/bin/javac" -d "$dir/cp" -cp "$gson" "$PERFSTAT_ROOT/bench/calibration/GsonRoundTrips.java"
perfstat() { "$PERFSTAT_ROOT/bin/perfstat" "$@"; }
echo "recording $runs runs of each of: $which, into $dir" >&2
for w in $which; do
  case $w in
    gson) perfstat stat -r "$runs" -o "$dir/gson/r.jfr" -- "$jdk/bin/java" -cp "$gson:$dir/cp" GsonRoundTrips 2000 >"$dir/gson.log" 2>&1 ;;
    fstime) perfstat stat -r "$runs" -o "$dir/fstime/r.jfr" -- "$jdk/bin/java" -cp "$jar" perfstat.models.ModelMain fstime \
      --duration-ms 2000 >"$dir/fstime.log" 2>&1 ;;
    *) echo "calibration.sh: no such program: $w (gson, fstime)" >&2; exit 2 ;;
  esac
done
for w in $which; do
  echo "== $w"
  perfstat calibrate "$dir/$w"
done

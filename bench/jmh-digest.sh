#!/usr/bin/env bash
# JMH's answer on DigestIterations' work (+5%: work 200 against 210) at each count of forks, for the calibration's
# side-by-side in docs/statistics.md: each count's scores with JMH's 99.9% error, whether the two intervals are apart,
# and the wall time it took. Usage: bench/jmh-digest.sh [FORKS,...] [WARMUP] [ITERATIONS]   (default 3,5,10 5 5; 1 s each)
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
[ -f bench/target/benchmarks.jar ] && [ -z "$(find bench/src -newer bench/target/benchmarks.jar -type f | head -1)" ] \
  || (JAVA_HOME="$jdk" mvn -B -q -DskipTests -pl bench -am package >/dev/null)
IFS=, read -r -a counts <<< "${1:-3,5,10}"
warmup=${2:-5}
iterations=${3:-5}
for f in "${counts[@]}"; do
  start=$(date +%s)
  out=$("$jdk/bin/java" -jar bench/target/benchmarks.jar 'DigestBenchmark.iteration' -f "$f" -wi "$warmup" -i "$iterations" \
    -w 1s -r 1s -rf text -rff /dev/stdout 2>/dev/null | grep -E '^DigestBenchmark.iteration' || true)
  took=$(( $(date +%s) - start ))
  echo "$out" | awk -v f="$f" -v t="$took" '
    { s[$2] = $5; e[$2] = $7 }
    END {
      lo200 = s[200] - e[200]; hi200 = s[200] + e[200]; lo210 = s[210] - e[210]; hi210 = s[210] + e[210]
      apart = (lo210 > hi200 || hi210 < lo200) ? "apart" : "overlapping"
      printf "%2d forks a side: 200 %.4f +- %.4f ms, 210 %.4f +- %.4f ms (%+.2f%%), 99.9%% intervals %s; %d s\n",
        f, s[200], e[200], s[210], e[210], 100 * (s[210] / s[200] - 1), apart, t }'
done

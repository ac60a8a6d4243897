#!/usr/bin/env bash
# What perfstat's counter thread costs: runs fstime for SECONDS under `perfstat stat` at
# each interval given (default: 1000 ms, perf stat's -I granularity 100 ms) and prints the
# thread's own CPU time per read, once warmed up, as a share of one core.
#
#   bench/counter-cost.sh [SECONDS] [INTERVAL_MS...]     (defaults: 30 1000 100)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}; shift || true
intervals=("$@"); [ ${#intervals[@]} -gt 0 ] || intervals=(1000 100)
. bin/lib.sh
jdk=$(perfstat_find_jdk); java=$jdk/bin/java
jar=$(perfstat_ensure_jar "$jdk")
for ms in "${intervals[@]}"; do
  opt=(); [ "$ms" = 1000 ] || opt=(-I "$ms")
  line=$("$java" -jar "$jar" stat "${opt[@]}" -- "$java" -cp "$jar" perfstat.models.ModelMain fstime \
          --duration-ms "$((seconds * 1000))" --warmup-ms 0 2>&1 >/dev/null | grep "counter thread")
  printf 'interval %5d ms, %d s: %s\n' "$ms" "$seconds" "${line# # }"
done

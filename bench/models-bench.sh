#!/usr/bin/env bash
# The models' hot paths per variant, under JMH with -prof perfstat: the write-path model's write()
# (with the writepath probe set: one Vfs::write call per operation) and the rwsem model's down/up
# for reading and writing (with the rwsem probe set: sleeps, spins and slow paths per operation),
# each at 1 and 2 threads. Prints JMH's table (score and perfstat's per-operation counters) and
# leaves each fork's recording in bench/target/models-bench/t1 and t2, which perfstat diff reads.
#   bench/models-bench.sh [FORKS] [ITERATIONS]     (defaults: 2 3; about 4 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
jar=$(perfstat_ensure_jar "$jdk")
forks=${1:-2}
iterations=${2:-3}
(JAVA_HOME="$jdk" mvn -B -q -DskipTests package >/dev/null)
out=bench/target/models-bench
rm -rf "$out"
for t in 1 2; do
  for set in "WritePathBenchmark writepath" "RwsemBenchmark rwsem"; do
    read -r bench probeset <<<"$set"
    echo "== $bench, $t thread(s)"
    "$jdk/bin/java" -cp bench/target/benchmarks.jar:"$jar" org.openjdk.jmh.Main "$bench" -t "$t" -f "$forks" \
      -wi 2 -w 500ms -i "$iterations" -r 500ms -prof "perfstat:probeset=$probeset;dir=$out/t$t-$bench" \
      | sed -n '/^Benchmark /,$p'
  done
done

#!/usr/bin/env bash
# What a probe costs per call at 1, 2, 64 and 1,000 threads, bare and under the agent (JMH, fresh JVMs).
#   bench/probe-threads.sh [FORKS] [ITERATIONS] [THREADS,...]     (defaults: 1 3 1,2,64,1000; about 2 minutes per fork)
# Each count runs with the stripes free and with each taken by a live thread (ProbeThreadsBenchmark.Stripes).
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
jar=$(perfstat_ensure_jar "$jdk")
[ -f bench/target/benchmarks.jar ] || (JAVA_HOME="$jdk" mvn -B -q -DskipTests package >/dev/null)
exec "$jdk/bin/java" -cp bench/target/benchmarks.jar perfstat.bench.ProbeThreads "$jar" "$@"

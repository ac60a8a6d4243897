#!/usr/bin/env bash
# What a probe adds to one call, per timing mode and against JEP 520's method timing (JMH, fresh JVMs).
#   bench/probe-cost.sh [FORKS] [ITERATIONS]     (defaults: 2 5; about 25 s per fork and mode)
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
jar=$(perfstat_ensure_jar "$jdk")
[ -f bench/target/benchmarks.jar ] || (JAVA_HOME="$jdk" mvn -B -q -DskipTests package >/dev/null)
exec "$jdk/bin/java" -cp bench/target/benchmarks.jar perfstat.bench.ProbeCost "$jar" "$@"

#!/usr/bin/env bash
# What one probe adds to one fstime write(), measured in one JVM (bench/ProbeCost.java).
#   bench/probe-cost.sh [VARIANT] [PAIRS] [PHASE_MS]     (defaults: unpatched 400 25)
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
jar=$(perfstat_ensure_jar "$jdk")
exec "$jdk/bin/java" -cp "$jar" bench/ProbeCost.java "$@"

#!/usr/bin/env bash
# What the agent's probe adds to one fstime write(), inside Vfs::write where the agent puts it,
# in one JVM running the agent: a probed and a bare copy of the model, alternating (bench/twin).
#   bench/probe-twin.sh [VARIANT] [PAIRS] [PHASE_MS] [AGENT_OPTIONS]   (defaults: unpatched 400 25 probeset=writepath)
#   BENCH_JVM_OPTS="-XX:..." adds JVM options to the JVM (both copies run in it).
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
jar=$(perfstat_ensure_jar "$jdk")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$jdk/bin/javac" -nowarn -d "$tmp/classes" -cp "$jar" bench/twin/*.java
"$jdk/bin/java" ${BENCH_JVM_OPTS:-} "-javaagent:$jar=out=$tmp/twin.jfr,${4:-probeset=writepath}" -cp "$jar:$tmp/classes" ProbeTwin "${1:-unpatched}" "${2:-400}" "${3:-25}"

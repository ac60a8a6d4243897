#!/usr/bin/env bash
# Issue 33's third-party program: Jackson databind 2.17.2 (from Maven Central, through Maven's own
# cache) driven by bench/jackson/Drive.java (N calls each of readValue(String,TypeReference),
# writeValueAsString and readTree(String)), compared with and without three ObjectMapper probes:
#   bench/jackson-observer.sh [RUNS] [JAVA] [CALLS]   (defaults: 4, the JDK 25 perfstat runs on, 1000)
#   JUDGE="--min-effect 2%"   options for the compare (e.g. to show the application row within 2%: `=`)
# Runs `compare -r RUNS --observer-check` of the driver under two names (A, B: the same command),
# then `diff` of all runs without probes against all with them: the application row, the
# transformation's row (task-clock:transform) and [perfstat probes] among the hot methods.
# bench/jackson/LoadAll.java loads databind's classes only (java -cp ... LoadAll JAR SKIPPED.class).
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
runs=${1:-4}
jdk=$(perfstat_find_jdk)
java=${2:-$jdk/bin/java}
calls=${3:-1000}
jar=$(perfstat_ensure_jar "$jdk")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for a in jackson-databind jackson-core jackson-annotations; do
  mvn -B -q -ntp dependency:copy -Dartifact=com.fasterxml.jackson.core:$a:2.17.2 -DoutputDirectory="$tmp/lib" >/dev/null
done
cp=$(ls "$tmp"/lib/*.jar | tr '\n' ':')
"$jdk/bin/javac" --release 17 -cp "$cp" -d "$tmp/cp" bench/jackson/Drive.java bench/jackson/LoadAll.java
cp="$tmp/cp:$cp"
m=com.fasterxml.jackson.databind.ObjectMapper
"$jdk/bin/java" -jar "$jar" compare -r "$runs" --observer-check ${JUDGE:-} -o "$tmp/runs" \
  --probes "$m::readValue(String,TypeReference);$m::writeValueAsString;$m::readTree(String)" \
  --name A -- "$java" -cp "$cp" Drive "$calls" ::: --name B -- "$java" -cp "$cp" Drive "$calls" >/dev/null
mkdir -p "$tmp/with" "$tmp/without"
for v in A B; do
  for f in "$tmp/runs/$v"/*.jfr; do cp "$f" "$tmp/with/$v-$(basename "$f")"; done
  for f in "$tmp/runs/$v-noprobes"/*.jfr; do cp "$f" "$tmp/without/$v-$(basename "$f")"; done
done
"$jdk/bin/java" -jar "$jar" diff --hot 5 ${JUDGE:-} "$tmp/without" "$tmp/with"

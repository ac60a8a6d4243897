#!/usr/bin/env bash
# The time to probe a large third-party class, both ways: Jackson databind 2.17.2's ObjectMapper (from Maven's
# cache, as bench/jackson-observer.sh has it) with its 32 readValue overloads probed, transformed by the JDK's
# ClassFile API (the agent's way on JDK 24+) and by Byte Buddy (its way on 17-23), each in fresh JVMs on the
# JDK 25 perfstat runs on, ROUNDS transformations a JVM (bench/TransformCost.java), JVMS JVMs a way, interleaved:
#   bench/transform-cost.sh [JVMS] [ROUNDS] [PATTERN]   (defaults: 5, 50, ObjectMapper::readValue)
# A JDK 17 target (Byte Buddy's path only) with BENCH_JAVA17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jvms=${1:-5}
rounds=${2:-50}
pattern=${3:-com.fasterxml.jackson.databind.ObjectMapper::readValue}
jdk=$(perfstat_find_jdk)
jar=$(perfstat_ensure_jar "$jdk")
agent=$(dirname "$jar")/perfstat-agent.jar; [ -f "$agent" ] || agent=$jar
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for a in jackson-databind jackson-core jackson-annotations; do
  mvn -B -q -ntp -o -Dstyle.color=never dependency:copy -Dartifact=com.fasterxml.jackson.core:$a:2.17.2 -DoutputDirectory="$tmp/lib" >/dev/null
done
"$jdk/bin/javac" --release 17 -cp "$agent" -d "$tmp/cp" bench/TransformCost.java
printf 'JDK %s, %d JVMs a way, %d transformations each, %d cores, load average %s\n' \
  "$(perfstat_jdk_version "$jdk")" "$jvms" "$rounds" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
ways=(classfile bytebuddy)
for i in $(seq "$jvms"); do
  for w in "${ways[@]}"; do
    "$jdk/bin/java" -cp "$tmp/cp:$agent" TransformCost "$w" com.fasterxml.jackson.databind.ObjectMapper "$pattern" \
      "$rounds" "$tmp"/lib/*.jar
  done
  if [ -n "${BENCH_JAVA17:-}" ]; then
    "$BENCH_JAVA17" -cp "$tmp/cp:$agent" TransformCost bytebuddy com.fasterxml.jackson.databind.ObjectMapper "$pattern" \
      "$rounds" "$tmp"/lib/*.jar | sed 's/^bytebuddy /bytebuddy17/'
  fi
done

#!/usr/bin/env bash
# Whether a probed method whose callees are probed too gets a sampled p50 near its exact one: runs bench/nested
# (outer calls middle calls inner, once a call each, all three probed) through bench/timing-bias.sh, sampled and
# exact alternately, and prints each level's p50 and p99 per run. Sampled and exact p50s should agree within the
# noise (the sampled p50 rests on about CALLS/1024 timed calls); a sampled outer p50 several times the exact one
# means the outer's timed calls are correlated with its callees' timed, cold paths.
#   bench/nested-bias.sh [PAIRS] [CALLS] [JAVA]     (defaults: 3 400000 the JDK perfstat runs on)
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
java=${3:-$jdk/bin/java}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$jdk/bin/javac" -nowarn --release 17 -d "$tmp" bench/nested/Nested.java
bench/timing-bias.sh "${1:-3}" 'Nested::outer;Nested::middle;Nested::inner' -- "$java" -cp "$tmp" Nested "${2:-400000}"

#!/usr/bin/env bash
# Issue 32, item 3: a run recorded while a CPU-heavy process runs beside it is named in the table's notes, with the
# other processes' CPU. Three runs a side of GsonWarmup (bench/window), interleaved; A's run 3 has a shell loop
# spinning beside it (SPINNERS of them, default 1). Prints the diff of the two sides, then the report of a quiet run and
# of the busy one. Needs a JDK 25 (bin/perfstat finds it) and Gson 2.11.0 in ~/.m2.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/bin/lib.sh"
jdk=$(perfstat_find_jdk)
gson=${GSON:-$HOME/.m2/repository/com/google/code/gson/gson/2.11.0/gson-2.11.0.jar}
spinners=${SPINNERS:-1}
out=$(mktemp -d "${TMPDIR:-/tmp}/perfstat-busy.XXXXXX")
mkdir -p "$out/classes" "$out/A" "$out/B"
"$jdk/bin/javac" -d "$out/classes" -cp "$gson" "$root/bench/window/GsonWarmup.java"
run() {
  "$root/bin/perfstat" stat -o "$1" -e task-clock -- "$jdk/bin/java" -cp "$out/classes:$gson" GsonWarmup 300 300 >/dev/null 2>&1
}
for i in 1 2 3; do
  pids=()
  if [ "$i" = 3 ]; then
    for _ in $(seq "$spinners"); do sh -c 'while :; do :; done' & pids+=($!); done
  fi
  run "$out/A/$i.jfr"
  for p in "${pids[@]}"; do kill "$p"; done
  run "$out/B/$i.jfr"
done
uptime
"$root/bin/perfstat" diff --hot 0 "$out/A" "$out/B"
echo; echo "== a quiet run (A/1) =="; "$root/bin/perfstat" report --hot 0 "$out/A/1.jfr" | grep -E "machine|steal|waited|CPU frequency|shared"
echo; echo "== the run beside the spinner (A/3) =="; "$root/bin/perfstat" report --hot 0 "$out/A/3.jfr" | grep -E "machine|steal|waited|CPU frequency|shared"
echo "recordings in $out"

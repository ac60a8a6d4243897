#!/usr/bin/env bash
# Issue 32, item 5: perfstat stat --from on a third-party program with a warm-up of its own counts only what follows it.
# GsonWarmup (bench/window) does WARMUP Gson round trips, then GsonWarmup::measured does MEASURED more; Gson::toJson(Object)
# is probed, one call a round trip. Prints stat's rows without --from and with it (RUNS runs each). Needs a JDK 25
# (bin/perfstat finds it) and Gson 2.11.0 in ~/.m2.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$root/bin/lib.sh"
jdk=$(perfstat_find_jdk)
gson=${GSON:-$HOME/.m2/repository/com/google/code/gson/gson/2.11.0/gson-2.11.0.jar}
warmup=${WARMUP:-1500}
measured=${MEASURED:-500}
runs=${RUNS:-2}
out=$(mktemp -d "${TMPDIR:-/tmp}/perfstat-from.XXXXXX")
"$jdk/bin/javac" -d "$out" -cp "$gson" "$root/bench/window/GsonWarmup.java"
stat() {
  "$root/bin/perfstat" stat -r "$runs" -e task-clock,page-faults,context-switches --probes 'com.google.gson.Gson::toJson(Object)' \
    "$@" -- "$jdk/bin/java" -cp "$out:$gson" GsonWarmup "$warmup" "$measured" 2>&1 >/dev/null \
    | grep -E "task-clock|application|JIT compiler|page-faults|context-switches|toJson calls|measured calls|time elapsed|window|shared|machine:"
}
uptime
echo "== the whole run ($warmup + $measured round trips) =="
stat
echo; echo "== --from GsonWarmup::measured =="
stat --from GsonWarmup::measured
rm -rf "$out"

#!/usr/bin/env bash
# The agent's cost on fstime, and whether it changes the unpatched-vs-patched delta.
#
# Runs fstime in fresh JVMs, with and without the agent (default probe set, default
# timing), ROUNDS times each, interleaved (unpatched/patched x bare/agent) so that drift
# of the machine cancels, and prints the mean KB/s of each configuration, the agent's
# cost per variant, and the delta with and without the agent.
#
#   bench/agent-overhead.sh [ROUNDS] [DURATION_MS] [THREADS]     (defaults: 5 5000 1)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}; duration=${2:-5000}; threads=${3:-1}
. bin/lib.sh
jdk=$(perfstat_find_jdk); java=$jdk/bin/java
jar=$(perfstat_ensure_jar "$jdk")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

run() { # variant agent? -> KB/s
  local agent=()
  [ "$2" = agent ] && agent=("-javaagent:$jar=out=$tmp/r.jfr,probeset=writepath")
  rm -f "$tmp/r.jfr"
  "$java" "${agent[@]}" -cp "$jar" perfstat.models.ModelMain fstime --variant "$1" --threads "$threads" \
      --duration-ms "$duration" --warmup-ms 1000 | sed -n 's/.* score=\([0-9.]*\) .*/\1/p'
}

declare -A sum
for r in $(seq "$rounds"); do
  for v in unpatched patched; do
    for a in bare agent; do
      s=$(run "$v" "$a"); sum[$v.$a]=$(echo "${sum[$v.$a]:-0} + $s" | bc -l)
      printf 'round %d  %-9s %-5s %12.0f KB/s\n' "$r" "$v" "$a" "$s" >&2
    done
  done
done
mean() { echo "${sum[$1]} / $rounds" | bc -l; }
printf '\nfstime, %d thread(s), %d ms x %d rounds per configuration\n' "$threads" "$duration" "$rounds"
for v in unpatched patched; do
  b=$(mean $v.bare); a=$(mean $v.agent)
  printf '%-9s  bare %12.0f KB/s   agent %12.0f KB/s   agent cost %6.2f%%\n' "$v" "$b" "$a" "$(echo "100 * ($b - $a) / $b" | bc -l)"
done
db=$(echo "100 * ($(mean patched.bare) - $(mean unpatched.bare)) / $(mean unpatched.bare)" | bc -l)
da=$(echo "100 * ($(mean patched.agent) - $(mean unpatched.agent)) / $(mean unpatched.agent)" | bc -l)
printf 'patched vs unpatched:  bare %+6.2f%%   agent %+6.2f%%   difference %5.2f pp\n' "$db" "$da" "$(echo "$da - $db" | bc -l | tr -d -)"

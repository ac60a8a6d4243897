#!/usr/bin/env bash
# How fast perfstat reads a large recording, against the JDK's own tools on the same file:
# wall time and peak RSS of `perfstat report`, `jfr view hot-methods` and `jfr summary`, and
# perfstat's ratios to `jfr view hot-methods` (targets: at most 1.2x the time, at most 256 MB).
# Two recordings: a large one of events perfstat does not read (as a production dump mostly is),
# and one dense in the events it does read (parks, monitor blocks, allocation and execution samples).
#   bench/read-speed.sh [MILLIONS_OF_EVENTS] [ROUNDS] [DENSE_SECONDS]
#   (defaults: 30 5 60; 30 million events is about 1 GB; 60 s of the dense workload about 80 MB)
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
jar=$(perfstat_ensure_jar "$jdk")
millions=${1:-30}
rounds=${2:-5}
dense_seconds=${3:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$jdk/bin/java" bench/MakeRecording.java "$millions" "$tmp/big.jfr"
"$jdk/bin/java" bench/MakeDenseRecording.java "$dense_seconds" "$tmp/dense.jfr"

tools=(perfstat hot-methods summary)
run_tool() { # tool file
  case $1 in
    perfstat) bin/perfstat report "$2" ;;
    hot-methods) "$jdk/bin/jfr" view hot-methods "$2" ;;
    summary) "$jdk/bin/jfr" summary "$2" ;;
  esac
}
median() { printf '%s\n' $1 | sort -n | sed -n "$(( (rounds + 1) / 2 ))p"; }

# Each round runs the three tools one after another (interleaved, so the machine's drift touches
# all alike); each tool's median wall time and largest peak RSS over the rounds are printed.
measure() { # file description
  local file=$1 t w k
  declare -A walls=() rss=()
  echo
  echo "$2: $(du -m "$file" | cut -f1) MB"
  bin/perfstat report "$file" >/dev/null 2>&1 || true # once first: page cache warm and perfstat's class-data archive made
  for _ in $(seq "$rounds"); do
    for t in "${tools[@]}"; do
      /usr/bin/time -f "%e %M" -o "$tmp/t" bash -c "$(declare -f run_tool); jdk=$jdk; run_tool $t $file" >/dev/null 2>&1 || true
      read -r w k < "$tmp/t"
      walls[$t]="${walls[$t]:-} $w"
      if [ "$k" -gt "${rss[$t]:-0}" ]; then rss[$t]=$k; fi
    done
  done
  for t in "${tools[@]}"; do
    printf '  %-26s %8.2f s %8d MB\n' "$t" "$(median "${walls[$t]}")" "$(( rss[$t] / 1024 ))"
  done
  local pw hw pr
  pw=$(median "${walls[perfstat]}"); hw=$(median "${walls[hot-methods]}"); pr=$(( rss[perfstat] / 1024 ))
  awk -v pw="$pw" -v hw="$hw" -v pr="$pr" 'BEGIN {
    r = pw / hw; printf "  perfstat / jfr view hot-methods: %.2fx the wall time (target 1.2x: %s), peak RSS %d MB (target 256: %s)\n",
      r, (r <= 1.2 ? "met" : "NOT met"), pr, (pr <= 256 ? "met" : "NOT met") }'
}
measure "$tmp/big.jfr" "large recording, $millions million events of types perfstat does not read"
measure "$tmp/dense.jfr" "dense recording, ${dense_seconds} s of parks, monitor blocks, allocation and execution samples (hot-methods reads only the samples)"

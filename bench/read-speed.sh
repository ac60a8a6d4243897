#!/usr/bin/env bash
# How fast perfstat reads a large recording, against the JDK's own tools on the same file:
# wall time and peak RSS of `perfstat report`, `jfr view hot-methods` and `jfr summary`, and
# perfstat's ratios to `jfr view hot-methods` (targets: at most 1.2x the time, at most 256 MB).
#   bench/read-speed.sh [MILLIONS_OF_EVENTS] [ROUNDS]     (defaults: 20 3; 20 million events is about 1 GB)
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
jar=$(perfstat_ensure_jar "$jdk")
millions=${1:-20}
rounds=${2:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$jdk/bin/java" bench/MakeRecording.java "$millions" "$tmp/big.jfr"
echo "recording: $(du -m "$tmp/big.jfr" | cut -f1) MB, $millions million events of types perfstat does not read"
# Each round runs the three tools one after another (interleaved, so the machine's drift touches all alike);
# each tool's median wall time and largest peak RSS over the rounds are printed.
declare -A walls rss
tools=(perfstat hot-methods summary)
run_tool() {
  case $1 in
    perfstat) bin/perfstat report "$tmp/big.jfr" ;;
    hot-methods) "$jdk/bin/jfr" view hot-methods "$tmp/big.jfr" ;;
    summary) "$jdk/bin/jfr" summary "$tmp/big.jfr" ;;
  esac
}
bin/perfstat report "$tmp/big.jfr" >/dev/null 2>&1 || true # once first: page cache warm and perfstat's class-data archive made
for _ in $(seq "$rounds"); do
  for t in "${tools[@]}"; do
    /usr/bin/time -f "%e %M" -o "$tmp/t" bash -c "$(declare -f run_tool); tmp=$tmp; jdk=$jdk; run_tool $t" >/dev/null 2>&1 || true
    read -r w k < "$tmp/t"
    walls[$t]="${walls[$t]:-} $w"
    [ "$k" -gt "${rss[$t]:-0}" ] && rss[$t]=$k
  done
done
median() { printf '%s\n' $1 | sort -n | sed -n "$(( (rounds + 1) / 2 ))p"; }
for t in "${tools[@]}"; do
  printf '%-28s %8.2f s %8d MB\n' "$t" "$(median "${walls[$t]}")" "$(( rss[$t] / 1024 ))"
done
pw=$(median "${walls[perfstat]}"); hw=$(median "${walls[hot-methods]}"); pr=$(( rss[perfstat] / 1024 ))
awk -v pw="$pw" -v hw="$hw" -v pr="$pr" 'BEGIN {
  r = pw / hw; printf "perfstat / jfr view hot-methods: %.2fx the wall time (target 1.2x: %s), peak RSS %d MB (target 256: %s)\n",
    r, (r <= 1.2 ? "met" : "NOT met"), pr, (pr <= 256 ? "met" : "NOT met") }'

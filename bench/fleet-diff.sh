#!/usr/bin/env bash
# diff of a fleet of recordings: wall time and peak RSS of `bin/perfstat diff A B` (its defaults) at several fleet
# sizes, with N distinct plain JFR recordings a side (bench/MakeFleet.java: JDK `profile` settings, ~200 KB each, no two
# copies; side B does 5% more work a task). Targets (issue 44): time about linear (the largest within 12x of the
# smallest for 10x the recordings) and peak RSS flat (the largest within 1.5x of the smallest).
#   bench/fleet-diff.sh [SIZES] [WINDOW_MS] [DIR]     (defaults: "300 1000 3000" 60 a temporary directory)
# Making 3,000 a side takes about 4 minutes on 2 cores; a DIR given keeps them for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
perfstat_ensure_jar "$jdk" >/dev/null
sizes=${1:-300 1000 3000}
window_ms=${2:-60}
if [ -n "${3:-}" ]; then dir=$3; mkdir -p "$dir"; else dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT; fi
largest=$(printf '%s\n' $sizes | sort -n | tail -1)
for side in a b; do
  have=$( (ls "$dir/all-$side" 2>/dev/null || true) | grep -c '\.jfr$' || true)
  if [ "$have" -lt "$largest" ]; then
    rm -rf "$dir/all-$side"
    slower=0; [ "$side" = b ] && slower=0.05
    "$jdk/bin/java" bench/MakeFleet.java "$largest" "$window_ms" "$slower" "$dir/all-$side" &
  fi
done
wait
bin/perfstat report "$dir/all-a/r00000.jfr" >/dev/null # the class-data archive made before the first timing
echo "fleet diff, $(date -u +%F), $(nproc) CPUs, $(du -sh "$dir/all-a" | cut -f1) a side at $largest"
printf '  %-12s %10s %12s %14s\n' "a side" "wall (s)" "peak RSS (MB)" "ms a recording"
first_t=""; first_r=""
for n in $sizes; do
  for side in a b; do # the first n of each side, as hard links
    rm -rf "$dir/n$n-$side"; mkdir -p "$dir/n$n-$side"
    ls "$dir/all-$side" | sort | head -n "$n" | while read -r f; do ln -f "$dir/all-$side/$f" "$dir/n$n-$side/$f"; done
  done
  /usr/bin/time -f "%e %M" -o "$dir/time" bin/perfstat diff "$dir/n$n-a" "$dir/n$n-b" >"$dir/table-$n.txt" 2>"$dir/err-$n.txt" \
    || { echo "  diff at $n a side failed:"; tail -3 "$dir/err-$n.txt"; exit 1; }
  read -r wall rss < "$dir/time"
  printf '  %-12s %10.2f %12d %14.2f\n' "$n" "$wall" "$(( rss / 1024 ))" "$(awk -v w="$wall" -v n="$n" 'BEGIN { print 1000 * w / (2 * n) }')"
  [ -z "$first_t" ] && { first_t=$wall; first_r=$rss; first_n=$n; }
  last_t=$wall; last_r=$rss; last_n=$n
  rm -rf "$dir/n$n-a" "$dir/n$n-b"
done
awk -v t1="$first_t" -v t2="$last_t" -v r1="$first_r" -v r2="$last_r" -v n1="$first_n" -v n2="$last_n" 'BEGIN {
  tr = t2 / t1; rr = r2 / r1; k = n2 / n1
  printf "  %d against %d a side: %.2fx the time for %.0fx the recordings (target %.0fx: %s), %.2fx the peak RSS (target 1.5x: %s)\n",
    n2, n1, tr, k, 1.2 * k, (tr <= 1.2 * k ? "met" : "NOT met"), rr, (rr <= 1.5 ? "met" : "NOT met") }'

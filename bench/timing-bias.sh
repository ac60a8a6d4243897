#!/usr/bin/env bash
# Whether sampled timing's timed calls cost what exact timing's do: runs a command under
# `perfstat stat` with --timing sampled and --timing exact alternately (A B A B) and prints
# each probe's p50 and p99 per run, so that the two modes' figures sit side by side.
#   bench/timing-bias.sh PAIRS PROBES -- java [JVM options] MAIN [args]
# A sampled p50 well above the exact one (for a method not nesting another probe) is the bias.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 4 ] && [ "$3" = "--" ] || { echo "usage: bench/timing-bias.sh PAIRS PROBES -- java ..." >&2; exit 2; }
pairs=$1 probes=$2
shift 3
for ((i = 1; i <= pairs; i++)); do
    for mode in sampled exact; do
        bin/perfstat stat -r 1 -e task-clock --timing "$mode" --probes "$probes" -- "$@" 2>&1 >/dev/null \
            | grep -E ' p(50|99) ' | tr -s ' ' | sed "s/^/$mode $i /"
    done
done

#!/usr/bin/env bash
# Does a detach leave the target slower? fstime's rate, read through its MBean, before any attach
# and after blocks of `perfstat attach --probeset writepath` cycles (bench/DetachCost.java).
#   bench/detach-cost.sh [ROUNDS] [CYCLES] [PHASES] [PHASE_MS]     (defaults: 3 5 5 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
jdk=$(perfstat_find_jdk)
jar=$(perfstat_ensure_jar "$jdk")
exec "$jdk/bin/java" -cp "$jar" bench/DetachCost.java "$PWD/bin/perfstat" "$jdk/bin/java" "$@"

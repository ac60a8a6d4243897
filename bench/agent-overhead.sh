#!/usr/bin/env bash
# The agent's cost on fstime, and whether it changes the unpatched-vs-patched delta.
#
# Runs fstime in fresh JVMs, with and without the agent (default probe set, default
# timing), ROUNDS times each, interleaved (unpatched/patched x bare/agent) so that drift
# of the machine cancels, and prints per configuration the mean and median KB/s, the
# agent's cost per variant (from the medians, and the median of the per-round ratios),
# and the patched-vs-unpatched delta with and without the agent. For the two targets (cost at
# most 3%, delta within 2 percentage points) it prints a 95% bootstrap interval of the median
# per-round figure and says whether the target is met, missed, or undecided at this many rounds.
#
#   bench/agent-overhead.sh [ROUNDS] [DURATION_MS] [THREADS]     (defaults: 5 5000 1)
#   BENCH_JVM_OPTS="-XX:..." adds JVM options to every measured JVM, bare and agent alike.
#   BENCH_AGENT_OPTS=",K=V..." replaces the agent's options after out= (default ",probeset=writepath";
#   BENCH_AGENT_OPTS= with nothing runs the agent without probes: its recording and counters alone).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}; duration=${2:-5000}; threads=${3:-1}
. bin/lib.sh
jdk=$(perfstat_find_jdk); java=$jdk/bin/java
jar=$(perfstat_ensure_jar "$jdk")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

run() { # variant bare|agent -> KB/s
  local agent=()
  [ "$2" = agent ] && agent=("-javaagent:$jar=out=$tmp/r.jfr${BENCH_AGENT_OPTS-,probeset=writepath}")
  rm -f "$tmp"/r*.jfr
  "$java" ${BENCH_JVM_OPTS:-} "${agent[@]}" -cp "$jar" perfstat.models.ModelMain fstime --variant "$1" --threads "$threads" \
      --duration-ms "$duration" --warmup-ms 1000 | sed -n 's/.* score=\([0-9.]*\) .*/\1/p'
}

for r in $(seq "$rounds"); do
  for v in unpatched patched; do
    for a in bare agent; do
      s=$(run "$v" "$a")
      echo "$r $v $a $s" >> "$tmp/scores"
      printf 'round %d  %-9s %-5s %12.0f KB/s\n' "$r" "$v" "$a" "$s" >&2
    done
  done
done
printf '\nfstime, %d thread(s), %d ms x %d rounds per configuration\n' "$threads" "$duration" "$rounds"
awk '
  function median(arr, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (arr[j] < arr[i]) { t = arr[i]; arr[i] = arr[j]; arr[j] = t }
                                      return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
  # 95% percentile-bootstrap interval of the median of x[1..n] (rounds resampled with replacement)
  function bootci(x, n, ci,   b, r, m, y, B) {
    B = 2000
    for (b = 1; b <= B; b++) { for (r = 1; r <= n; r++) y[r] = x[int(rand() * n) + 1]; m[b] = median(y, n) }
    median(m, B) # sorts m
    ci["lo"] = m[int(0.025 * B) + 1]; ci["hi"] = m[int(0.975 * B)]
  }
  # a target [min, max] is met when the whole interval lies inside it, missed when wholly outside
  function verdict(lo, hi, min, max) {
    return (lo >= min && hi <= max) ? "met" : ((lo > max || hi < min) ? "NOT met" : "undecided at this number of rounds")
  }
  BEGIN { srand(1) }
  { s[$2 "." $3, $1] = $4; sum[$2 "." $3] += $4; n = ($1 > n ? $1 : n) }
  END {
    for (k in sum) { for (r = 1; r <= n; r++) a[r] = s[k, r]; med[k] = median(a, n); mean[k] = sum[k] / n }
    split("unpatched patched", vs, " ")
    for (i = 1; i <= 2; i++) {
      v = vs[i]
      for (r = 1; r <= n; r++) q[r] = s[v ".agent", r] / s[v ".bare", r]
      mq = median(q, n) # sorts q
      lo = int(n / 4) + 1; hi = int(3 * n / 4) + 1; if (hi > n) hi = n
      printf "%-9s  bare mean %10.0f median %10.0f   agent mean %10.0f median %10.0f KB/s   agent cost: medians %5.2f%%, median per-round ratio %5.2f%% (quartiles %5.2f%% .. %5.2f%%)\n",
        v, mean[v ".bare"], med[v ".bare"], mean[v ".agent"], med[v ".agent"],
        100 * (1 - med[v ".agent"] / med[v ".bare"]), 100 * (1 - mq), 100 * (1 - q[hi]), 100 * (1 - q[lo])
      for (r = 1; r <= n; r++) c[r] = 100 * (1 - s[v ".agent", r] / s[v ".bare", r])
      bootci(c, n, ci)
      printf "%-9s  agent cost, 95%% interval of the median per-round cost: %5.2f%% .. %5.2f%%   target <= 3%%: %s\n", v, ci["lo"], ci["hi"], verdict(ci["lo"], ci["hi"], -100, 3)
    }
    db = 100 * (med["patched.bare"] / med["unpatched.bare"] - 1); da = 100 * (med["patched.agent"] / med["unpatched.agent"] - 1)
    printf "patched vs unpatched (medians):  bare %+6.2f%%   agent %+6.2f%%   difference %5.2f pp\n", db, da, (da > db ? da - db : db - da)
    # the same per round (agent delta minus bare delta), to show how far one round is from the next
    for (r = 1; r <= n; r++) dd[r] = 100 * (s["patched.agent", r] / s["unpatched.agent", r] - s["patched.bare", r] / s["unpatched.bare", r])
    md = median(dd, n)
    printf "per round, agent delta minus bare delta: median %+6.2f pp (quartiles %+6.2f .. %+6.2f pp)\n", md, dd[lo], dd[hi]
    bootci(dd, n, ci)
    printf "per round, agent delta minus bare delta: 95%% interval of the median %+6.2f .. %+6.2f pp   target within 2 pp: %s\n", ci["lo"], ci["hi"], verdict(ci["lo"], ci["hi"], -2, 2)
  }' "$tmp/scores"

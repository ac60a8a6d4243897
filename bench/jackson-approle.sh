#!/usr/bin/env bash
# Issue 33's application row, checked against the program's own clock: bench/jackson/Drive.java
# (Jackson databind 2.17.2, N calls each of readValue(String,TypeReference), writeValueAsString,
# readTree) under `perfstat stat -x,`, without and with three ObjectMapper probes, in pairs, the
# order alternating pair by pair. Drive also writes its main thread's CPU time from main's first
# line to its last (ThreadMXBean: the kernel's per-thread count, the one the roles split).
#
#   bench/jackson-approle.sh [PAIRS] [CALLS] [JAVA]   (defaults: 6, 3000, the JDK 25 perfstat runs on)
#
# Per pair: the application row (task-clock:application), the transformation's row
# (task-clock:transform), the program's own CPU, and the row's residual over that CPU: without
# probes `application - own`, with probes `application + transform - own` (the transformer runs on
# the main thread inside main, so its own CPU holds it; the row has it taken out). The residual is
# the main thread's CPU in the window outside main (the launcher's loading of the main class, the
# exit) and should not move with probes: its change is the error the probes put into the row, and
# it is judged from the pairs' differences, so that the machine's load, which moves the row and
# the program's CPU alike, falls out of it. The application row's and the program's own change
# with probes are judged from the pairs' log ratios. Intervals: 95%, Student's t.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/lib.sh
pairs=${1:-6}
calls=${2:-3000}
jdk=$(perfstat_find_jdk)
java=${3:-$jdk/bin/java}
jar=$(perfstat_ensure_jar "$jdk")
[[ $pairs =~ ^[0-9]+$ && $pairs -ge 2 ]] || { echo "PAIRS must be a whole number of at least 2, not '$pairs'" >&2; exit 2; }
[[ $calls =~ ^[0-9]+$ && $calls -ge 1 ]] || { echo "CALLS must be a whole number of at least 1, not '$calls'" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for a in jackson-databind jackson-core jackson-annotations; do
  mvn -B -q -ntp dependency:copy -Dartifact=com.fasterxml.jackson.core:$a:2.17.2 -DoutputDirectory="$tmp/lib" >/dev/null
done
cp=$(ls "$tmp"/lib/*.jar | tr '\n' ':')
"$jdk/bin/javac" --release 17 -cp "$cp" -d "$tmp/cp" bench/jackson/Drive.java
cp="$tmp/cp:$cp"
m=com.fasterxml.jackson.databind.ObjectMapper
probes="$m::readValue(String,TypeReference);$m::writeValueAsString;$m::readTree(String)"

# ms of row $2 in stat -x's output $1
ms() { awk -F, -v e="$2" '$3 == e { print $1; exit }' "$1"; }

run() { # pair side(np|p): appends "pair side application transform own" to $tmp/runs
  local opts=()
  [ "$2" = np ] || opts=(--probes "$probes")
  rm -f "$tmp/cpu"
  "$jdk/bin/java" -jar "$jar" stat -x, "${opts[@]}" -- "$java" -cp "$cp" Drive "$calls" "$tmp/cpu" >/dev/null 2>"$tmp/err" \
    || { echo "pair $1 ($2) failed:" >&2; cat "$tmp/err" >&2; exit 1; }
  local app transform own
  app=$(ms "$tmp/err" task-clock:application); transform=$(ms "$tmp/err" task-clock:transform)
  [ -n "$app" ] && [ -s "$tmp/cpu" ] || { echo "pair $1 ($2): no application row or no CPU time from Drive:" >&2; cat "$tmp/err" >&2; exit 1; }
  own=$(awk '{ printf "%.2f", $1 / 1e6 }' "$tmp/cpu")
  echo "$1 $2 $app ${transform:-0} $own" >> "$tmp/runs"
}

for i in $(seq "$pairs"); do
  if (( i % 2 )); then run "$i" np; run "$i" p; else run "$i" p; run "$i" np; fi
done

printf 'Application row against the program'"'"'s own CPU: Jackson driver, %d calls, %d pairs (order alternating), %d cores, load average %s\n' \
  "$calls" "$pairs" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
awk '
  function t95(df) { return df >= 30 ? 2.042 : T[df] }
  BEGIN { split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093 2.086 2.080 2.074 2.069 2.064 2.060 2.056 2.052 2.048 2.045", T, " ") }
  { app[$1, $2] = $3; tr[$1, $2] = $4; own[$1, $2] = $5; n = ($1 > n ? $1 : n) }
  function judge(x, k,   i, s, ss, mean, sd, h) {
    s = 0; for (i = 1; i <= k; i++) s += x[i]; mean = s / k
    ss = 0; for (i = 1; i <= k; i++) ss += (x[i] - mean) ^ 2; sd = sqrt(ss / (k - 1)); h = t95(k - 1) * sd / sqrt(k)
    LO = mean - h; HI = mean + h; return mean
  }
  END {
    printf "%4s %12s %12s %10s %12s %12s %12s %12s\n", "pair", "app without", "app with", "transform", "own without", "own with", "resid w/o", "resid with"
    for (i = 1; i <= n; i++) {
      rn = app[i, "np"] - own[i, "np"]; rp = app[i, "p"] + tr[i, "p"] - own[i, "p"]
      printf "%4d %12.2f %12.2f %10.2f %12.2f %12.2f %12.2f %12.2f\n", i, app[i, "np"], app[i, "p"], tr[i, "p"], own[i, "np"], own[i, "p"], rn, rp
      la[i] = log(app[i, "p"] / app[i, "np"]); lo[i] = log(own[i, "p"] / own[i, "np"]); d[i] = rp - rn
      sa += app[i, "np"]; sb += app[i, "p"]; st += tr[i, "p"]; oa += own[i, "np"]; ob += own[i, "p"]; ra += rn; rb += rp
    }
    printf "mean %12.2f %12.2f %10.2f %12.2f %12.2f %12.2f %12.2f\n", sa / n, sb / n, st / n, oa / n, ob / n, ra / n, rb / n
    m = judge(la, n); printf "application row, with probes against without: %+.2f%% [%+.2f%%, %+.2f%%]\n", 100 * (exp(m) - 1), 100 * (exp(LO) - 1), 100 * (exp(HI) - 1)
    m = judge(lo, n); printf "program'"'"'s own CPU, with probes against without: %+.2f%% [%+.2f%%, %+.2f%%]\n", 100 * (exp(m) - 1), 100 * (exp(LO) - 1), 100 * (exp(HI) - 1)
    m = judge(d, n); printf "the row'"'"'s error from the probes (residual with - without): %+.2f ms [%+.2f, %+.2f] = %+.2f%% of the row [%+.2f%%, %+.2f%%]\n", m, LO, HI, 100 * m / (sa / n), 100 * LO / (sa / n), 100 * HI / (sa / n)
  }' "$tmp/runs"

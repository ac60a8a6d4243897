#!/usr/bin/env bash
# perfstat stat's task-clock against bare perf stat's, on programs of a second or more: each program
# runs N rounds, interleaved (in each round: bare under `perf stat -e task-clock`, then under
# `perfstat stat -x,`), so that the machine's drift falls on both alike. Prints, per program, the
# medians, and the ratio perfstat / perf: the median of the per-round ratios and their range. The
# issue's target is a ratio within 3% of 1.
#
#   busy  bench/taskclock/Busy.java: two threads of fixed arithmetic (about 0.9 s of CPU each),
#         1 ms sleeps between slices, 64 MB of pages touched (the shape of issue 26)
#   h2    H2's own SQL shell (org.h2.tools.Shell, H2 2.3.232 from the local Maven repository): an
#         in-memory table of 200,000 rows filled, grouped and self-joined; a program not written for perfstat
#
# perfstat's headline task-clock (the first line of -x) is the process less its observer threads
# (JFR's and perfstat's own); the whole process is the `task-clock:process` line, printed as well
# (a build before that split prints none: its headline is the whole process). The JIT compiler
# row (`task-clock:jit`) is printed too: the compiler's time inside the window.
#
#   bench/taskclock-vs-perf.sh [ROUNDS]   (default 5)
#   BENCH_PROGRAMS="busy h2"              the programs to run
#   BENCH_JAR=path/to/perfstat.jar        measures that jar instead of this tree's
#   BENCH_BASE_JAR=path/to/old.jar        also runs that jar's stat in each round (a build before a change)
#   BENCH_VERBOSE=1                       prints every run
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
. bin/lib.sh
jdk=$(perfstat_find_jdk); java=$jdk/bin/java
jar=${BENCH_JAR:-$(perfstat_ensure_jar "$jdk")}
base=${BENCH_BASE_JAR:-}
programs=(${BENCH_PROGRAMS:-busy h2})
command -v perf >/dev/null || { echo "perf is not installed" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/cp"
"$jdk/bin/javac" -d "$tmp/cp" bench/taskclock/Busy.java
h2=${M2_REPO:-$HOME/.m2/repository}/com/h2database/h2/2.3.232/h2-2.3.232.jar
sql="CREATE TABLE T(ID INT PRIMARY KEY, G INT, V VARCHAR); INSERT INTO T SELECT X, MOD(X, 97), 'v' || X FROM SYSTEM_RANGE(1, 200000);
SELECT G, COUNT(*), SUM(LENGTH(V)) FROM T GROUP BY G ORDER BY 3 DESC LIMIT 3; SELECT COUNT(*) FROM T A JOIN T B ON A.ID = B.ID + 1 WHERE A.G = 5"

program() { # name -> the program's java arguments, in the array p
  case $1 in
    busy) p=(-cp "$tmp/cp" Busy) ;;
    h2) [ -f "$h2" ] || { echo "h2: $h2 is missing (mvn dependency:get -Dartifact=com.h2database:h2:2.3.232)" >&2; exit 2; }
        p=(-cp "$h2" org.h2.tools.Shell -url "jdbc:h2:mem:bench" -sql "$sql") ;;
    *) echo "unknown program $1" >&2; exit 2 ;;
  esac
}

# ms of task-clock from perf's or perfstat's -x, output (file $1), line $2 (task-clock, task-clock:process)
ms() { awk -F, -v e="$2" '$3 == e { print $1; exit }' "$1"; }

run() { # round program way
  local r=$1 prog=$2 way=$3 bare proc jit
  program "$prog"
  case $way in
    perf) perf stat -e task-clock -x, -o "$tmp/err" -- "$java" "${p[@]}" >/dev/null 2>&1 ;;
    stat) "$java" -jar "$jar" stat -x, -- "$java" "${p[@]}" >/dev/null 2>"$tmp/err" ;;
    base) "$java" -jar "$base" stat -x, -- "$java" "${p[@]}" >/dev/null 2>"$tmp/err" ;;
  esac || { echo "$prog $way failed:" >&2; cat "$tmp/err" >&2; exit 1; }
  bare=$(ms "$tmp/err" task-clock); proc=$(ms "$tmp/err" task-clock:process); jit=$(ms "$tmp/err" task-clock:jit)
  [ -n "$bare" ] || { echo "$prog $way printed no task-clock:" >&2; cat "$tmp/err" >&2; exit 1; }
  echo "$r $prog $way $bare ${proc:-$bare} ${jit:--1}" >> "$tmp/times"
  [ -z "${BENCH_VERBOSE:-}" ] || printf 'round %2d  %-5s %-5s task-clock %9s ms  process %9s ms  jit %8s ms\n' "$r" "$prog" "$way" "$bare" "${proc:-$bare}" "${jit:--}" >&2
}

ways=(perf stat ${base:+base})
for r in $(seq "$rounds"); do
  for prog in "${programs[@]}"; do
    for w in "${ways[@]}"; do
      run "$r" "$prog" "$w"
    done
  done
done

printf 'task-clock, perfstat stat against perf stat: JDK %s, %d interleaved rounds, %d cores, load average %s\n' \
  "$(perfstat_jdk_version "$jdk")" "$rounds" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
awk -v progs="${programs[*]}" -v ways="${ways[*]}" '
  function median(arr, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (arr[j] < arr[i]) { t = arr[i]; arr[i] = arr[j]; arr[j] = t }
                                      return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
  { tc[$2, $3, $1] = $4; pr[$2, $3, $1] = $5; jt[$2, $3, $1] = $6; n = ($1 > n ? $1 : n) }
  END {
    np = split(progs, P, " "); nw = split(ways, W, " ")
    printf "%-5s %-5s %14s %14s %10s %14s %18s %14s\n", "prog", "way", "task-clock ms", "process ms", "JIT ms", "ratio", "range", "process ratio"
    for (i = 1; i <= np; i++) for (k = 1; k <= nw; k++) {
      w = W[k]
      for (r = 1; r <= n; r++) { a[r] = tc[P[i], w, r]; b[r] = pr[P[i], w, r]; c[r] = jt[P[i], w, r] }
      mt = median(a, n); mp = median(b, n); mj = median(c, n); mj = mj < 0 ? "-" : sprintf("%.1f", mj)
      ratio = "-"; range = "-"; pratio = "-"
      if (w != "perf") {
        lo = 1e9; hi = -1e9
        for (r = 1; r <= n; r++) {
          q = tc[P[i], w, r] / tc[P[i], "perf", r]; a[r] = q; b[r] = pr[P[i], w, r] / tc[P[i], "perf", r]
          lo = q < lo ? q : lo; hi = q > hi ? q : hi
        }
        ratio = sprintf("%.3f", median(a, n)); range = sprintf("%.3f-%.3f", lo, hi); pratio = sprintf("%.3f", median(b, n))
      }
      printf "%-5s %-5s %14.1f %14.1f %10s %14s %18s %14s\n", P[i], w, mt, mp, mj, ratio, range, pratio
    }
    print "(medians over the rounds; a ratio is the median of the per-round ratios to perf stat of the bare program)"
  }' "$tmp/times"

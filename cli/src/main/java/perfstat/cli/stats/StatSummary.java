package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import perfstat.cli.read.IntervalLog;
import perfstat.cli.read.RunData;
import perfstat.format.PerfEvent;

/**
 * What {@code perfstat stat} prints: per event the mean over the runs with perf's {@code ±}
 * (standard error as a percentage of the mean), the share of time the counter ran, perf's
 * derived figure, and the source; then time elapsed, user and system time.
 *
 * @param command    the command as the user typed it
 * @param runs       how many runs the values are means of
 * @param lines      one per event, in the order asked
 * @param elapsedS   the window in seconds: mean, with its standard error
 * @param userS      user CPU time of the window (NaN with several runs: perf prints it for one)
 * @param systemS    system CPU time of the window
 * @param perThread  per thread of the last run (perf_event_open only), each with its lines
 * @param notes      footer lines: sources, what the window covers, the counter thread's cost
 * @param probes     per probed method, its calls and latency percentiles (empty without probes)
 * @param unmatched  the probe patterns that matched no method in some run (a typo, or a class never loaded)
 * @param score      the command's own score ({@code --score}): the mean of the runs' scores with its ±, or null
 * @param perUnit    each counter per unit of work ({@code --per}, {@link PerUnit}): the mean of the runs' ratios with its
 *                   ±; empty without a unit
 * @param steady     beside a score of iterations: its warm-up and, with {@code --iteration}, an iteration's CPU time and
 *                   bytes in steady state, each the mean over the runs that settled; empty otherwise
 */
public record StatSummary(String command, int runs, List<Line> lines, Value elapsedS, double elapsedStderrS,
                          double userS, double systemS, List<ThreadLines> perThread, List<String> notes,
                          List<ProbeLine> probes, List<String> unmatched, Line score, List<Line> perUnit,
                          List<Line> steady) {

    public StatSummary {
        perUnit = perUnit == null ? List.of() : List.copyOf(perUnit);
        steady = steady == null ? List.of() : List.copyOf(steady);
    }

    public StatSummary(String command, int runs, List<Line> lines, Value elapsedS, double elapsedStderrS,
                       double userS, double systemS, List<ThreadLines> perThread, List<String> notes,
                       List<ProbeLine> probes, List<String> unmatched, Line score) {
        this(command, runs, lines, elapsedS, elapsedStderrS, userS, systemS, perThread, notes, probes, unmatched, score,
                List.of(), List.of());
    }

    public StatSummary(String command, int runs, List<Line> lines, Value elapsedS, double elapsedStderrS,
                       double userS, double systemS, List<ThreadLines> perThread, List<String> notes,
                       List<ProbeLine> probes, List<String> unmatched) {
        this(command, runs, lines, elapsedS, elapsedStderrS, userS, systemS, perThread, notes, probes, unmatched, null);
    }

    public StatSummary(String command, int runs, List<Line> lines, Value elapsedS, double elapsedStderrS,
                       double userS, double systemS, List<ThreadLines> perThread, List<String> notes) {
        this(command, runs, lines, elapsedS, elapsedStderrS, userS, systemS, perThread, notes, List.of(), List.of());
    }

    /** The same summary without the per-thread lines. */
    public StatSummary withoutThreads() {
        return new StatSummary(command, runs, lines, elapsedS, elapsedStderrS, userS, systemS, List.of(), notes, probes,
                unmatched, score, perUnit, steady);
    }

    /**
     * One probed method over the runs.
     *
     * @param method     its full name (pkg.Class::method(args))
     * @param name       its short name, as the diff's rows print it
     * @param calls      calls a run: the mean, with its ± over the runs
     * @param timedCalls the timed calls of all runs, which the percentiles rest on (0: no timing)
     * @param p50Ns      the median latency of the timed calls, in ns (NaN without timed calls)
     * @param p99Ns      the 99th percentile
     * @param maxNs      the longest timed call
     */
    public record ProbeLine(String method, String name, Value calls, long timedCalls, double p50Ns, double p99Ns,
                            double maxNs) {
    }

    /**
     * Per probed method (in name order), its calls a run and the percentiles of all runs' timed calls together; none for
     * a method no run called, as the table of {@code report} and {@code diff} leaves its row out
     * ({@link Measurements#calledNowhere}, over the same rows).
     */
    static List<ProbeLine> probes(List<RunData> runs) {
        java.util.TreeMap<String, List<RunData.Probe>> byName = new java.util.TreeMap<>();
        List<Map<MetricId, Measurements.Measured>> rows = runs.stream().map(Measurements::of).toList();
        for (RunData r : runs) {
            r.probes().values().stream().filter(p -> !calledNowhere(p.name(), rows))
                    .forEach(p -> byName.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(p));
        }
        Map<String, String> shortNames = Measurements.probeNames(runs);
        List<ProbeLine> out = new ArrayList<>();
        byName.forEach((name, ps) -> {
            List<Double> calls = new ArrayList<>();
            for (RunData r : runs) {
                RunData.Probe p = r.probes().get(name);
                calls.add(p == null ? 0.0 : (double) p.calls());
            }
            org.HdrHistogram.Histogram h = ps.get(0).latencyNs().copy();
            ps.subList(1, ps.size()).forEach(p -> h.add(p.latencyNs()));
            long timed = h.getTotalCount();
            Value v = Spread.meanOverRuns(calls);
            out.add(new ProbeLine(name, shortNames.getOrDefault(name, name), v, timed,
                    timed == 0 ? Double.NaN : h.getValueAtPercentile(50), timed == 0 ? Double.NaN : h.getValueAtPercentile(99),
                    timed == 0 ? Double.NaN : h.getMaxValue()));
        });
        runs.forEach(r -> r.losses().notProbed().stream().filter(u -> !byName.containsKey(u.method())
                && runs.stream().noneMatch(x -> x.probes().containsKey(u.method()))).forEach(u -> {
            byName.put(u.method(), List.of()); // a method matched and not probed: its line says so, a note why
            out.add(new ProbeLine(u.method(), shortNames.get(u.method()), Value.notProbed(), 0, Double.NaN, Double.NaN, Double.NaN));
        }));
        return out;
    }

    /** Whether the probe of {@code method} has a calls row of 0 in every run's rows. */
    private static boolean calledNowhere(String method, List<Map<MetricId, Measurements.Measured>> rows) {
        Measurements.Measured calls = rows.stream().flatMap(m -> m.values().stream())
                .filter(x -> x.metric().id().kind() == MetricId.Kind.PROBE && x.metric().id().subject().equals(method)
                        && x.metric().id().statistic() == MetricId.Statistic.CALLS).findFirst().orElse(null);
        return calls != null && Measurements.calledNowhere(calls.metric(), rows);
    }

    /** The patterns that matched no method in one run or more, in the order given. */
    static List<String> unmatched(List<RunData> runs) {
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        for (RunData r : runs) {
            r.probePatterns().forEach((pattern, methods) -> {
                if (Measurements.matchedNothing(r, pattern, methods)) {
                    out.add(pattern);
                }
            });
        }
        return List.copyOf(out);
    }

    /**
     * @param event      perf's name, modifiers included
     * @param unit       "msec" for the clocks, else ""
     * @param value      the mean (in msec for the clocks), with its ± and status
     * @param runtimeNs  mean time the counter ran (perf's event-runtime)
     * @param runningPct share of the time enabled that it ran
     * @param derived    perf's derived figure
     * @param source     perf_event_open, or the fallback that gave the value
     */
    public record Line(String event, String unit, Value value, double runtimeNs, double runningPct,
                       CounterMetrics.Derived derived, String source) {
    }

    public record ThreadLines(String thread, List<Line> lines) {
    }

    /** The summary of one or more runs of the same command, with each counter per unit of {@code per}. */
    public static StatSummary of(String command, List<RunData> runs, List<String> notes, PerUnit per) {
        StatSummary s = of(command, runs, notes);
        return new StatSummary(s.command, s.runs, s.lines, s.elapsedS, s.elapsedStderrS, s.userS, s.systemS, s.perThread,
                s.notes, s.probes, s.unmatched, s.score, perUnit(runs, per), s.steady);
    }

    /**
     * Each counter per unit of work as a line: the rows {@link PerUnit} adds to a run's table, so {@code stat} and
     * {@code diff} divide alike; the mean of the runs' ratios, with its ± over the runs.
     */
    static List<Line> perUnit(List<RunData> runs, PerUnit per) {
        Map<MetricId, List<Double>> values = new java.util.LinkedHashMap<>();
        Map<MetricId, Metric> metrics = new java.util.LinkedHashMap<>();
        for (RunData r : runs) {
            per.addTo(Measurements.of(r), r).forEach((id, m) -> {
                if (id.statistic() == MetricId.Statistic.PER_UNIT) {
                    metrics.putIfAbsent(id, m.metric());
                    values.computeIfAbsent(id, k -> new ArrayList<>());
                    if (m.value().measured()) {
                        values.get(id).add(m.value().value());
                    }
                }
            });
        }
        List<Line> out = new ArrayList<>();
        metrics.forEach((id, metric) -> {
            List<Double> vs = values.get(id);
            Value v = vs.size() < runs.size() ? Value.notCounted() : Spread.meanOverRuns(vs);
            String label = metric.label().replaceFirst(" \\(ns\\)$", "");
            out.add(new Line(label, perUnitUnit(id), v, 0, 100, CounterMetrics.Derived.NONE, ""));
        });
        return out;
    }

    /**
     * A line per unit's unit in full, as perf writes a unit: {@code ns/write} for a clock, {@code /write} for a count (a
     * count has no unit), so that {@code -x} and {@code --json} tell it from its total; the text prints what comes before
     * the {@code /} in perf's unit column, the line's name says the rest.
     */
    static String perUnitUnit(MetricId id) {
        String unit = id.unit();
        return unit.startsWith("count/") ? unit.substring("count".length()) : unit;
    }

    /** The summary of one or more runs of the same command. */
    public static StatSummary of(String command, List<RunData> runs, List<String> notes) {
        RunData first = runs.get(0);
        List<Line> lines = new ArrayList<>();
        List<Double> windows = windowsS(runs);
        double elapsed = mean(windows);
        Map<String, Double> means = new HashMap<>();
        List<List<RunData.PerfCounter>> byEvent = new ArrayList<>();
        for (int i = 0; i < first.perfCounters().size(); i++) {
            List<RunData.PerfCounter> same = new ArrayList<>();
            for (RunData r : runs) {
                if (i < r.perfCounters().size() && r.perfCounters().get(i).event().equals(first.perfCounters().get(i).event())) {
                    same.add(r.perfCounters().get(i));
                }
            }
            byEvent.add(same);
            List<Double> vs = same.stream().filter(RunData.PerfCounter::counted).map(RunData.PerfCounter::scaled).toList();
            if (!vs.isEmpty()) {
                means.putIfAbsent(first.perfCounters().get(i).baseEvent(), mean(vs)); // the first of a base, as totals()
            }
        }
        lines.addAll(eventLines(runs.stream().map(RunData::counts).toList(), byEvent, means, elapsed));
        double stderr = windows.size() < 2 ? Double.NaN : Measurements.stderrPct(windows) / 100 * elapsed;
        double user = Double.NaN;
        double sys = Double.NaN;
        if (runs.size() == 1 && first.counterWindow() != null && first.counterWindow().userNs() >= 0) {
            user = first.counterWindow().userNs() / 1e9;
            sys = first.counterWindow().systemNs() / 1e9;
        }
        RunData last = runs.get(runs.size() - 1);
        List<ThreadLines> perThread = new ArrayList<>();
        Map<Integer, List<RunData.PerfCounter>> threads = new java.util.LinkedHashMap<>();
        for (RunData.PerfCounter c : last.perThread()) {
            threads.computeIfAbsent(c.tid(), t -> new ArrayList<>()).add(c);
        }
        double lastWindowNs = last.counterWindow() == null ? Double.NaN : last.counterWindow().window().toNanos();
        for (Map.Entry<Integer, List<RunData.PerfCounter>> t : threads.entrySet()) {
            Map<String, Double> totals = new RunData.Counts(t.getValue(), RunData.Roles.NONE).totals();
            List<Line> tl = new ArrayList<>();
            for (RunData.PerfCounter c : t.getValue()) {
                tl.add(line(List.of(c), totals, lastWindowNs));
            }
            perThread.add(new ThreadLines(t.getValue().get(0).threadName() + "-" + t.getKey(), tl));
        }
        Value el = windows.isEmpty() ? Value.absent()
                : new Value(elapsed, Value.Status.MEASURED, Measurements.stderrPct(windows), windows.size());
        return new StatSummary(command, runs.size(), lines, el, stderr, user, sys, perThread, notes, probes(runs),
                unmatched(runs), score(runs), List.of(), steady(runs));
    }

    /**
     * The command's own score as a line: the mean of the runs' scores (each the mean of the numbers its output gave),
     * with its ± over the runs, in the score's unit; null where the runs have none.
     */
    static Line score(List<RunData> runs) {
        List<RunData.ProgramScore> scores = runs.stream().map(RunData::programScore).filter(java.util.Objects::nonNull).toList();
        if (scores.isEmpty()) {
            return null;
        }
        RunData.ProgramScore first = scores.get(0);
        if (first.iterations()) { // each run's steady state's mean, as compare's row; none where no run settled
            List<Double> steady = new ArrayList<>();
            for (RunData.ProgramScore p : scores) {
                SteadyState.Segment seg = Iterations.steadyState(p).steadySegment();
                if (seg != null) {
                    steady.add(p.values().subList(seg.from(), seg.to()).stream().mapToDouble(Double::doubleValue).average()
                            .orElse(Double.NaN));
                }
            }
            String of = steady.size() < scores.size() ? " (" + steady.size() + " of " + scores.size() + " runs settled)" : "";
            return new Line(first.name() + ", steady" + of, first.unit(), steady.isEmpty() ? Value.notCounted()
                    : Spread.meanOverRuns(steady), 0, 100, CounterMetrics.Derived.NONE, "");
        }
        List<Double> vs = scores.stream().map(RunData.ProgramScore::score).toList();
        Value v = Spread.meanOverRuns(vs);
        return new Line(first.name(), first.unit(), v, 0, 100, CounterMetrics.Derived.NONE, "");
    }

    /**
     * Beside a score of iterations, the rows a comparison has beside its steady row: the warm-up (iterations) and, from
     * the agent's iterations, an iteration's CPU time (ms) and bytes allocated in steady state, each the mean over the
     * runs that settled ({@code <not counted>} where none did); empty where the runs have no iterations.
     */
    static List<Line> steady(List<RunData> runs) {
        RunData.ProgramScore first = runs.stream().map(RunData::programScore).filter(java.util.Objects::nonNull).findFirst()
                .orElse(null);
        if (first == null || !first.iterations()) {
            return List.of();
        }
        List<Line> out = new ArrayList<>();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {RowCatalogue.WARMUP, " warm-up", "iterations"});
        if (first.series() != null) {
            rows.add(new String[] {RowCatalogue.CPU, " CPU, steady", "ms"});
            rows.add(new String[] {RowCatalogue.ALLOCATED, " allocated, steady", "bytes"});
        }
        List<Map<MetricId, Measurements.Measured>> measured = runs.stream().map(Measurements::of).toList();
        for (String[] r : rows) {
            List<Double> xs = new ArrayList<>();
            for (Map<MetricId, Measurements.Measured> m : measured) {
                m.values().stream().filter(x -> x.metric().key().equals("score:" + r[0]) && x.value().measured())
                        .findFirst().ifPresent(x -> xs.add(x.value().value()));
            }
            out.add(new Line(first.name() + r[1], r[2], xs.isEmpty() ? Value.notCounted() : Spread.meanOverRuns(xs), 0, 100,
                    CounterMetrics.Derived.NONE, ""));
        }
        return out;
    }

    /** One line per event, in the order asked; under task-clock its split by thread role and the whole process. */
    private static List<Line> eventLines(List<RunData.Counts> runs, List<List<RunData.PerfCounter>> byEvent, Map<String, Double> means,
                                         double elapsed) {
        List<Line> lines = new ArrayList<>();
        // each run's counter rows as the table has them, which the role lines are made of
        List<Map<MetricId, Measurements.Measured>> rows = runs.stream()
                .map(c -> Measurements.of(RunData.of("").withPerfCounters(c.perfCounters()).withRoles(c.roles()))).toList();
        boolean clockSeen = false;
        for (List<RunData.PerfCounter> same : byEvent) {
            // the first task-clock is the one split by role (the agent's, the table's); another (task-clock:u) a plain line
            boolean clock = !clockSeen && !same.isEmpty() && PerfEvent.TASK_CLOCK.is(same.get(0).event());
            clockSeen |= clock;
            List<RunData.PerfCounter> headline = clock ? lessObserver(runs) : null;
            if (headline == null) {
                lines.add(line(same, means, elapsed * 1e9));
            } else { // the process less perfstat's and JFR's threads; its CPUs utilized the same
                Map<String, Double> own = new HashMap<>(means);
                own.put(PerfEvent.TASK_CLOCK.text(), mean(headline.stream().map(RunData.PerfCounter::scaled).toList()));
                lines.add(line(headline, own, elapsed * 1e9));
            }
            if (clock) { // its split by thread role under it, shares of the whole process; then the whole process
                // perf's -x runtime of a part of task-clock: the counters' running time, as the row above has it
                lines.addAll(roleLines(rows, means.getOrDefault(PerfEvent.TASK_CLOCK.text(), Double.NaN), lines.get(lines.size() - 1).runtimeNs()));
                if (headline != null) {
                    Line whole = line(same, means, elapsed * 1e9);
                    lines.add(new Line(PROCESS, whole.unit(), whole.value(), whole.runtimeNs(), whole.runningPct(),
                            whole.derived(), whole.source()));
                }
            }
            if (!same.isEmpty() && PerfEvent.CONTEXT_SWITCHES.is(same.get(0).event())) { // and the switches' by role
                lines.addAll(RoleRows.switchLines(runs));
            }
            Line last = lines.get(lines.size() - 1);
            if (!same.isEmpty() && RoleRows.SPLIT_EVENTS.contains(same.get(0).baseEvent()) && last.value().measured()) {
                // cycles, instructions by role where the machine counts them
                lines.addAll(RoleRows.eventLines(runs, same.get(0).event(), last.value().value()));
            }
        }
        return lines;
    }

    /**
     * The role lines under task-clock: per role row of the table ({@link RoleRows#metrics}, made by {@link RoleRows#parts}
     * in each run's rows) the mean over the runs that have it, with its {@code ±} ({@link Spread#value}, the table
     * column's) and its share of the whole process's mean task-clock ({@code meanWholeNs}); none where no run has roles.
     */
    private static List<Line> roleLines(List<Map<MetricId, Measurements.Measured>> rows, double meanWholeNs, double runtimeNs) {
        List<Line> out = new ArrayList<>();
        for (Metric m : RoleRows.metrics()) {
            List<Double> ms = rows.stream().map(r -> r.get(m.id())).filter(x -> x != null && x.value().measured())
                    .map(x -> x.value().value()).toList();
            if (!ms.isEmpty()) {
                Value v = Spread.meanOverRuns(ms);
                out.add(new Line(m.key(), "msec", v, runtimeNs, 100, RoleRows.share(v.value(), meanWholeNs / 1e6), ""));
            }
        }
        return out;
    }

    /**
     * The event of the line that gives the whole process's task-clock, perfstat's and JFR's threads included (the
     * task-clock line gives the process less them, where every run has the split by thread role).
     */
    public static final String PROCESS = RoleRows.PROCESS;

    /**
     * Each run's task-clock as its task-clock row shows it ({@link RoleRows#headline}, as report's and diff's row), or null
     * where a run has no counted task-clock or no split by role: the whole process then.
     */
    static List<RunData.PerfCounter> lessObserver(List<RunData.Counts> runs) {
        List<RunData.PerfCounter> out = new ArrayList<>();
        for (RunData.Counts r : runs) {
            RunData.PerfCounter headline = r.perfCounters().stream().filter(x -> PerfEvent.TASK_CLOCK.is(x.event())).findFirst()
                    .map(c -> RoleRows.headline(c, r.roles())).orElse(null);
            if (headline == null) {
                return null;
            }
            out.add(headline);
        }
        return out;
    }

    /** Each run's counter window, in seconds (runs without counters left out). */
    private static List<Double> windowsS(List<RunData> runs) {
        List<Double> windows = new ArrayList<>();
        for (RunData r : runs) {
            if (r.counterWindow() != null) {
                windows.add(r.counterWindow().window().toNanos() / 1e9);
            }
        }
        return windows;
    }

    /**
     * One interval of {@code perf stat -I}: the counts between two cumulative reads.
     *
     * @param previous the read before (null for the first interval)
     */
    public static List<Line> interval(List<RunData.PerfCounter> current, List<RunData.PerfCounter> previous) {
        return interval(new IntervalLog.Batch(current, List.of()), previous == null ? null : new IntervalLog.Batch(previous, List.of()));
    }

    /**
     * One interval of {@code perf stat -I} with its split by thread role, laid out as the summary's rows (the task-clock
     * row the process less its observer threads, the roles under it, the whole process; the switches' roles under
     * context-switches): the counts and the roles' counts between two cumulative reads, the same reads.
     *
     * @param previous the read before (null for the first interval)
     */
    public static List<Line> interval(IntervalLog.Batch current, IntervalLog.Batch previous) {
        List<RunData.PerfCounter> deltas = deltas(current.counters(), previous == null ? null : previous.counters());
        List<RunData.RoleCount> roles = roleDeltas(current.roles(), previous == null ? List.of() : previous.roles());
        RunData.Counts counts = new RunData.Counts(deltas, new RunData.Roles(roles, null));
        List<List<RunData.PerfCounter>> byEvent = deltas.stream().map(List::of).toList();
        double windowNs = deltas.isEmpty() ? Double.NaN : deltas.get(0).windowNs();
        return eventLines(List.of(counts), byEvent, counts.totals(), windowNs / 1e9);
    }

    /** Each role's counts between two reads ({@code previous} empty: since the opening); -1 switches stay unknown. */
    private static List<RunData.RoleCount> roleDeltas(List<RunData.RoleCount> current, List<RunData.RoleCount> previous) {
        List<RunData.RoleCount> out = new ArrayList<>();
        for (RunData.RoleCount c : current) {
            RunData.RoleCount p = previous.stream().filter(x -> x.role() == c.role()).findFirst().orElse(null);
            long vol = c.voluntary() < 0 || (p != null && p.voluntary() < 0) ? -1 : c.voluntary() - (p == null ? 0 : p.voluntary());
            long invol = c.involuntary() < 0 || (p != null && p.involuntary() < 0) ? -1
                    : c.involuntary() - (p == null ? 0 : p.involuntary());
            // a role's count that fell between two reads (a thread moved to another role, "ended" recomputed): never
            // below 0, switches unknown (-1)
            out.add(new RunData.RoleCount(c.role(), Math.max(0, c.taskClockNs() - (p == null ? 0 : p.taskClockNs())),
                    Math.max(-1, vol), Math.max(-1, invol), c.threads(), c.source()));
        }
        return out;
    }

    /** The counters' differences between two cumulative reads (a counter that did not run between them: not counted). */
    private static List<RunData.PerfCounter> deltas(List<RunData.PerfCounter> current, List<RunData.PerfCounter> previous) {
        List<RunData.PerfCounter> deltas = new ArrayList<>();
        long prevWindow = previous == null || previous.isEmpty() ? 0 : previous.get(0).windowNs();
        for (int i = 0; i < current.size(); i++) {
            RunData.PerfCounter c = current.get(i);
            RunData.PerfCounter p = previous == null || i >= previous.size() ? null : previous.get(i);
            long v = c.value() - (p == null ? 0 : p.value());
            long en = c.enabledNs() - (p == null ? 0 : p.enabledNs());
            long run = c.runningNs() - (p == null ? 0 : p.runningNs());
            // a count that fell between two reads did not count this interval: never a negative count
            perfstat.format.CounterStatus status = !c.supported() ? c.status()
                    : run <= 0 || v < 0 ? perfstat.format.CounterStatus.NOT_COUNTED : perfstat.format.CounterStatus.COUNTED;
            deltas.add(new RunData.PerfCounter(c.event(), v, en, run, status, c.source(), c.windowNs() - prevWindow,
                    0, ""));
        }
        return deltas;
    }

    /**
     * A counter's line over the runs: each run's value as its table row has it ({@link Measurements#counterValue}), their
     * mean and {@code ±} as a table's column takes them ({@link #overRuns}); perf's derived figure from their mean and the
     * other counters' {@code means}.
     */
    private static Line line(List<RunData.PerfCounter> same, Map<String, Double> means, double windowNs) {
        RunData.PerfCounter c = same.get(0);
        String unit = CounterMetrics.isClock(c.baseEvent()) ? "msec" : "";
        Value v = overRuns(same.stream().map(x -> Measurements.counterValue(x, RunData.Roles.NONE)).toList());
        double runtime = mean(same.stream().map(x -> (double) x.runningNs()).toList());
        double pct = mean(same.stream().map(RunData.PerfCounter::runningPct).toList());
        // perf's figure of this line's own counts, not another counter's of the same base (page-faults:u beside page-faults)
        double own = mean(same.stream().filter(RunData.PerfCounter::counted).map(RunData.PerfCounter::scaled).toList());
        CounterMetrics.Derived d = v.measured()
                ? CounterMetrics.derived(c.baseEvent(), own, means, windowNs)
                : CounterMetrics.Derived.NONE;
        return new Line(c.event(), unit, v, runtime, pct, d, c.source());
    }

    /**
     * A counter's value over the runs, as perf stat -r takes it: {@code <not supported>} where a run could not count it,
     * else the mean of the runs that counted it with its {@code ±} ({@link Spread#value}, as a table's column), and
     * {@code <not counted>} where none did.
     */
    static Value overRuns(List<Value> runs) {
        if (runs.stream().anyMatch(v -> v.status() == Value.Status.NOT_SUPPORTED)) {
            return Value.notSupported();
        }
        List<Double> counted = runs.stream().filter(Value::measured).map(Value::value).toList();
        return counted.isEmpty() ? Value.notCounted() : Spread.meanOverRuns(counted);
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}

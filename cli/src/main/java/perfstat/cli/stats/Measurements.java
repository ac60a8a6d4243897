package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import perfstat.format.JdkEvent;
import perfstat.cli.read.JdkTotal;
import perfstat.cli.read.RunData;
import perfstat.format.PerfEvent;

/**
 * The metrics of one recording, in the order of perf's table: counters, then the
 * workload's score, then each probe, then time elapsed. A metric perfstat knows but the
 * recording cannot give is an explicit row ({@code <not supported>}), never a missing one.
 */
public final class Measurements {
    static final MetricId.Kind COUNTERS = MetricId.Kind.COUNTER;
    static final MetricId.Kind WORKLOAD = MetricId.Kind.SCORE;
    /** The model's own counters (perfstat.ModelCounter), named as the model names them. */
    static final MetricId.Kind MODEL = MetricId.Kind.MODEL_COUNTER;
    static final MetricId.Kind PROBES = MetricId.Kind.PROBE;
    static final MetricId.Kind TIME = MetricId.Kind.TIME;
    static final MetricId.Kind JDK = MetricId.Kind.JDK;
    private static final String SOURCE_PERF = perfstat.format.CounterSource.PERF_EVENT_OPEN;

    /**
     * One metric of one recording, with perf's derived comment for it.
     *
     * @param timedCalls for a latency percentile, the timed calls it rests on (the histogram's count); -1 for other metrics
     */
    public record Measured(Metric metric, Value value, Comment comment, long timedCalls) {
        public Measured(Metric metric, Value value, Comment comment) {
            this(metric, value, comment, -1);
        }
    }

    private Measurements() {
    }

    /** The recording's metrics by identity, in table order. */
    public static Map<MetricId, Measured> of(RunData run) {
        return of(run, apart(List.of(run)));
    }

    /**
     * The same, as a table of several runs has them: {@code apart} the events' bases of which some run of the table
     * opened two forms ({@link #apart}), whose rows keep their modifiers in every run, so that they line up form by form.
     */
    static Map<MetricId, Measured> of(RunData run, java.util.Set<String> apart) {
        Map<MetricId, Measured> m = new LinkedHashMap<>();
        double elapsedMs = elapsedMs(run);
        if (!run.perfCounters().isEmpty()) {
            perfCounterRows(m, run, elapsedMs, apart);
        } else {
            procfsCounterRows(m, run, elapsedMs);
        }
        scoreRow(m, run);
        for (Map.Entry<String, Long> c : run.modelCounters().entrySet()) {
            put(m, new Metric(new MetricId(MODEL, c.getKey(), MetricId.Statistic.TOTAL, "count"), "model:" + c.getKey(),
                    c.getKey(), 0, Metric.Better.NEITHER), Value.of(c.getValue()), Comment.NONE);
        }
        probeRows(m, run, elapsedMs);
        jdkRows(m, run);
        machineRows(m, run);
        put(m, RowCatalogue.TIME_ELAPSED,
                Double.isFinite(elapsedMs) ? Value.of(elapsedMs) : Value.absent(), Comment.NONE);
        return m;
    }

    /**
     * The JDK's rows: collections and their pauses, contention, the JDK's totals ({@link JdkTotal}), the JVM's CPU load;
     * each where the recording can give it, {@code <not counted>} where it could and did not.
     */
    private static void jdkRows(Map<MetricId, Measured> m, RunData run) {
        RunData.JdkSummary jdk = run.jdk();
        boolean gc = jdk.counted(JdkEvent.GARBAGE_COLLECTION.type()) || run.hasPerfstatEvents();
        put(m, RowCatalogue.GC_COUNT,
                gc ? Value.of(jdk.gcCount()) : Value.absent(), new Comment.Event(JdkEvent.GARBAGE_COLLECTION.type(), ""));
        put(m, RowCatalogue.GC_PAUSE,
                gc ? Value.of(jdk.gcPauseTotal().toNanos() / 1e6) : Value.absent(), Comment.NONE);
        String monitors = JdkEvent.JAVA_MONITOR_ENTER.type();
        String parks = JdkEvent.THREAD_PARK.type();
        if (run.hasPerfstatEvents() || jdk.counted(monitors) || jdk.counted(parks)) {
            // the threshold as recorded; perfstat's format 1 did not record it, and says so
            boolean notRecorded = jdk.contentionThreshold().isEmpty() && run.agentOptions() != null;
            put(m, RowCatalogue.MONITOR_BLOCKED,
                    Value.of(jdk.monitors().count()), new Comment.Contention(monitors, jdk.contentionThreshold(), notRecorded));
            put(m, RowCatalogue.MONITOR_BLOCKED_MS,
                    Value.of(jdk.monitors().blocked().toNanos() / 1e6), Comment.NONE);
            put(m, RowCatalogue.PARK_BLOCKED,
                    Value.of(jdk.parks().count()), new Comment.Contention(parks, jdk.contentionThreshold(), notRecorded));
            put(m, RowCatalogue.PARK_BLOCKED_MS,
                    Value.of(jdk.parks().blocked().toNanos() / 1e6), Comment.NONE);
        }
        // the JDK's totals: a row where the recording had the event or enabled it (0 then); <not counted> for one
        // without perfstat's events
        for (JdkTotal t : JdkTotal.values()) {
            Double v = jdk.totals().get(t);
            if (v == null && run.hasPerfstatEvents()) {
                continue; // perfstat's own recording does not enable these: no row
            }
            put(m, RowCatalogue.jdkTotal(t, jdk.settings()),
                    v == null ? Value.notCounted() : Value.of(v),
                    v == null ? Comment.NONE : new Comment.Event(t.event(), t.leavesOut(jdk.settings())));
        }
        if (!Double.isNaN(jdk.meanJvmCpuLoad())) {
            put(m, RowCatalogue.JVM_CPU_LOAD,
                    Value.of(100 * jdk.meanJvmCpuLoad()), new Comment.MeanOf(JdkEvent.CPU_LOAD.type()));
        }
    }

    /**
     * How busy the machine was over the run's window (perfstat.Machine, format 10): the other processes' CPU, steal, the
     * JVM's threads' run-queue wait, and the CPUs' frequency ({@code <not supported>} where sysfs has none). Context for
     * the other rows ({@link MetricId.Kind#MACHINE}); none for a recording without them.
     */
    private static void machineRows(Map<MetricId, Measured> m, RunData run) {
        RunData.Machine mc = run.machine();
        if (!mc.recorded()) {
            return;
        }
        MetricId.Kind k = MetricId.Kind.MACHINE;
        double others = mc.otherCpus();
        put(m, new Metric(new MetricId(k, "machine:others", MetricId.Statistic.MEAN, "CPUs"), "machine:others",
                        "machine busy (other processes) (CPUs)", 3, Metric.Better.NEITHER),
                Double.isNaN(others) ? Value.notCounted() : Value.of(others),
                mc.cpus() > 0 && !Double.isNaN(others) ? Comment.Counter.of(new CounterMetrics.Derived(100 * others / mc.cpus(),
                        "% of " + mc.cpus() + " CPUs")) : Comment.NONE);
        put(m, new Metric("machine:steal", "steal (msecs)", "ms", k, 3, Metric.Better.NEITHER),
                mc.stealNs() < 0 ? Value.notCounted() : Value.of(mc.stealNs() / 1e6), Comment.NONE);
        put(m, new Metric("machine:run-queue-wait", "waited for a CPU (msecs)", "ms", k, 3, Metric.Better.NEITHER),
                mc.runQueueWaitNs() < 0 ? Value.notCounted() : Value.of(mc.runQueueWaitNs() / 1e6), Comment.NONE);
        put(m, new Metric(new MetricId(k, "machine:cpu-frequency", MetricId.Statistic.MEAN, "MHz"), "machine:cpu-frequency",
                        "CPU frequency (MHz)", 0, Metric.Better.NEITHER),
                mc.cpuFreqKhz() > 0 ? Value.of(mc.cpuFreqKhz() / 1e3) : Value.notSupported(), Comment.NONE);
    }

    /** The workload's score: its result, or for a window of a running model (perfstat attach) the mean of its intervals. */
    private static void scoreRow(Map<MetricId, Measured> m, RunData run) {
        if (run.workload() == null && run.programScore() != null) {
            outputScoreRow(m, run.programScore());
            return;
        }
        if (run.workload() == null || (run.result() == null && run.intervalScores().isEmpty())) {
            return;
        }
        RunData.Workload w = run.workload();
        List<Double> iv = run.intervalScores();
        boolean window = run.result() == null;
        double score = window ? iv.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN)
                : run.result().score();
        put(m, RowCatalogue.score(w.scoreName(), w.scoreUnit(), w.higherIsBetter()),
                new Value(score, Value.Status.MEASURED, stderrPct(iv), Math.max(1, iv.size())),
                window ? new Comment.WindowScore(iv.size()) : new Comment.Score(run.result().elapsed(), iv.size()));
    }

    /** A command's own score ({@code --score}): the mean of the numbers its output printed, the primary measure. */
    private static void outputScoreRow(Map<MetricId, Measured> m, RunData.ProgramScore s) {
        if (s.iterations()) {
            iterationRows(m, s);
            return;
        }
        put(m, RowCatalogue.score(s.name(), s.unit(), s.higherIsBetter()),
                new Value(s.score(), Value.Status.MEASURED, stderrPct(s.values()), Math.max(1, s.values().size())),
                new Comment.OutputScore(s.values().size()));
    }

    /**
     * A command's iterations ({@code --iteration-score}): the score row is the mean of the run's steady segment
     * ({@link SteadyState}), its warm-up a row of its own (iterations before it); a run without a steady state (levels,
     * none, too short) has neither value, and its comment says why ({@link Iterations#steadyState}).
     */
    private static void iterationRows(Map<MetricId, Measured> m, RunData.ProgramScore s) {
        SteadyState ss = Iterations.steadyState(s);
        Comment.Iterations why = new Comment.Iterations(ss.kind(), s.values().size(), ss.warmupIterations(), ss.segments().size());
        SteadyState.Segment steady = ss.steadySegment();
        if (steady == null) {
            put(m, RowCatalogue.steadyScore(s.name(), s.unit(), s.higherIsBetter()), Value.notCounted(), why);
            put(m, RowCatalogue.warmup(s.name()), Value.notCounted(), why);
            if (s.series() != null) {
                put(m, RowCatalogue.steadyPerIteration(s.name(), RowCatalogue.CPU), Value.notCounted(), why);
                put(m, RowCatalogue.steadyPerIteration(s.name(), RowCatalogue.ALLOCATED), Value.notCounted(), why);
            }
            return;
        }
        List<Double> inSteady = s.values().subList(steady.from(), steady.to());
        put(m, RowCatalogue.steadyScore(s.name(), s.unit(), s.higherIsBetter()), new Value(mean(inSteady),
                Value.Status.MEASURED, stderrPct(inSteady), inSteady.size()), why);
        put(m, RowCatalogue.warmup(s.name()), Value.of(ss.warmupIterations()), why);
        if (s.series() != null) { // the agent's: each iteration's CPU and bytes too, over the same steady segment
            put(m, RowCatalogue.steadyPerIteration(s.name(), RowCatalogue.CPU),
                    steadyMean(s.series().cpuNs(), steady, 1e-6), why);
            put(m, RowCatalogue.steadyPerIteration(s.name(), RowCatalogue.ALLOCATED),
                    steadyMean(s.series().allocatedBytes(), steady, 1), why);
        }
    }

    /** The mean of {@code xs} over {@code steady}, times {@code scale}; not counted where any of them is unknown (-1). */
    private static Value steadyMean(long[] xs, SteadyState.Segment steady, double scale) {
        List<Double> in = new ArrayList<>(steady.length());
        for (int i = steady.from(); i < steady.to(); i++) {
            if (xs[i] < 0) {
                return Value.notCounted();
            }
            in.add(xs[i] * scale);
        }
        return new Value(mean(in), Value.Status.MEASURED, stderrPct(in), in.size());
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /**
     * Each probe: its calls (0 for a method probed but never called: counted exactly, so a value), and its latency's
     * p50, p99 and max where it was called. A table leaves out a probe no recording of it saw called
     * ({@link #calledNowhere}).
     */
    private static void probeRows(Map<MetricId, Measured> m, RunData run, double elapsedMs) {
        Map<String, String> names = probeNames(List.of(run));
        for (RunData.Probe p : run.probes().values()) {
            String name = names.get(p.name());
            put(m, probe(p.name(), name, MetricId.Statistic.CALLS), Value.of(p.calls()), rate(Value.of(p.calls()), elapsedMs));
            if (p.calls() == 0) {
                continue; // no call, no latency
            }
            long count = p.latencyNs().getTotalCount();
            boolean timed = count > 0;
            // timing off: perfstat does not time the calls; timed but none fell in the sample: not counted
            Value untimed = perfstat.format.Timing.OFF.text().equals(p.timing()) ? Value.notSupported() : Value.notCounted();
            // each percentile with the timed calls it rests on, as stat's rows have them
            Comment rests = timed ? new Comment.TimedCalls(count) : Comment.NONE;
            Metric p50 = probe(p.name(), name, MetricId.Statistic.P50);
            m.put(p50.id(), new Measured(p50, timed ? Value.of(p.latencyNs().getValueAtPercentile(50)) : untimed, rests, count));
            Metric p99 = probe(p.name(), name, MetricId.Statistic.P99);
            m.put(p99.id(), new Measured(p99, timed ? Value.of(p.latencyNs().getValueAtPercentile(99)) : untimed, rests, count));
            Metric max = probe(p.name(), name, MetricId.Statistic.MAX);
            m.put(max.id(), new Measured(max, timed ? Value.of(p.latencyNs().getMaxValue()) : untimed, rests, count));
        }
        for (RunData.Unprobed u : run.losses().notProbed()) { // a method matched and not probed: <not probed>, with a note
            if (!run.probes().containsKey(u.method())) {
                put(m, probe(u.method(), names.get(u.method()), MetricId.Statistic.CALLS), Value.notProbed(), Comment.NONE);
            }
        }
    }

    /** The probes' names as rows print them, over the probes of {@code runs} and the methods they matched and did not probe. */
    static Map<String, String> probeNames(List<RunData> runs) {
        java.util.Set<String> methods = new java.util.TreeSet<>();
        for (RunData r : runs) {
            methods.addAll(r.probes().keySet());
            r.losses().notProbed().forEach(u -> methods.add(u.method()));
        }
        return MethodNames.shortNames(methods);
    }

    /**
     * One note per method a pattern matched that the agent did not probe in {@code runs} (a method probed in one of them
     * is not named), the first reason given, each named as its row.
     */
    public static List<Note> notProbedNotes(List<RunData> runs) {
        Map<String, String> names = probeNames(runs);
        Map<String, Note> notes = new LinkedHashMap<>();
        for (RunData r : runs) {
            for (RunData.Unprobed u : r.losses().notProbed()) {
                if (runs.stream().noneMatch(x -> x.probes().containsKey(u.method()))) {
                    notes.putIfAbsent(u.method(), new Note.NotProbed(names.get(u.method()), u.reason(), u.detail()));
                }
            }
        }
        return List.copyOf(notes.values());
    }

    /**
     * With probes-merge, one note per probe row that stands for several overloads: how many its patterns matched (the
     * most of any run), so that the row's calls are read as theirs together.
     */
    public static List<Note> mergedNotes(List<RunData> runs) {
        Map<String, String> names = probeNames(runs);
        Map<String, Long> overloads = new java.util.TreeMap<>();
        for (RunData r : runs) {
            if (r.agentOptions() == null || !r.agentOptions().contains("probes-merge=true")) {
                continue;
            }
            for (String probe : r.probes().keySet()) {
                long n = r.probePatterns().entrySet().stream()
                        .filter(e -> e.getKey().replaceFirst("\\(.*\\)$", "").equals(probe)).mapToLong(Map.Entry::getValue).sum();
                overloads.merge(probe, n, Math::max);
            }
        }
        List<Note> notes = new ArrayList<>();
        overloads.forEach((probe, n) -> {
            if (n > 1) {
                notes.add(new Note.MergedOverloads(names.getOrDefault(probe, probe), n));
            }
        });
        return notes;
    }

    /** Whether {@code pattern}, which matched {@code methods} probed methods in {@code run}, matched none at all (no method not probed either). */
    public static boolean matchedNothing(RunData run, String pattern, long methods) {
        return methods == 0 && run.losses().notProbed().stream().noneMatch(u -> u.pattern().equals(pattern));
    }

    /** Whether {@code metric} is a probe's calls row that is 0 (or absent) in every one of {@code runs}: a row of nothing. */
    static boolean calledNowhere(Metric metric, List<Map<MetricId, Measured>> runs) {
        if (metric.id().kind() != MetricId.Kind.PROBE || metric.id().statistic() != MetricId.Statistic.CALLS) {
            return false;
        }
        return runs.stream().map(r -> r.get(metric.id())).allMatch(v -> v == null
                || (!v.value().measured() && v.value().status() != Value.Status.NOT_PROBED) || v.value().value() == 0);
    }

    /** A probe's metric: {@code method} in full is its subject; {@code name} (as rows print it) names its key and label. */
    private static Metric probe(String method, String name, MetricId.Statistic s) {
        String stat = s.name().toLowerCase(Locale.ROOT);
        boolean latency = s.isPercentile();
        return new Metric(new MetricId(PROBES, method, s, latency ? "ns" : "count"), "probe:" + name + ":" + stat,
                name + " " + stat + (latency ? " (ns)" : ""), 0, latency ? Metric.Better.LOWER : Metric.Better.NEITHER);
    }

    /**
     * A perf counter's value in a run, the one place it is made: the table's row and {@code stat}'s line (the mean of the
     * runs' values, {@link Spread#value}) are both of it. msecs for a clock, the scaled count for the rest, perf's markers
     * where it did not count; task-clock's the process less the observer where {@code roles} split it
     * ({@link RoleRows#headline}; {@link RunData.Roles#NONE}: the whole process).
     */
    static Value counterValue(RunData.PerfCounter c, RunData.Roles roles) {
        RunData.PerfCounter headline = PerfEvent.TASK_CLOCK.is(c.event()) ? RoleRows.headline(c, roles) : null;
        RunData.PerfCounter own = headline != null ? headline : c;
        return switch (c.status()) {
            case COUNTED -> Value.of(CounterMetrics.isClock(c.baseEvent()) ? own.scaled() / 1e6 : own.scaled());
            case NOT_COUNTED -> Value.notCounted();
            case NOT_SUPPORTED -> Value.notSupported();
        };
    }

    /**
     * The bases of the perf counters of which some of {@code runs} opened two forms ({@code page-faults} and
     * {@code page-faults:u}, or one event twice): each form a row of its own (RowCatalogue.counterKeys).
     */
    static java.util.Set<String> apart(List<RunData> runs) {
        java.util.Set<String> out = new java.util.HashSet<>();
        runs.forEach(r -> out.addAll(RowCatalogue.apart(r.perfCounters().stream().map(RunData.PerfCounter::event).toList())));
        return out;
    }

    /** Counter rows from the agent's perf counters (perfstat.PerfCounter), in the order it opened them. */
    private static void perfCounterRows(Map<MetricId, Measured> m, RunData run, double elapsedMs, java.util.Set<String> apart) {
        Map<String, Double> totals = run.counts().totals();
        List<String> keys = RowCatalogue.counterKeys(run.perfCounters().stream().map(RunData.PerfCounter::event).toList(), apart);
        boolean clockSeen = false;
        for (int i = 0; i < run.perfCounters().size(); i++) {
            RunData.PerfCounter c = run.perfCounters().get(i);
            Metric metric = RowCatalogue.perfCounter(c.event(), keys.get(i), c.source());
            Value v = counterValue(c, RunData.Roles.NONE);
            String source = !c.source().startsWith(SOURCE_PERF) && c.supported() ? c.source() : "";
            // the first task-clock is the one split by role (the agent's); another (task-clock:u beside it) a plain row
            boolean clockRow = !clockSeen && PerfEvent.TASK_CLOCK.is(c.event());
            clockSeen |= clockRow;
            // the task-clock row: the process less perfstat's and JFR's threads, where the run splits it by role
            RunData.PerfCounter headline = clockRow ? RoleRows.headline(c, run.roles()) : null;
            boolean split = headline != null;
            double own = split ? headline.scaled() : c.scaled();
            Comment comment = new Comment.Counter(
                    c.counted() ? CounterMetrics.derived(c.baseEvent(), own, totals, elapsedMs * 1e6) : CounterMetrics.Derived.NONE,
                    c.counted() ? c.runningPct() : 100, source);
            put(m, metric, clockRow ? counterValue(c, run.roles()) : v, comment);
            if (clockRow) {
                RoleRows.add(m, run, v.measured() ? v.value() : Double.NaN);
            }
            if (split) {
                put(m, RowCatalogue.wholeProcess(metric.decimals()), v,
                        new Comment.Counter(CounterMetrics.derived(c.baseEvent(), c.scaled(), totals, elapsedMs * 1e6), c.runningPct(),
                                source));
            }
        }
        // the split that perf does not give: voluntary and involuntary, from procfs
        RunData.Counters a = run.countersStart();
        RunData.Counters b = run.countersEnd();
        if (a != null && b != null && run.perfCounters().stream().anyMatch(c -> PerfEvent.CONTEXT_SWITCHES.is(c.event()))) {
            put(m, RowCatalogue.VOLUNTARY_PROCFS, value(a.voluntaryContextSwitches(), b.voluntaryContextSwitches(), 1), Comment.NONE);
            put(m, RowCatalogue.INVOLUNTARY_PROCFS, value(a.involuntaryContextSwitches(), b.involuntaryContextSwitches(), 1), Comment.NONE);
        }
    }

    /**
     * Counter rows from procfs alone (perfstat.Counters at start and end): recordings without
     * perf counters. A recording without perfstat's counters at all takes what the JDK's events
     * allow, each row saying where it came from, and marks the rest {@code <not counted>}.
     */
    private static void procfsCounterRows(Map<MetricId, Measured> m, RunData run, double elapsedMs) {
        RunData.Counters a = run.countersStart();
        RunData.Counters b = run.countersEnd();
        boolean counters = a != null && b != null;
        RunData.JdkSummary jdk = run.jdk();
        boolean derivedCpu = !counters && Double.isFinite(jdk.derivedCpuNs());
        // jdk.CPULoad's samples cover the time from the first to the last; scaled to the recording's span as perf scales
        // a counter that ran part of the time, and the comment says what share they covered
        double coveredPct = derivedCpu ? 100 * jdk.cpuLoadShare() : Double.NaN;
        double coveredMs = jdk.cpuLoadCovered().toNanos() / 1e6;
        double taskClockMs = counters ? diff(a.taskClockNs(), b.taskClockNs()) / 1e6
                : derivedCpu ? jdk.derivedCpuNs() / 1e6 * (coveredPct > 0 ? 100 / coveredPct : 1) : Double.NaN;
        // CPUs utilized: over the time measured (the samples' where derived)
        double overMs = derivedCpu && coveredMs > 0 ? coveredMs : elapsedMs;
        double measuredMs = derivedCpu && coveredMs > 0 ? jdk.derivedCpuNs() / 1e6 : taskClockMs;
        double utilized = Double.isFinite(measuredMs) && overMs > 0 ? measuredMs / overMs : Double.NaN;
        put(m, RowCatalogue.PROCFS_TASK_CLOCK,
                counters ? value(a.taskClockNs(), b.taskClockNs(), 1e-6) : derivedCpu ? Value.of(taskClockMs) : Value.notCounted(),
                derivedCpu ? new Comment.CpuFromLoad(utilized, coveredPct)
                        : Comment.Counter.of(Double.isNaN(utilized) ? CounterMetrics.Derived.NONE
                        : new CounterMetrics.Derived(utilized, "CPUs utilized")));
        RoleRows.addDerived(m, run, taskClockMs);
        Value none = Value.notCounted();
        Value vol = counters ? value(a.voluntaryContextSwitches(), b.voluntaryContextSwitches(), 1) : none;
        Value invol = counters ? value(a.involuntaryContextSwitches(), b.involuntaryContextSwitches(), 1) : none;
        Value cs = vol.measured() && invol.measured() ? Value.of(vol.value() + invol.value()) : vol;
        put(m, RowCatalogue.CONTEXT_SWITCHES, cs, rate(cs, elapsedMs));
        put(m, RowCatalogue.VOLUNTARY, vol, Comment.NONE);
        put(m, RowCatalogue.INVOLUNTARY, invol, Comment.NONE);
        if (!counters && Double.isFinite(jdk.machineContextSwitches())) {
            Value machine = Value.of(jdk.machineContextSwitches());
            put(m, RowCatalogue.MACHINE_CONTEXT_SWITCHES, machine, new Comment.MachineSwitches());
        }
        Value mig = counters ? value(a.cpuMigrations(), b.cpuMigrations(), 1) : none;
        put(m, RowCatalogue.CPU_MIGRATIONS, mig, rate(mig, elapsedMs));
        Value minor = counters ? value(a.minorFaults(), b.minorFaults(), 1) : none;
        Value major = counters ? value(a.majorFaults(), b.majorFaults(), 1) : none;
        Value pf = minor.measured() && major.measured() ? Value.of(minor.value() + major.value()) : minor;
        put(m, RowCatalogue.PAGE_FAULTS, pf, rate(pf, elapsedMs));
    }

    /** For a report: where threads blocked longest (the JDK's contention events), at most five sites. */
    public static List<Note> blockedSites(RunData run) {
        List<Note> notes = new ArrayList<>();
        for (RunData.BlockedSite b : run.jdk().topSites().stream().limit(5).toList()) {
            notes.add(new Note.BlockedAt(b.site(), b.kind(), b.count(), b.blocked()));
        }
        return notes;
    }

    /** Notes for the footer: where counters came from when it was not perf_event_open, and what is missing. */
    public static List<Note> notes(RunData run) {
        return notes(run, run.label());
    }

    /** The same, each note about the run named by {@code label} (its column's). */
    public static List<Note> notes(RunData run, String label) {
        List<Note> notes = new ArrayList<>();
        counterNotes(notes, run, label);
        if (run.workload() != null && run.workload().simulated()) {
            notes.add(new Note.Simulated(run.workload().workload()));
        }
        run.probePatterns().forEach((pattern, methods) -> {
            List<String> near = run.probeCandidates().getOrDefault(pattern, List.of());
            if (matchedNothing(run, pattern, methods)) {
                notes.add(near.isEmpty() ? new Note.UnmatchedProbe(pattern) : new Note.UnmatchedProbeNear(pattern, near));
            }
        });
        notes.addAll(notProbedNotes(List.of(run)));
        notes.addAll(mergedNotes(List.of(run)));
        if (run.timerOverheadNs() > 0 && !run.probes().isEmpty()) {
            notes.add(new Note.TimerCost(label, run.timerOverheadNs()));
        }
        if (!run.hasPerfstatEvents() && !run.jdk().counted(JdkEvent.GARBAGE_COLLECTION.type())) {
            notes.add(new Note.NoGcEvents(label));
        }
        List<Note.JdkRow> missingJdk = new ArrayList<>();
        for (JdkTotal t : JdkTotal.values()) {
            if (!run.hasPerfstatEvents() && !run.jdk().totals().containsKey(t)) {
                missingJdk.add(new Note.JdkRow(t.label(run.jdk().settings()), t.event()));
            }
        }
        if (!missingJdk.isEmpty()) {
            notes.add(new Note.JdkRowsNotCounted(label, missingJdk));
        }
        if (!run.hasPerfstatEvents()) {
            notes.add(new Note.NoPerfstatEvents(label));
            notes.addAll(RoleRows.notes(run, label)); // the roles derived from jdk.ThreadCPULoad, where recorded
        }
        notes.addAll(lossNotes(run, label));
        return notes;
    }

    /** Where the rows by thread role came from, or why there are none (for stat's footer). */
    public static List<Note> roleNotes(RunData run, String label) {
        return RoleRows.notes(run, label);
    }

    /** What the reader skipped of the recording, and what the agent counted as lost; empty where nothing was. */
    public static List<Note> lossNotes(RunData run, String label) {
        List<Note> notes = new ArrayList<>();
        RunData.Losses l = run.losses();
        if (!l.skipped().isEmpty()) {
            notes.add(new Note.EventsSkipped(label, l.skipped().stream().map(k -> new Note.Skip(k.eventType(),
                    Note.SkipCause.valueOf(k.cause().name()), k.field(), k.events())).toList()));
        }
        if (l.agentLost()) {
            notes.add(new Note.AgentLosses(label, l.installerErrors(), l.classesInvisible(), l.probesDropped(),
                    l.probeFailures(), l.counterReadFailures()));
        }
        return notes;
    }

    /** Where the counters came from, the first one not supported and why, and what the window covers. */
    private static void counterNotes(List<Note> notes, RunData run, String label) {
        RunData.CounterWindow w = run.counterWindow();
        if (w != null && !run.perfCounters().isEmpty()) {
            notes.addAll(sourceNotes(run, label));
            notes.add(windowNote(run, label));
            notes.addAll(RoleRows.notes(run, label));
        } else if (run.countersEnd() != null && run.countersEnd().source() != null) {
            notes.add(new Note.CountersFrom(null, run.countersEnd().source(), ""));
            notes.add(windowNote(run, label));
        }
    }

    /**
     * Where the counters came from, and the first one not supported and why: the head of the footer, {@code stat}'s and
     * the tables' in the same words. For a run whose counters have a window (perfstat.CounterReader).
     */
    public static List<Note> sourceNotes(RunData run, String label) {
        RunData.CounterWindow w = run.counterWindow();
        List<Note> notes = new ArrayList<>(List.of(new Note.CountersFrom(label, w.mode(), w.note())));
        for (RunData.PerfCounter c : run.perfCounters()) {
            if (!c.supported() && !c.source().isEmpty()) {
                notes.add(new Note.NotSupported(label, c.event(), c.source()));
                break; // one is enough: the others fail for the same reason, or print their own source
            }
        }
        return notes;
    }

    /** What the counters' window covers: from the agent's start, or from its late opening (--delay, --from), to the exit. */
    private static Note windowNote(RunData run, String label) {
        return run.lateWindow() == null ? new Note.Window(run.result() != null) : ConditionNotes.lateWindow(run, label, 0);
    }

    /**
     * The window the counters cover, as perf's "time elapsed" covers its command: from the
     * agent's start to the JVM's exit; else the workload's window; else the recording's span.
     */
    static double elapsedMs(RunData run) {
        if (run.counterWindow() != null && !run.perfCounters().isEmpty()) {
            return run.counterWindow().window().toNanos() / 1e6;
        }
        if (run.countersStart() != null && run.countersEnd() != null) {
            return java.time.Duration.between(run.countersStart().time(), run.countersEnd().time()).toNanos() / 1e6;
        }
        if (run.result() != null) {
            return run.result().elapsed().toNanos() / 1e6;
        }
        return run.jdk().span() == null ? Double.NaN : run.jdk().span().toNanos() / 1e6;
    }

    private static void put(Map<MetricId, Measured> m, Metric metric, Value v, Comment comment) {
        m.put(metric.id(), new Measured(metric, v, comment));
    }

    private static double diff(long a, long b) {
        return a < 0 || b < 0 ? Double.NaN : b - a;
    }

    private static Value value(long a, long b, double scale) {
        return a < 0 || b < 0 ? Value.notSupported() : Value.of((b - a) * scale);
    }

    /** perf's rate comment for a count over the window. */
    private static Comment rate(Value v, double elapsedMs) {
        return v.measured() ? Comment.Counter.of(CounterMetrics.rate(v.value(), elapsedMs * 1e6)) : Comment.NONE;
    }

    /** Standard error of the mean as a percentage of the mean (perf's {@code +-}); NaN below two samples. */
    public static double stderrPct(List<Double> xs) {
        return Spread.of(xs, false).stderrPct();
    }
}

package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import perfstat.cli.read.JdkTotal;
import perfstat.cli.read.RunData;
import perfstat.format.PerfEvent;

/**
 * The rows a table can have, each defined once: {@link Measurements} makes a recording's rows of these definitions, and
 * {@link #of} lists them for a run not made yet (the names a {@code --fail-on} rule may use), without a recording.
 * Rows whose names come from the recording (probes, a model's own counters) are not here.
 */
public final class RowCatalogue {
    static final Metric PROCFS_TASK_CLOCK = counter(PerfEvent.TASK_CLOCK.text(), "task-clock (msecs)", "ms", 6);
    static final Metric CONTEXT_SWITCHES = counter(PerfEvent.CONTEXT_SWITCHES.text(), "context-switches", "count", 0);
    static final Metric VOLUNTARY = counter("voluntary-context-switches", "  voluntary", "count", 0);
    static final Metric INVOLUNTARY = counter("involuntary-context-switches", "  involuntary", "count", 0);
    /** The split of perf's context-switches that perf does not give, from procfs. */
    static final Metric VOLUNTARY_PROCFS = counter("voluntary-context-switches", "  voluntary (procfs)", "count", 0);
    static final Metric INVOLUNTARY_PROCFS = counter("involuntary-context-switches", "  involuntary (procfs)", "count", 0);
    static final Metric MACHINE_CONTEXT_SWITCHES = new Metric("machine-context-switches", "context-switches (machine)",
            "count", MetricId.Kind.COUNTER, 0, Metric.Better.NEITHER);
    static final Metric CPU_MIGRATIONS = counter(PerfEvent.CPU_MIGRATIONS.text(), "cpu-migrations", "count", 0);
    static final Metric PAGE_FAULTS = counter(PerfEvent.PAGE_FAULTS.text(), "page-faults", "count", 0);
    static final Metric GC_COUNT = jdk("gc-count", "GCs", "count", 0);
    static final Metric GC_PAUSE = jdk("gc-pause", "GC pauses (msecs)", "ms", 3);
    static final Metric MONITOR_BLOCKED = jdk("monitor-blocked", "monitor blocks", "count", 0);
    static final Metric MONITOR_BLOCKED_MS = jdk("monitor-blocked-ms", "monitor blocked (msecs)", "ms", 3);
    static final Metric PARK_BLOCKED = jdk("park-blocked", "parks", "count", 0);
    static final Metric PARK_BLOCKED_MS = jdk("park-blocked-ms", "parked (msecs)", "ms", 3);
    static final Metric JVM_CPU_LOAD = new Metric(new MetricId(MetricId.Kind.JDK, "jvm-cpu-load", MetricId.Statistic.MEAN, "%"),
            "jvm-cpu-load", "JVM CPU load (% of machine)", 2, Metric.Better.NEITHER);
    static final Metric TIME_ELAPSED = new Metric("time-elapsed", "time elapsed (msecs)", "ms", MetricId.Kind.TIME, 6,
            Metric.Better.LOWER);

    private RowCatalogue() {
    }

    /**
     * The row of a perf counter (perfstat.PerfCounter) as the agent opened it ({@code event}, modifiers included), under
     * {@code key} ({@link #counterKeys}): a clock in msecs, never with more digits than its {@code source} has (a clock in
     * 10 ms ticks prints whole msecs). Its label is the event, or the key where that tells it from an event opened twice.
     */
    static Metric perfCounter(String event, String key, String source) {
        boolean clock = CounterMetrics.isClock(perfstat.format.CounterEvents.baseName(event));
        int decimals = clock ? perfstat.format.CounterSource.ticks(source) ? 0 : 6 : 0;
        String name = key.contains(ORDINAL) ? key : event;
        return counter(key, clock ? name + " (msecs)" : name, clock ? "ms" : "count", decimals);
    }

    /** What a counter's key adds to tell it from an earlier counter of the same name: {@code page-faults#2}. */
    static final String ORDINAL = "#";

    /**
     * The row key of each of {@code events} (as the agent opened them, in order), as a table of this run alone keys them:
     * {@link #counterKeys(List, java.util.Set)} with the bases of which the run opened two forms or more.
     */
    static List<String> counterKeys(List<String> events) {
        return counterKeys(events, apart(events));
    }

    /**
     * The row key of each of {@code events} (as the agent opened them, in order): an event's base name
     * ({@code page-faults:u} is {@code page-faults}, so that it lines up with another run's {@code page-faults}, and a
     * user-only run's {@code task-clock:u} with a run's {@code task-clock}), but the event with its modifiers where its
     * base is in {@code apart}, the bases of which a run of the table opened two forms ({@code page-faults} and
     * {@code page-faults:u}), and an event opened again its place among them ({@code page-faults#2}). Never the key of a
     * row under a counter ({@code task-clock:gc}, {@code task-clock:process}): a modifier is letters of perf's
     * ({@code u}, {@code k}), no role's name, and a key that would be one takes a place too.
     */
    static List<String> counterKeys(List<String> events, java.util.Set<String> apart) {
        java.util.Set<String> taken = new java.util.HashSet<>();
        RoleRows.metrics().forEach(m -> taken.add(m.key()));
        taken.add(RoleRows.PROCESS);
        List<String> out = new ArrayList<>();
        for (String e : events) {
            String base = perfstat.format.CounterEvents.baseName(e);
            String key = apart.contains(base) ? e : base;
            String k = key;
            for (int n = 2; !taken.add(k); n++) {
                k = key + ORDINAL + n;
            }
            out.add(k);
        }
        return out;
    }

    /** The bases of which {@code events} (a run's, as opened) have two or more: {@code page-faults} and {@code page-faults:u}. */
    static java.util.Set<String> apart(List<String> events) {
        Map<String, Integer> perBase = new java.util.HashMap<>();
        events.forEach(e -> perBase.merge(perfstat.format.CounterEvents.baseName(e), 1, Integer::sum));
        java.util.Set<String> out = new java.util.HashSet<>();
        perBase.forEach((base, n) -> {
            if (n > 1) {
                out.add(base);
            }
        });
        return out;
    }

    /** The row of the whole process's task-clock under the task-clock row that leaves the observer out. */
    static Metric wholeProcess(int decimals) {
        return counter(RoleRows.PROCESS, "  whole process (msecs)", "ms", decimals);
    }

    /** The row of a JDK total, labelled as a recording with {@code settings} makes it. */
    static Metric jdkTotal(JdkTotal t, RunData.Settings settings) {
        return new Metric(t.key(), t.label(settings), t.unit(), MetricId.Kind.JDK, 0, Metric.Better.NEITHER);
    }

    /** The score's row: a model's result or a command's own score ({@code --score}), in {@code unit} ("" for none). */
    /**
     * A command's score from its iterations' steady state ({@code --iteration-score}): the score's identity (a rule
     * {@code score:-5%} names it), labelled {@code loop_ms, steady (ms)}.
     */
    public static Metric steadyScore(String name, String unit, boolean higherIsBetter) {
        Metric m = score(name, unit, higherIsBetter);
        return new Metric(m.id(), m.key(), name + STEADY + (unit.isEmpty() ? "" : " (" + unit + ")"), m.decimals(), m.better());
    }

    /** The iterations before a run's steady state: {@code loop_ms warm-up (iterations)}, key {@code score:warmup}. */
    public static Metric warmup(String name) {
        return new Metric(new MetricId(MetricId.Kind.SCORE, WARMUP, MetricId.Statistic.TOTAL, "iterations"), "score:warmup",
                name + " warm-up (iterations)", 0, Metric.Better.NEITHER);
    }

    /** The subject of the warm-up row; the score's own is "". */
    public static final String WARMUP = "warmup";

    /**
     * An iteration's CPU time on its thread, or the bytes its thread allocated, meaned over the run's steady state
     * ({@code --iteration}): {@code Bench::step CPU, steady (ms)}, key {@code score:cpu}; {@code Bench::step allocated,
     * steady (bytes)}, key {@code score:allocated}.
     */
    public static Metric steadyPerIteration(String name, String what) {
        boolean cpu = what.equals(CPU);
        return new Metric(new MetricId(MetricId.Kind.SCORE, what, MetricId.Statistic.MEAN, cpu ? "ms" : "bytes"), "score:" + what,
                name + (cpu ? " CPU" + STEADY + " (ms)" : " allocated" + STEADY + " (bytes)"), cpu ? 4 : 0, Metric.Better.LOWER);
    }

    /** What a steady row's label says after its name. */
    private static final String STEADY = ", steady";

    /**
     * Whether a row is of the runs' steady states ({@link #steadyScore}, {@link #steadyPerIteration}): judged by trimmed
     * means ({@link Significance#ofTrimmed}), as whole JVMs may settle apart.
     */
    public static boolean isSteady(Metric m) {
        return m.kind() == MetricId.Kind.SCORE && m.label().contains(STEADY);
    }

    /** The subjects of {@link #steadyPerIteration}. */
    public static final String CPU = "cpu";
    public static final String ALLOCATED = "allocated";

    /** Whether a row is the score itself (the primary measure), not its warm-up or an iteration's CPU or bytes. */
    public static boolean isScore(Metric m) {
        String subject = m.id().subject();
        return m.kind() == MetricId.Kind.SCORE && !subject.equals(WARMUP) && !subject.equals(CPU) && !subject.equals(ALLOCATED);
    }

    public static Metric score(String name, String unit, boolean higherIsBetter) {
        return new Metric(new MetricId(MetricId.Kind.SCORE, "", MetricId.Statistic.MEAN, unit), "score",
                unit.isEmpty() ? name : name + " (" + unit + ")", 2, higherIsBetter ? Metric.Better.HIGHER : Metric.Better.LOWER);
    }

    /**
     * Every row a run of these counters can have, each once, in table order: the counters of {@code events} (as asked;
     * none: procfs's) with their split by role, then procfs's, the score's where {@code score} is not null, the JDK's
     * and time elapsed.
     */
    public static List<Metric> of(List<String> events, Metric score) {
        Map<String, Metric> out = new LinkedHashMap<>();
        for (List<Metric> counters : List.of(events.isEmpty() ? procfsCounters() : perfCounters(events), procfsCounters())) {
            counters.forEach(m -> out.putIfAbsent(m.key(), m));
            if (score != null) {
                out.putIfAbsent(score.key(), score);
            }
            jdkRows().forEach(m -> out.putIfAbsent(m.key(), m));
        }
        return List.copyOf(out.values());
    }

    /**
     * The rows of perf counters: each event's, the first task-clock's split by role and the whole process, switches'
     * split.
     */
    private static List<Metric> perfCounters(List<String> events) {
        List<Metric> out = new ArrayList<>();
        List<String> keys = counterKeys(events);
        boolean split = false;
        for (int i = 0; i < events.size(); i++) {
            Metric m = perfCounter(events.get(i), keys.get(i), perfstat.format.CounterSource.PERF_EVENT_OPEN);
            out.add(m);
            if (!split && PerfEvent.TASK_CLOCK.is(events.get(i))) { // the split is the first task-clock's, as the agent's
                split = true;
                out.addAll(RoleRows.metrics());
                out.add(wholeProcess(m.decimals()));
            }
        }
        if (events.stream().anyMatch(PerfEvent.CONTEXT_SWITCHES::is)) {
            out.addAll(List.of(VOLUNTARY_PROCFS, INVOLUNTARY_PROCFS));
        }
        return out;
    }

    private static List<Metric> procfsCounters() {
        return List.of(PROCFS_TASK_CLOCK, CONTEXT_SWITCHES, VOLUNTARY, INVOLUNTARY, CPU_MIGRATIONS, PAGE_FAULTS);
    }

    /** The JDK's rows and time elapsed, in table order. */
    private static List<Metric> jdkRows() {
        List<Metric> out = new ArrayList<>(List.of(GC_COUNT, GC_PAUSE, MONITOR_BLOCKED, MONITOR_BLOCKED_MS, PARK_BLOCKED,
                PARK_BLOCKED_MS));
        for (JdkTotal t : JdkTotal.values()) {
            out.add(jdkTotal(t, RunData.Settings.NONE));
        }
        out.add(JVM_CPU_LOAD);
        out.add(TIME_ELAPSED);
        return out;
    }

    private static Metric counter(String key, String label, String unit, int decimals) {
        return new Metric(key, label, unit, MetricId.Kind.COUNTER, decimals, Metric.Better.LOWER);
    }

    private static Metric jdk(String key, String label, String unit, int decimals) {
        return new Metric(key, label, unit, MetricId.Kind.JDK, decimals, Metric.Better.LOWER);
    }
}

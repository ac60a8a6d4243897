package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import perfstat.cli.read.RunData;
import perfstat.format.PerfEvent;
import perfstat.format.ThreadRole;

/**
 * task-clock by thread role (perfstat.ThreadRole): one row per role under the task-clock row,
 * in perf's indented style, and the rest of the process (threads that ended between two reads)
 * as a row of its own, so that the rows add up to the task-clock row. Each is a metric
 * ({@code task-clock:gc}, ...) judged like any other.
 */
public final class RoleRows {
    private RoleRows() {
    }

    /** The key of the row of the whole process's task-clock, under the task-clock row that leaves the observer out. */
    public static final String PROCESS = PerfEvent.TASK_CLOCK.part("process");

    /**
     * The task-clock a run's task-clock row shows, {@code stat}'s and the table's alike: the process's less what
     * {@link #excludedNs} leaves out; null where the counter did not count or the run has no split by role (the row is
     * the whole process's then).
     */
    static RunData.PerfCounter headline(RunData.PerfCounter c, RunData.Roles roles) {
        long observer = excludedNs(roles);
        if (!c.counted() || observer < 0) {
            return null;
        }
        // task-clock runs all the time it is enabled; were it scaled, the observer's share is taken off in proportion
        double running = c.enabledNs() > 0 ? (double) c.runningNs() / c.enabledNs() : 1;
        long less = Math.max(0, c.value() - Math.round(observer * running));
        return new RunData.PerfCounter(c.event(), less, c.enabledNs(), c.runningNs(), c.status(), c.source(), c.windowNs(),
                c.tid(), c.threadName());
    }

    /**
     * What the headline task-clock leaves out, in ns: the observer threads' task-clock, the JIT's estimated work on
     * their code ({@link #jitObserverNs}, where the recording has it) and perfstat's class transformation on the
     * application's threads ({@link #transformNs}); -1 where the run has no split by role.
     */
    static long excludedNs(RunData.Roles roles) {
        long observer = observerNs(roles);
        return observer < 0 ? -1 : observer + Math.max(0, jitObserverNs(roles)) + Math.max(0, transformNs(roles));
    }

    /** The run's observer threads' task-clock in ns, or -1 where it has no split by role. */
    static long observerNs(RunData.Roles roles) {
        if (roles.note() != null) {
            return -1;
        }
        return roles.counts().stream().filter(c -> c.role() == ThreadRole.OBSERVER)
                .mapToLong(RunData.RoleCount::taskClockNs).findFirst().orElse(-1);
    }

    /** The row's name for a role, as perf's sub-rows name theirs. */
    public static String label(ThreadRole r) {
        return switch (r) {
            case APPLICATION -> "application";
            case GC -> "GC";
            case JIT -> "JIT compiler";
            case JVM_RUNTIME -> "JVM runtime";
            case OBSERVER -> "observer (JFR, perfstat)";
            case ENDED -> "ended between reads";
        };
    }

    /** The key of a role's row: {@code task-clock:gc}; CSV's event, JSON's name, {@code --fail-on}'s name. */
    public static String key(ThreadRole r) {
        return PerfEvent.TASK_CLOCK.part(r.text());
    }

    /** The key of a role's context-switch row in {@code stat}: {@code context-switches:gc}. */
    public static String switchesKey(ThreadRole r) {
        return SWITCHES + r.text();
    }

    private static final String SWITCHES = PerfEvent.CONTEXT_SWITCHES.part("");

    /** The role of a key made by {@link #key}, {@link #switchesKey} or {@link #eventKey}, or null for any other. */
    public static ThreadRole role(String key) {
        if (key.startsWith(TASK_CLOCK_PART)) {
            return ThreadRole.parse(key.substring(TASK_CLOCK_PART.length()));
        }
        if (key.startsWith(SWITCHES)) {
            return ThreadRole.parse(key.substring(SWITCHES.length()));
        }
        int colon = key.lastIndexOf(':');
        return colon > 0 && SPLIT_EVENTS.contains(perfstat.format.CounterEvents.baseName(key.substring(0, colon)))
                ? ThreadRole.parse(key.substring(colon + 1)) : null;
    }

    /**
     * The events besides task-clock and context-switches whose counts {@code stat} splits by role, where the recording
     * has them (perfstat.ThreadRoleCounter) and the event is supported: the cycles and instructions.
     */
    public static final java.util.Set<String> SPLIT_EVENTS = java.util.Set.of(PerfEvent.CYCLES.text(),
            PerfEvent.INSTRUCTIONS.text());

    private static final String TASK_CLOCK_PART = PerfEvent.TASK_CLOCK.part("");

    /** The key of a role's row under {@code event} (as asked): {@code cycles:jit}. */
    public static String eventKey(String event, ThreadRole r) {
        return event + ":" + r.text();
    }

    /**
     * The role lines of {@code perfstat stat} under {@code event}'s row (as asked): per role the mean over the runs of
     * its threads' count (perfstat.ThreadRoleCounter), with its share of the event's mean count as comment; empty
     * where no run has the event by role.
     */
    static List<StatSummary.Line> eventLines(List<RunData.Counts> runs, String event, double meanWhole) {
        List<StatSummary.Line> out = new ArrayList<>();
        for (ThreadRole r : ThreadRole.values()) {
            List<Double> vs = new ArrayList<>();
            String source = "";
            for (RunData.Counts run : runs) {
                for (RunData.RoleEvent e : run.roles().events()) {
                    if (e.role() == r && e.event().equals(event)) {
                        vs.add((double) e.value());
                        source = e.source();
                    }
                }
            }
            if (vs.isEmpty()) {
                continue;
            }
            Value v = Spread.meanOverRuns(vs);
            double mean = v.value();
            CounterMetrics.Derived d = meanWhole > 0 ? new CounterMetrics.Derived(100 * mean / meanWhole, "% of all " + event)
                    : CounterMetrics.Derived.NONE;
            out.add(new StatSummary.Line(eventKey(event, r), "", v, 0, 100, d, source));
        }
        return out;
    }

    /**
     * The rows of a measured split, in the order {@link #add} makes them: each role's, the observer's work outside its
     * threads (the JIT's on its code, perfstat's class transformation) before the ended row.
     */
    static List<Metric> metrics() {
        List<Metric> out = new ArrayList<>();
        for (ThreadRole r : ThreadRole.values()) {
            if (r == ThreadRole.ENDED) {
                out.addAll(List.of(JIT_OBSERVER_METRIC, TRANSFORM_METRIC));
            }
            out.add(metric(r));
        }
        return out;
    }

    /** The role's metric: a counter in ms, lower is better. */
    static Metric metric(ThreadRole r) {
        return new Metric(new MetricId(MetricId.Kind.COUNTER, key(r), MetricId.Statistic.TOTAL, "ms"), key(r),
                "  " + label(r) + " (msecs)", 6, Metric.Better.LOWER);
    }

    /**
     * One role row of a run: its metric and its task-clock in ns.
     */
    record Part(Metric metric, long ns) {
    }

    /**
     * A run's role rows, the one place they are made (the table's rows and {@code stat}'s lines are both of these), in
     * the order they print: each role's task-clock (the JIT compiler's less its work on the observer's code, the
     * application's less perfstat's class transformation), and those two on rows of their own before the ended row, so
     * that the rows still add up to the whole process; none where the run has no split.
     */
    static List<Part> parts(RunData.Roles roles) {
        List<Part> out = new ArrayList<>();
        long jitObserver = jitObserverNs(roles);
        long transform = transformNs(roles);
        for (RunData.RoleCount c : roles.counts()) {
            if (c.role() == ThreadRole.ENDED) {
                observerExtras(out, jitObserver, transform);
                jitObserver = -1;
                transform = -1;
            }
            out.add(new Part(metric(c.role()), ownNs(c, roles)));
        }
        observerExtras(out, jitObserver, transform);
        return out;
    }

    /** Adds the run's role rows to {@code m}, each with its share of the whole process's {@code wholeMs}. */
    static void add(Map<MetricId, Measurements.Measured> m, RunData run, double wholeMs) {
        for (Part p : parts(run.roles())) {
            putMs(m, p.metric(), p.ns() / 1e6, wholeMs);
        }
    }

    /** The rows of the observer's work outside its threads, after the observer's row: each where it is known (not -1). */
    private static void observerExtras(List<Part> out, long jitObserver, long transform) {
        if (jitObserver >= 0) {
            out.add(new Part(JIT_OBSERVER_METRIC, jitObserver));
        }
        if (transform >= 0) {
            out.add(new Part(TRANSFORM_METRIC, transform));
        }
    }

    /** The key of the row of perfstat's class transformation on the application's threads: {@code task-clock:transform}. */
    public static final String TRANSFORM = PerfEvent.TASK_CLOCK.part("transform");

    /**
     * The row of {@link #TRANSFORM}: {@code stat}'s text names it as the table does, less the unit ({@link #textLabel}),
     * so its name fits perf's width.
     */
    private static final Metric TRANSFORM_METRIC = new Metric(new MetricId(MetricId.Kind.COUNTER, TRANSFORM,
            MetricId.Statistic.TOTAL, "ms"), TRANSFORM, "  perfstat transforming classes (msecs)", 6, Metric.Better.LOWER);

    /**
     * The application threads' CPU time inside perfstat's class transformation in the window (the recording's
     * {@code perfstat:transform-cpu-ns}, measured with each thread's CPU clock), at most the application role's
     * task-clock; -1 where the recording has none (no probes, no split by role, older recordings).
     */
    public static long transformNs(RunData.Roles roles) {
        if (roles.derived() || roles.note() != null) {
            return -1;
        }
        long app = roles.counts().stream().filter(c -> c.role() == ThreadRole.APPLICATION)
                .mapToLong(RunData.RoleCount::taskClockNs).findFirst().orElse(-1);
        return app < 0 ? -1 : roles.events().stream().filter(e -> e.role() == ThreadRole.APPLICATION
                        && e.event().equals(perfstat.format.Transformation.EVENT))
                .mapToLong(e -> Math.min(app, Math.max(0, e.value()))).findFirst().orElse(-1);
    }

    private static void putMs(Map<MetricId, Measurements.Measured> m, Metric metric, double ms, double wholeMs) {
        m.put(metric.id(), new Measurements.Measured(metric, Value.of(ms), Comment.Counter.of(share(ms, wholeMs))));
    }

    /** The key of the row of the JIT's work on JFR's and perfstat's code: {@code task-clock:jit-observer}. */
    public static final String JIT_OBSERVER = PerfEvent.TASK_CLOCK.part("jit-observer");

    /** The row of {@link #JIT_OBSERVER}, named to fit perf's width in {@code stat}'s text too ({@link #textLabel}). */
    private static final Metric JIT_OBSERVER_METRIC = new Metric(new MetricId(MetricId.Kind.COUNTER, JIT_OBSERVER,
            MetricId.Statistic.TOTAL, "ms"), JIT_OBSERVER, "  JIT on JFR/perfstat code (msecs)", 6, Metric.Better.LOWER);

    /**
     * The name {@code stat}'s text gives the row of {@code key} where it is a row under another (a role's, the observer's
     * work outside its threads, the whole process): the table's label for it less its unit, perf's indent kept, so that
     * {@code stat} and {@code report} name a row alike; null for any other key (its event is its name).
     */
    public static String textLabel(String key) {
        Metric m = key.equals(TRANSFORM) ? TRANSFORM_METRIC : key.equals(JIT_OBSERVER) ? JIT_OBSERVER_METRIC
                : key.equals(PROCESS) ? RowCatalogue.wholeProcess(0) : null;
        if (m != null) {
            return m.label().replaceFirst(" \\(msecs\\)$", "");
        }
        ThreadRole r = role(key);
        return r == null ? null : "  " + label(r);
    }

    /**
     * The JIT compiler threads' CPU in the window that went on JFR's and perfstat's code, estimated: the JIT role's
     * task-clock times the observer's share of the window's compile time (jdk.Compilation's wall time, not CPU time).
     * -1 where there is no such estimate: no measured split by role, no JIT role, no compilation in the window (older
     * recordings, those without jdk.Compilation, derived roles).
     */
    public static long jitObserverNs(RunData.Roles roles) {
        if (roles.derived() || roles.note() != null || roles.compiles().allNs() <= 0) {
            return -1;
        }
        return roles.counts().stream().filter(c -> c.role() == ThreadRole.JIT).findFirst()
                .map(c -> Math.round(Math.max(0, c.taskClockNs()) * roles.compiles().observerShare())).orElse(-1L);
    }

    /**
     * A role's task-clock as its row shows it: the JIT compiler's less its work on the observer's code, the
     * application's less perfstat's class transformation on its threads.
     */
    private static long ownNs(RunData.RoleCount c, RunData.Roles roles) {
        long observers = c.role() == ThreadRole.JIT ? jitObserverNs(roles) : c.role() == ThreadRole.APPLICATION ? transformNs(roles) : -1;
        return observers < 0 ? c.taskClockNs() : c.taskClockNs() - observers;
    }

    private static final String DERIVED = PerfEvent.TASK_CLOCK.part("derived:");

    /** The key of the derived split's rest row: task-clock outside the Java threads' events. */
    public static final String DERIVED_REST = DERIVED + "rest";

    /** Whether a row's key is of a role's share estimated from jdk.ThreadCPULoad ({@link #derivedKey}). */
    public static boolean isDerived(String key) {
        return key.startsWith(DERIVED);
    }

    /**
     * The key of a role's derived row: {@code task-clock:derived:jit}. Its own identity, so that a table of a recording
     * perfstat made beside one it did not never lines an estimate up with a measured count, nor judges one against it.
     */
    public static String derivedKey(ThreadRole r) {
        return DERIVED + r.text();
    }

    private static Metric derivedMetric(String key, String label) {
        return new Metric(new MetricId(MetricId.Kind.COUNTER, key, MetricId.Statistic.TOTAL, "ms"), key, label, DERIVED_DECIMALS,
                Metric.Better.LOWER);
    }

    /**
     * Adds the role rows derived from jdk.ThreadCPULoad (a recording made without perfstat), each labelled derived,
     * and the rest of {@code taskClockMs} (GC threads, the VM thread and JFR's sampler, which are no Java threads, and
     * time the events do not cover) as a row of its own, so that the rows add up to the task-clock row; none where the
     * run's roles are measured or absent. The GC role has no row: the event cannot see its threads.
     */
    static void addDerived(Map<MetricId, Measurements.Measured> m, RunData run, double taskClockMs) {
        if (!run.roles().derived()) {
            return;
        }
        double sum = 0;
        for (RunData.RoleCount c : run.roles().counts()) {
            double ms = c.taskClockNs() / 1e6;
            sum += ms;
            Metric metric = derivedMetric(derivedKey(c.role()), "  " + label(c.role()) + " (msecs, derived)");
            m.put(metric.id(), new Measurements.Measured(metric, Value.of(ms), Comment.Counter.of(share(ms, taskClockMs))));
        }
        if (Double.isFinite(taskClockMs)) {
            double rest = Math.max(0, taskClockMs - sum);
            Metric metric = derivedMetric(DERIVED_REST, "  GC, VM thread, the rest (msecs, derived)");
            m.put(metric.id(), new Measurements.Measured(metric, Value.of(rest), Comment.Counter.of(share(rest, taskClockMs))));
        }
    }

    /** An estimate from loads sampled every few seconds: milliseconds to three places are more than it knows already. */
    private static final int DERIVED_DECIMALS = 3;

    /**
     * perf's comment for a role's part of the whole process's task-clock ({@code wholeMs}, the
     * {@code task-clock:process} row): its share, in percent, worded so. The task-clock row above the roles leaves the
     * observer out, so a share of it would not add up; shares of the whole process add up to 100% over the roles.
     */
    static CounterMetrics.Derived share(double ms, double wholeMs) {
        return wholeMs > 0 ? new CounterMetrics.Derived(100 * ms / wholeMs, SHARE) : CounterMetrics.Derived.NONE;
    }

    /** The unit of a role's share: of the whole process ({@link #share}). */
    static final String SHARE = "% of whole process";

    /**
     * The context-switch lines of {@code perfstat stat}, under the context-switches row: per role the mean over the runs
     * of its threads' voluntary and involuntary switches (from each thread's {@code status}), with the involuntary
     * share as its comment (preempted, where voluntary is waiting: the split says which role waits and which is
     * crowded out); empty where no run has them. The roles' switches cover the threads' reads, not what a thread did
     * after the last read that saw it: that rest, the whole process's count less the roles', is the ended row, where
     * the whole count holds ended threads (perf_event_open, getrusage; not procfs's live threads). A run (or an
     * interval of {@code -I}) whose roles sum to more than the whole gets no ended count: the threads' {@code status}
     * and the process's counter are read a moment apart, and a negative rest, or one clamped to 0, would be invented.
     */
    static List<StatSummary.Line> switchLines(List<RunData.Counts> runs) {
        List<StatSummary.Line> out = new ArrayList<>();
        for (ThreadRole r : ThreadRole.values()) {
            if (r == ThreadRole.ENDED) {
                endedSwitches(runs).ifPresent(out::add);
                continue;
            }
            List<Double> all = new ArrayList<>();
            double involuntary = 0;
            for (RunData.Counts run : runs) {
                for (RunData.RoleCount c : run.roles().counts()) {
                    if (c.role() == r && c.voluntary() >= 0 && c.involuntary() >= 0) {
                        all.add((double) (c.voluntary() + c.involuntary()));
                        involuntary += c.involuntary();
                    }
                }
            }
            if (all.isEmpty()) {
                continue;
            }
            Value v = Spread.meanOverRuns(all);
            double mean = v.value();
            CounterMetrics.Derived d = mean > 0 ? new CounterMetrics.Derived(100 * involuntary / all.size() / mean, "% involuntary")
                    : CounterMetrics.Derived.NONE;
            out.add(new StatSummary.Line(switchesKey(r), "", v, 0, 100, d, ""));
        }
        return out;
    }

    /** The switches of threads after the last read that saw them, per run: the whole count less the roles'. */
    private static java.util.Optional<StatSummary.Line> endedSwitches(List<RunData.Counts> runs) {
        List<Double> rest = new ArrayList<>();
        for (RunData.Counts run : runs) {
            RunData.PerfCounter whole = run.perfCounters().stream().filter(c -> c.tid() == 0 && c.counted()
                    && PerfEvent.CONTEXT_SWITCHES.is(c.event())
                    && !c.source().startsWith(perfstat.format.CounterSource.PROCFS_THREADS)).findFirst().orElse(null);
            List<RunData.RoleCount> known = run.roles().counts().stream()
                    .filter(c -> c.role() != ThreadRole.ENDED && c.voluntary() >= 0 && c.involuntary() >= 0).toList();
            if (whole != null && !known.isEmpty()) {
                long sum = known.stream().mapToLong(c -> c.voluntary() + c.involuntary()).sum();
                if (sum <= Math.round(whole.scaled())) { // more than the whole: the two reads, a moment apart, disagree
                    rest.add((Math.round(whole.scaled()) - sum) * 1.0);
                }
            }
        }
        if (rest.isEmpty()) {
            return java.util.Optional.empty();
        }
        Value v = Spread.meanOverRuns(rest);
        return java.util.Optional.of(new StatSummary.Line(switchesKey(ThreadRole.ENDED), "", v, 0, 100,
                CounterMetrics.Derived.NONE, ""));
    }

    /** The footer's notes on the split: where it came from, or why there is none; empty for a run without either. */
    static List<Note> notes(RunData run, String label) {
        RunData.Roles roles = run.roles();
        if (roles.derived()) {
            RunData.Estimate e = roles.estimate();
            return List.of(new Note.RolesDerived(label, e.periodNs(), e.cpus()));
        }
        if (roles.note() != null) {
            return List.of(new Note.NoRoleSplit(label, roles.note()));
        }
        if (roles.counts().isEmpty() || run.perfCounters().stream().noneMatch(c -> PerfEvent.TASK_CLOCK.is(c.event()))) {
            return List.of(); // no task-clock asked for (-e page-faults): no role rows to speak of
        }
        String source = roles.counts().stream().filter(c -> c.role() != ThreadRole.ENDED).map(RunData.RoleCount::source)
                .findFirst().orElse("");
        boolean gcRoleIdle = roles.counts().stream().anyMatch(c -> c.role() == ThreadRole.GC && c.taskClockNs() == 0)
                || roles.counts().stream().noneMatch(c -> c.role() == ThreadRole.GC);
        List<Note> notes = new ArrayList<>(List.of(new Note.RolesFrom(label, source)));
        if (gcRoleIdle && run.jdk().gcCount() > 0 && run.jdk().serialOnly()) { // the collections ran on the VM thread
            notes.add(new Note.GcOnVmThread(label));
        }
        long jitObserver = jitObserverNs(roles);
        if (jitObserver >= 0) {
            long jit = roles.counts().stream().filter(c -> c.role() == ThreadRole.JIT).mapToLong(RunData.RoleCount::taskClockNs)
                    .findFirst().orElse(0);
            notes.add(new Note.JitObserver(label, jit / 1e6, jitObserver / 1e6, roles.compiles().observerNs() / 1e6,
                    roles.compiles().allNs() / 1e6));
        }
        return notes;
    }
}

package perfstat.cli.render;

import java.util.List;
import java.util.Locale;
import perfstat.cli.stats.Note;

/** The footer's words, shared by every renderer: one line for each kind of {@link Note}. */
public final class NoteText {
    private NoteText() {
    }

    public static String of(Note note) {
        String s = source(note);
        if (s == null) {
            s = samples(note);
        }
        if (s == null) {
            s = comparison(note);
        }
        if (s == null) {
            s = attach(note);
        }
        if (s == null) {
            s = losses(note);
        }
        if (s == null) {
            s = missing(note);
        }
        if (s == null) {
            s = roles(note);
        }
        if (s == null) {
            s = conditions(note);
        }
        if (s == null) {
            throw new IllegalArgumentException("no words for " + note); // a new kind of note without its words here
        }
        return s;
    }

    static List<String> lines(List<Note> notes) {
        return merged(notes);
    }

    /** What a recording's sources are and what it lacks; null for other kinds. */
    private static String source(Note note) {
        if (note instanceof Note.CountersFrom n) {
            return (n.column() == null ? "" : n.column() + ": ") + "counters from " + n.source()
                    + (n.why().isEmpty() ? "" : ": " + n.why());
        }
        if (note instanceof Note.NotSupported n) {
            return n.column() + ": " + n.event() + " not supported (" + n.reason() + ")";
        }
        if (note instanceof Note.Window n) {
            return "window: counters and time elapsed from the agent's start to the JVM's exit (or detach)"
                    + (n.score() ? "; the score, the workload's measured window" : "");
        }
        if (note instanceof Note.PerUnitOf n) {
            return "per " + n.unit() + ": each run's totals divided by the run's count of " + n.unit() + " (" + n.from()
                    + "), a column the mean of its runs' ratios, judged on them; the totals hold fixed costs (the JVM's start,"
                    + " the JIT, warm-up), which a short run spreads over few units: the application row per unit leaves out"
                    + " the JIT's and GC's work, and --from METHOD opens the counters after warm-up";
        }
        if (note instanceof Note.FewUnits n) {
            return n.column() + ": run " + n.run() + " counted " + n.count() + " " + n.unit() + ", under a tenth of its runs'"
                    + " median (" + n.median() + "): its rows per unit are mostly fixed costs and sway the column";
        }
        if (note instanceof Note.Simulated n) {
            return n.workload() + " is a discrete-event simulation: its score and the model's latencies are in simulated"
                    + " time; the process counters, probe latencies and time elapsed are the simulator's own cost";
        }
        if (note instanceof Note.UnmatchedProbe n) {
            return "probe '" + n.pattern() + "' matched no method";
        }
        if (note instanceof Note.TimerCost n) {
            return n.column() + ": probe latencies include part of the timer's own cost (a timed call's two clock reads take"
                    + " about " + n.nsPerCall()
                    + (n.highestNs() > n.nsPerCall() ? " to " + n.highestNs() + " ns together by recording, measured at each"
                    + " agent's start; a latency difference that small may be the timer's)" : " ns together)");
        }
        if (note instanceof Note.NoGcEvents n) {
            return n.column() + ": GCs <not counted>: no jdk.GarbageCollection event in the recording (no collection, or the event was off)";
        }
        if (note instanceof Note.JdkRowsNotCounted n) {
            return n.column() + ": <not counted>, as the recording has none of their events (not enabled, or a counter of the JVM's not sampled yet): "
                    + String.join(", ", n.rows().stream().map(r -> r.label() + " (" + r.event() + ")").toList());
        }
        if (note instanceof Note.NoPerfstatEvents n) {
            return n.column() + ": no perfstat events (recorded without perfstat's agent): rows come from the JDK's events"
                    + " only; <not counted> marks what such a recording cannot give (the process's context switches, migrations"
                    + " and page faults); for those and for probes record with perfstat run, perfstat stat or"
                    + " -javaagent:perfstat.jar";
        }
        return null;
    }

    /** Where the samples came from and how deltas are judged; null for other kinds. */
    private static String samples(Note note) {
        if (note instanceof Note.OneRecordingASide) {
            return "one recording a side: no verdicts (a run is the unit: its intervals are not independent samples);"
                    + " record several runs (compare, or diff A... -- B...)";
        }
        if (note instanceof Note.Deltas n) {
            String same = Double.isNaN(n.minEffect()) ? "" : String.format(Locale.ROOT, ", = shown within +-%.0f%%",
                    100 * n.minEffect());
            String family = n.family() > 1 ? String.format(Locale.ROOT, ", %d other rows as a family (q: Benjamini-Hochberg)",
                    n.family()) : "";
            String primary = Double.isNaN(n.primaryLevel()) ? "" : String.format(Locale.ROOT, "; the primary measure's %s%%,"
                    + " judged alone", new java.text.DecimalFormat("0.##", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT))
                    .format(100 * n.primaryLevel()));
            return String.format(Locale.ROOT, "deltas: B/A [%.0f%% interval%s], one value a run; ~ no change shown%s, ? too few"
                    + " runs%s: docs/statistics.md", 100 * n.confidence(), primary, same, family);
        }
        if (note instanceof Note.RankTestDisagrees n) {
            return "the rank test on the same runs disagrees with the verdict (a run far from the others?): "
                    + String.join(", ", n.rows());
        }
        if (note instanceof Note.FollowPrimary n) {
            return "judged with " + n.primary() + ", whose runs they follow run for run: " + String.join(", ", n.rows());
        }
        if (note instanceof Note.Detectable n) {
            String seen = String.format(Locale.ROOT, "%s: these runs would find a change of %s by %.1f%% or more (80%% power)",
                    n.column(), n.row(), 100 * n.detectable());
            return Double.isNaN(n.low()) ? seen : seen + String.format(Locale.ROOT, "; no change shown, and a fall beyond %.1f%%"
                    + " or a rise beyond %+.1f%% is ruled out", 100 * n.low(), 100 * n.high());
        }
        if (note instanceof Note.TimedCalls n) {
            return timedCalls(n);
        }
        if (note instanceof Note.NotCountedOnOneSide n) {
            return n.column() + ": <not counted> where another column has a value (its recordings lack the events or the calls,"
                    + " or too few of them), so not judged: " + String.join(", ", n.rows());
        }
        if (note instanceof Note.SparseTiming n) {
            return n.probe() + ": sampled timing timed as few as " + n.timed() + " of " + n.calls() + " calls a recording, too few"
                    + " for its percentiles; " + (n.sample() > 1 ? "--sample " + n.sample() + " would time about "
                    + n.calls() / n.sample() + " a recording, enough for p99" : "--timing exact times them all"
                    + (n.enoughP99() ? "" : " (enough for p50, not for p99)"));
        }
        if (note instanceof Note.TimedCallsMinimum n) {
            return "latency percentiles are judged only where every recording rests on at least " + n.p50() + " timed calls (p50)"
                    + " or " + n.p99() + " (p99, max), so that 10 calls lie beyond the percentile; ? with the fewest otherwise";
        }
        if (note instanceof Note.RunsInGroups n) {
            return n.row() + ": " + n.column() + "'s runs fall into two groups (" + n.low() + " low, " + n.high() + " high; the gap"
                    + " between them is over five times either group's range: two kinds of run, not one spread, such as JVMs"
                    + " settling on one of two compiled shapes or object placements)" + (n.moreRuns() < 0 ? "" : n.moreRuns() == 0 ? "; the runs there are enough to decide at this"
                    + " spread" : n.moreRuns() > 100 ? "; the change seen is too small against this spread for a practical number"
                    + " of runs to decide it (over 100 more a side)"
                    : "; about " + n.moreRuns() + " more runs a side would decide the comparison at the spread seen");
        }
        if (note instanceof Note.BlockedAt n) {
            return String.format(Locale.ROOT, "blocked at %s (%s): %d times, %.3f ms", n.site(), n.kind(), n.count(),
                    n.blocked().toNanos() / 1e6);
        }
        return null;
    }

    /** What the comparability check found: what differs between the sides, and within one; null for other kinds. */
    private static String comparability(Note note) {
        if (note instanceof Note.WhatDiffers n) {
            return "what differs: " + String.join(", ", n.what());
        }
        if (note instanceof Note.SidesDiffer n) {
            String sides = (n.what().startsWith("jdk.") ? "JFR settings of " + n.what() + " differ: " : n.what() + " differs: ")
                    + pairs(n.columns(), n.values());
            return n.rows().isEmpty() ? sides : sides + "; so " + String.join(", ", n.rows())
                    + " are not comparable: not judged (?)";
        }
        if (note instanceof Note.DiffersWithin n) {
            return n.column() + "'s recordings differ in " + n.what() + ": " + pairs(n.files(), n.values());
        }
        return null;
    }

    /** {@code a: G1, b: Parallel}; with "; " between them where a value has a comma of its own. */
    private static String pairs(List<String> names, List<String> values) {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            out.add(names.get(i) + ": " + (values.get(i).isEmpty() ? "not set" : values.get(i)));
        }
        return String.join(values.stream().anyMatch(v -> v.contains(",")) ? "; " : ", ", out);
    }

    /** What the commands add: forks left out, workloads not compared, the observer check; null for other kinds. */
    private static String comparison(Note note) {
        String c = comparability(note);
        if (c != null) {
            return c;
        }
        if (note instanceof Note.DeadFork n) {
            return n.where() + ": " + (n.why().isEmpty() ? n.marker() : n.why());
        }
        if (note instanceof Note.Unreadable n) {
            return n.where() + ": " + n.file() + " left out, as perfstat cannot read it (" + n.why() + "); " + n.kept()
                    + " recording" + (n.kept() == 1 ? "" : "s") + " of it read";
        }
        if (note instanceof Note.NotCompared n) {
            return n.what() + ": only in " + String.join(", ", n.onlyIn()) + ", so not compared";
        }
        if (note instanceof Note.SameRecording) {
            return "every configuration is the same recording: the deltas are zero by construction";
        }
        if (note instanceof Note.Look n) {
            java.text.DecimalFormat f = new java.text.DecimalFormat("0.##", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT));
            return "judged at the look at " + n.runs() + " runs a side of a comparison run until decided: the primary measure at "
                    + f.format(100 * n.primaryLevel()) + "%, the --fail-on rules at " + f.format(100 * n.ruleLevel()) + "% (the"
                    + " error spent across looks); a later diff of these recordings judges them as a fixed count";
        }
        if (note instanceof Note.ObserverCheck) {
            return "observer check: each variant also ran without probes, interleaved with the runs above; the lines after the"
                    + " first summary compare them (a probe changes how the JIT compiles the method it is in, so it can cost one"
                    + " variant more than another)";
        }
        return hot(note);
    }

    /** What the hot methods rest on; null for other kinds. */
    private static String hot(Note note) {
        if (note instanceof Note.SampleKind n) {
            return "hot methods: shares of " + String.join(" and ", n.events().stream().map(e -> e.equals("jdk.CPUTimeSample")
                    ? "CPU-time samples (jdk.CPUTimeSample)" : e.equals("jdk.ExecutionSample")
                    ? "execution samples (jdk.ExecutionSample)" : e).toList())
                    + (n.events().size() > 1 ? ", which the sides differ in" : "")
                    + "; perfstat's own frames (its probes and agent, with what they call) are one row, "
                    + perfstat.cli.stats.HotMethods.PERFSTAT_PROBES;
        }
        if (note instanceof Note.NoSamples n) {
            return n.column() + ": no method samples, so no hot-method shares; perfstat records them unless --no-samples"
                    + " is given (another JVM's recording: -XX:StartFlightRecording=settings=profile)";
        }
        return samplesOutsideWindow(note);
    }

    /** How an attach window ended before its time; null for other kinds. */
    private static String attach(Note note) {
        if (note instanceof Note.TargetExited n) {
            return String.format(Locale.ROOT, "the target (pid %s) exited at t = %.1f s into the %s s window: the table covers"
                    + " the window up to its exit", n.pid(), n.atSeconds(), seconds(n.windowSeconds()));
        }
        if (note instanceof Note.WindowStopped n) {
            return String.format(Locale.ROOT, "%s ended the window at t = %.1f s of %s s: the table covers the window up to then",
                    n.signal(), n.atSeconds(), seconds(n.windowSeconds()));
        }
        return null;
    }

    /** What the reader skipped and what the agent lost; null for other kinds. */
    private static String losses(Note note) {
        if (note instanceof Note.EventsSkipped n) {
            List<String> parts = n.skipped().stream().map(k -> k.events() + " " + k.eventType() + " (" + cause(k) + ")").toList();
            return (n.column() == null ? "" : n.column() + ": ") + "events perfstat could not use, left out of the table: "
                    + String.join(", ", parts);
        }
        if (note instanceof Note.AgentLosses n) {
            List<String> parts = new java.util.ArrayList<>();
            count(parts, n.installerErrors(), "class", "classes", "the probe installer failed to transform (not probed)");
            count(parts, n.classesInvisible(), "class", "classes", "whose class loader cannot see perfstat's probes (not probed)");
            count(parts, n.probesDropped(), "method", "methods", "past the limit of probes (not probed)");
            count(parts, n.probeFailures(), "error", "errors", "inside probes (suppressed; a timed call's latency lost each)");
            count(parts, n.counterReadFailures(), "counter read", "counter reads", "that failed (an interval's row lost each)");
            return (n.column() == null ? "" : n.column() + ": ") + "the agent counted " + String.join("; ", parts);
        }
        return null;
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%.1f", s);
    }

    private static String cause(Note.Skip k) {
        return switch (k.cause()) {
            case FRAME_WITHOUT_METHOD -> "a stack frame without a method";
            case MISSING_FIELD -> "no field " + k.field();
            case FIELD_OF_ANOTHER_TYPE -> "field " + k.field() + " of another type";
            case FIELD_WITHOUT_VALUE -> "a field without a value";
            case OTHER -> k.field();
        };
    }

    private static void count(List<String> parts, long n, String one, String many, String what) {
        if (n > 0) {
            parts.add(n + " " + (n == 1 ? one : many) + " " + what);
        }
    }

    /** {@code Vfs::write: latency percentiles rest on 1204-1310 | 8-11 timed calls a recording (a | b)}. */
    private static String timedCalls(Note.TimedCalls n) {
        List<String> per = new java.util.ArrayList<>();
        for (List<Long> t : n.timedCalls()) {
            long lo = t.stream().mapToLong(Long::longValue).min().orElse(0);
            long hi = t.stream().mapToLong(Long::longValue).max().orElse(0);
            per.add(t.isEmpty() ? Formats.NOT_COUNTED : lo == hi ? Long.toString(lo) : lo + "-" + hi);
        }
        return n.probe() + ": latency percentiles rest on " + String.join(" | ", per) + " timed calls a recording ("
                + String.join(" | ", n.columns()) + ")";
    }

    /** Samples left out of the hot methods as outside the counters' window; null for other kinds. */
    private static String samplesOutsideWindow(Note note) {
        if (note instanceof Note.SamplesOutsideWindow n) {
            return String.format(Locale.ROOT, "%s: hot methods and flame graph count the %d method samples inside the counters'"
                    + " window; %d outside it (%.1f%%: %s, JFR writing the recording) are left out",
                    n.column(), n.kept(), n.outside(), 100.0 * n.outside() / Math.max(1, n.outside() + n.kept()),
                    n.late() ? "the run before the window's late opening (--delay, --from)" : "the JVM's and the agent's start");
        }
        return unmatchedProbeNear(note);
    }

    /** A pattern that matched nothing, with the nearest loaded names; null for other kinds. */
    private static String unmatchedProbeNear(Note note) {
        if (note instanceof Note.UnmatchedProbeNear n) {
            return "probe '" + n.pattern() + "' matched no method; did you mean " + String.join(" or ", n.candidates()) + "?";
        }
        return null;
    }

    /** Rows only some of a column's recordings have; null for other kinds. */
    private static String missing(Note note) {
        if (note instanceof Note.GcOnVmThread n) {
            return (n.column() == null ? "" : n.column() + ": ") + "GC 0 msecs though the JVM collected: Serial has"
                    + " no GC threads of its own (it collects on the VM thread), so the collections' CPU time is in JVM runtime";
        }
        if (note instanceof Note.NotCountedInSomeRecordings n) {
            return n.column() + ": <not counted> where only some of its " + n.recordings() + " recordings have a value (a run"
                    + " shorter than the event's period, one without the event, or a probe's without a timed call), so not"
                    + " judged: " + String.join(", ",
                    n.rows().stream().map(r -> r.label() + " (missing in " + r.recordings() + ")").toList());
        }
        return null;
    }

    /** Where the rows by thread role came from, or why there are none; null for other kinds. */
    /** The counters' window as it opened late, and how busy the machine was; null for other kinds. */
    private static String conditions(Note note) {
        if (note instanceof Note.LateWindow n) {
            return lateWindow(n);
        }
        if (note instanceof Note.SharedMachine n) {
            String col = n.column() == null || n.column().isEmpty() ? null : n.column();
            String who = n.run() > 0 ? "run " + n.run() + (col == null ? "" : " of " + col)
                    : n.run() < 0 ? "every run" + (col == null ? "" : " of " + col) : col == null ? "the run" : col;
            return String.format(Locale.ROOT, "%s shared the machine: %.2f CPUs%s used by other processes%s%s", who,
                    n.otherCpus(), n.cpus() > 0 ? " of " + n.cpus() : "", n.run() < 0 ? " (median)" : "",
                    n.run() > 0 ? ", much more than beside its side's other runs" : "");
        }
        if (note instanceof Note.WaitedForCpu n) {
            String col = n.column() == null || n.column().isEmpty() ? "" : " of " + n.column();
            return String.format(Locale.ROOT, "run %d%s waited for a CPU %.1f ms for each ms it ran, %.1f times its side's"
                    + " other runs (%.1f): its neighbours wanted more of the machine (%.2f CPUs%s used by other processes)",
                    n.run(), col, n.waitPerCpu(), n.waitPerCpu() / n.sideMedian(), n.sideMedian(), n.otherCpus(),
                    n.cpus() > 0 ? " of " + n.cpus() : "");
        }
        if (note instanceof Note.MachineLoad n) {
            return prefix(n.column()) + String.format(Locale.ROOT,
                    "machine: other processes used %.2f CPUs%s while it ran, steal %.1f ms; its threads waited %s for a CPU;"
                            + " CPU frequency %s", n.otherCpus(), n.cpus() > 0 ? " of " + n.cpus() : "", n.stealMs(),
                    Double.isNaN(n.runQueueWaitMs()) ? "<not counted>" : String.format(Locale.ROOT, "%.1f ms", n.runQueueWaitMs()),
                    Double.isNaN(n.cpuMhz()) ? "<not supported>" : String.format(Locale.ROOT, "%.0f MHz", n.cpuMhz()));
        }
        if (note instanceof Note.MachineUnread n) {
            return prefix(n.column()) + "machine: " + n.why();
        }
        return null;
    }

    /** {@code column: }, or nothing where the note is about no column. */
    private static String prefix(String column) {
        return column == null || column.isEmpty() ? "" : column + ": ";
    }

    private static String lateWindow(Note.LateWindow n) {
        String col = n.column() == null ? "" : n.column();
        String run = n.run() > 0 ? "run " + n.run() : "";
        String who = col.isEmpty() && run.isEmpty() ? "" : (col + (col.isEmpty() || run.isEmpty() ? "" : " ") + run + ": ");
        String asked = "from".equals(n.trigger()) ? "--from " + n.target() : "--delay " + n.target();
        if (!n.opened()) {
            String why = "from".equals(n.trigger()) ? n.target() + " was never called" : "the JVM exited before the delay ran out";
            return who + "the window never opened (" + asked + "): " + why + "; the counts are the whole run's, from the agent's"
                    + " start to the JVM's exit, not a window's";
        }
        String from = "from".equals(n.trigger()) ? "the first call of " + n.target() + ", " : "";
        return who + String.format(Locale.ROOT, "window: counters, probes, hot methods and the JDK's rows from %s%.3f s after"
                + " the agent's start (%s), to the JVM's exit", from, n.openedAfterMs() / 1e3, asked)
                + (n.score() ? "; the score, the workload's measured window" : "");
    }

    private static String roles(Note note) {
        if (note instanceof Note.NoRoleSplit n) {
            return (n.column() == null ? "" : n.column() + ": ") + "no task-clock by thread role: " + n.reason();
        }
        if (note instanceof Note.RolesFrom n) {
            return (n.column() == null ? "" : n.column() + ": ") + rolesFrom(n.source());
        }
        return rolesDerived(note);
    }

    /** A period as the JDK's settings write it: {@code 10 s}, {@code 500 ms}. */
    private static String period(long ns) {
        return ns % 1_000_000_000L == 0 ? ns / 1_000_000_000L + " s" : ns % 1_000_000L == 0 ? ns / 1_000_000L + " ms" : ns + " ns";
    }

    /** The words on roles estimated from jdk.ThreadCPULoad; null for other kinds. */
    private static String rolesDerived(Note note) {
        if (note instanceof Note.RolesDerived n) {
            return (n.column() == null ? "" : n.column() + ": ") + derivedWords(n);
        }
        return jitObserver(note);
    }

    /** The JIT's work on the observer's code, and how it was estimated; null for other kinds. */
    private static String jitObserver(Note note) {
        if (note instanceof Note.JitObserver n) {
            return (n.column() == null ? "" : n.column() + ": ") + String.format(java.util.Locale.ROOT,
                    "JIT on JFR's and perfstat's code: %.2f ms, estimated as the JIT compiler's %.2f ms in the window x"
                    + " their classes' share of its compile time (jdk.Compilation: %.2f of %.2f ms); compile wall time"
                    + " stands in for CPU time, and the JIT compiler row holds the rest",
                    n.observerMs(), n.jitMs(), n.observerCompileMs(), n.allCompileMs());
        }
        return null;
    }

    /** The derived roles' words, without the column's name. */
    private static String derivedWords(Note.RolesDerived n) {
        String every = n.periodNs() > 0 ? "sampled every " + period(n.periodNs())
                : "one periodic pass or none: default.jfc and profile.jfc sample every 10 s, so a recording this short"
                + " leaves most threads' time in the rest";
        return "task-clock by thread role derived from jdk.ThreadCPULoad (" + every
                + ", each load a share of " + n.cpus() + " CPUs): an estimate, not measured; the event covers Java threads"
                + " only (the application's, the JIT compilers', JFR's and the JVM's Java threads), so there is no GC row:"
                + " the GC's threads, the VM thread and JFR's sampler are in the rest, with each thread's time after its"
                + " last event and the JVM's before the recording (docs/counters.md)";
    }

    /** The words on a source of the role rows (docs/counters.md says more). */
    /** What the task-clock row above the roles leaves out, said wherever the roles' source is. */
    private static final String LESS_OBSERVER = "; the task-clock row leaves out the observer's rows (JFR's and perfstat's"
            + " threads, and the JIT on their code where recorded): task-clock:process is the whole process";

    private static String rolesFrom(String source) {
        if (source != null && source.startsWith(perfstat.format.CounterSource.PERF_EVENT_OPEN)) {
            return "task-clock by thread role from " + source + " (a thread started in the window counts in its"
                    + " starter's role unless schedstat saw it; docs/counters.md)" + LESS_OBSERVER;
        }
        return "task-clock by thread role from each thread's schedstat (ns) at every read; ended between reads: the"
                + " rest of the task-clock (docs/counters.md)" + LESS_OBSERVER;
    }

    /**
     * The notes' lines, where the notes on the role rows' source of several columns with the same source (or the same
     * derived estimate's words) become one line naming them all, at the first one's place.
     */
    private static List<String> merged(List<Note> notes) {
        java.util.Map<String, List<String>> columns = new java.util.LinkedHashMap<>();
        java.util.Map<String, List<String>> derived = new java.util.LinkedHashMap<>();
        for (Note n : notes) {
            if (n instanceof Note.RolesFrom r && r.column() != null) {
                columns.computeIfAbsent(r.source() == null ? "" : r.source(), k -> new java.util.ArrayList<>()).add(r.column());
            }
            if (n instanceof Note.RolesDerived d && d.column() != null) {
                derived.computeIfAbsent(derivedWords(d), k -> new java.util.ArrayList<>()).add(d.column());
            }
            if (n instanceof Note.MachineUnread m && m.column() != null && !m.column().isEmpty()) {
                derived.computeIfAbsent("machine: " + m.why(), k -> new java.util.ArrayList<>()).add(m.column());
            }
        }
        List<String> out = new java.util.ArrayList<>();
        java.util.Set<String> said = new java.util.HashSet<>();
        for (Note n : notes) {
            if (n instanceof Note.RolesFrom r && r.column() != null) {
                String source = r.source() == null ? "" : r.source();
                if (said.add(source)) {
                    out.add(String.join(", ", columns.get(source)) + ": " + rolesFrom(r.source()));
                }
            } else if (n instanceof Note.RolesDerived d && d.column() != null) {
                String words = derivedWords(d);
                if (said.add(words)) {
                    out.add(String.join(", ", derived.get(words)) + ": " + words);
                }
            } else if (n instanceof Note.MachineUnread m && m.column() != null && !m.column().isEmpty()) {
                String words = "machine: " + m.why(); // alike in every column of one machine: one line
                if (said.add(words)) {
                    out.add(String.join(", ", derived.get(words)) + ": " + words);
                }
            } else {
                out.add(of(n));
            }
        }
        return out;
    }
}

package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import perfstat.cli.stats.Gate;
import perfstat.cli.stats.Metric;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.Note;

/** The words of notes and of the gate's regressions are the render package's; stats hands over values. */
class NoteTextTest {
    /** One note of each kind. */
    private static final List<Note> EVERY_KIND = List.of(
            new Note.CountersFrom("a", "perf_event_open", ""), new Note.NotSupported("a", "cycles", "perf_event_open: ENOENT"),
            new Note.Window(true), new Note.Simulated("xfs_repair"), new Note.UnmatchedProbe("x.Y::z"),
            new Note.TimerCost("a", 52), new Note.NoGcEvents("a"),
            new Note.JdkRowsNotCounted("a", List.of(new Note.JdkRow("socket read (bytes)", "jdk.SocketRead"),
                    new Note.JdkRow("safepoints", "jdk.SafepointBegin"))),
            new Note.NoPerfstatEvents("a"), new Note.OneRecordingASide(), new Note.Deltas(0.99, 0.05, 25, 0.992),
            new Note.RankTestDisagrees(List.of("task-clock (msecs) (U test p=0.310)")),
            new Note.Overruled(List.of("task-clock (msecs)"), 0.01),
            new Note.PooledPercentile("X::y p50 (ns)", "b", 2.86, 0.386, -0.268, 1.626),
            new Note.FollowPrimary("fstime (KB/s)", List.of("write_calls")),
            new Note.Detectable("fstime (KB/s)", "patched", 0.061, -0.02, 0.038), new Note.BlockedAt("p.Q::r", "monitor", 3, Duration.ofMillis(12)),
            new Note.DeadFork("before", "x-1.died", ""), new Note.NotCompared("fstime fstime at 2 threads", List.of("a", "b")),
            new Note.SameRecording(), new Note.ObserverCheck(false), new Note.ObserverCheck(true),
            new Note.ObserverRows("t110", List.of(new perfstat.cli.stats.Row(new Metric("task-clock:application",
                    "application (msecs)", "ms", MetricId.Kind.COUNTER, 3, Metric.Better.LOWER),
                    List.of(perfstat.cli.stats.Value.of(1009.9), perfstat.cli.stats.Value.of(1107.6)), List.of(Double.NaN, 0.0967),
                    List.of(perfstat.cli.stats.Comment.NONE, perfstat.cli.stats.Comment.NONE)))), new Note.TargetExited("123", 5.04, 30),
            new Note.WindowStopped("SIGINT", 3.0, 0.5),
            new Note.EventsSkipped("a", List.of(new Note.Skip("jdk.ExecutionSample", Note.SkipCause.FRAME_WITHOUT_METHOD, "", 3),
                    new Note.Skip("perfstat.Probe", Note.SkipCause.MISSING_FIELD, "calls", 1))),
            new Note.AgentLosses("a", 1, 2, 3, 0, 1),
            new Note.SampleKind(List.of("jdk.CPUTimeSample")), new Note.NoSamples("a"),
            new Note.TimedCalls("Vfs::write", List.of("a", "b"), List.of(List.of(1200L, 1310L), List.of(8L)), 20, 1000),
            new Note.NotCountedOnOneSide("b", List.of("task-clock (msecs)")),
            new Note.RunsInGroups("fstime (KB/s)", "patched", 2, 3, 7), new Note.TimedCallsMinimum(20, 1000),
            new Note.SamplesOutsideWindow("a", 12, 488), new Note.SafepointBiased("a", 182, 203),
            new Note.UnmatchedProbeNear("Tok::next", List.of("com.example.Tok::next")),
            new Note.NotCountedInSomeRecordings("a", 3, List.of(new Note.MissingIn("JVM CPU load (% of machine)", 1))),
            new Note.NoRoleSplit("a", "no thread's /proc/self/task/TID/schedstat could be read"), new Note.RolesFrom(null, "procfs schedstat (ns)"),
            new Note.TimerCost("b", 48, 91), new Note.RunsInGroups("ended between reads (msecs)", "a", 2, 3, 9312),
            new Note.GcOnVmThread("serial"), new Note.RolesDerived("plain", 10_000_000_000L, 2),
            new Note.RolesDerived(null, 0, 2), new Note.JitObserver("a", 174.9, 139.2, 389.7, 489.6),
            new Note.SparseTiming("ObjectMapper::readValue", 1000, 1, 1, true),
            new Note.Unreadable("before", "x-2.jfr", "x-2.jfr is empty", 2), new Note.Look(10, 0.9895, 0.9869),
            new Note.LateWindow("a", 0, "from", "com.example.Work::run", 1234.5, false),
            new Note.SharedMachine("A", 3, 0.9, 2), new Note.WaitedForCpu("A", 3, 17.6, 7.3, 1.83, 2), new Note.MachineLoad(null, 0.12, 2, 0, 41.5, Double.NaN),
            new Note.MachineUnread("a", "no CPU frequency: /sys/devices/system/cpu/cpu*/cpufreq/scaling_cur_freq absent"),
            new Note.PerUnitOf("write", "the model counter write_calls, over the workload's whole run, warm-up included"),
            new Note.FewUnits("patched", 3, 2764, 1_664_943, "write"),
            new Note.WhatDiffers(List.of("GC"), List.of("a", "b"), List.of(java.util.Map.of("GC", "G1"), java.util.Map.of("GC", "Parallel"))),
            new Note.SidesDiffer("GC", List.of("a", "b"), List.of("G1", "Parallel"), List.of()),
            new Note.DiffersWithin("a", "GC", List.of("a1.jfr", "a2.jfr"), List.of("G1", "Parallel")),
            new Note.NotProbed("Huge::big", perfstat.format.NotProbed.CLASS_NOT_REWRITTEN, "MethodTooLargeException"),
            new Note.MergedOverloads("WordUtils::wrap", 3),
            new Note.DerivedFromLoad("task-clock (msecs)", List.of("b"), false, 25, 27),
            new Note.ObserverEventsLeftOut("a", 2, 1, 0.412, 3, 2.1),
            new Note.FixedDuration("time elapsed (msecs)", 0.04, "task-clock (msecs)", 6.5),
            new Note.StoppedComparison("SIGINT", 2, 1),
            new Note.CopiesDropped("dirA", 250, 50, "dirA/r051.jfr", "dirA/r001.jfr"),
            new Note.IterationRuns(new perfstat.cli.stats.Iterations.Side("a", java.util.Map.of(
                    perfstat.cli.stats.SteadyState.Kind.WARMUP, 4, perfstat.cli.stats.SteadyState.Kind.FLAT, 1), 5, 400, 38, 0.6,
                    1.2, 360, 5)),
            new Note.LevelChanges(new perfstat.cli.stats.Switches.Side("a", 10, 8, 7, 1, 2, 1,
                    java.util.Map.of("Bench::step (C2)", 5), 40, 3)),
            new Note.SpreadSource("time elapsed (msecs)", List.of(new perfstat.cli.stats.SpreadSources.Side("a", 5, 7.0,
                    Double.NaN, "", false, List.of("waited for a CPU (msecs) r=+0.91")))),
            new Note.RoundDrift("B", "A", "time elapsed (msecs)", 15, 0.93, List.of(new Note.RoundDrift.Stretch(6, 10, 1.9))),
            new Note.LooksLikeRounds(15), new Note.ScoreNotJudged("B", "Bench::step, steady (ms)", "time elapsed (msecs)", "A"),
            new Note.IterationCounts(List.of(new Note.IterationCounts.Step(600, new perfstat.cli.stats.IterationPlan(2400,
                    perfstat.cli.stats.IterationPlan.Reason.ITERATIONS_CHEAPER, 30.5, 0.4, 1757, 0.57), false, 5, 6),
                    new Note.IterationCounts.Step(2400, new perfstat.cli.stats.IterationPlan(2400,
                    perfstat.cli.stats.IterationPlan.Reason.BALANCED, 20.1, 1.1, 2100, 0.6), true, 6, 6)), 2400));

    /** A side whose median run shared the machine says how many of its runs did: not 'every run' where some did not. */
    @Test
    void aSideThatSharedTheMachineCountsItsRuns() {
        assertThat(NoteText.of(new Note.SharedMachine("A", -1, 0.94, 2, 15, 20)))
                .isEqualTo("15 of 20 runs of A shared the machine: 0.94 CPUs of 2 used by other processes (median)");
        assertThat(NoteText.of(new Note.SharedMachine("A", -1, 0.94, 2, 20, 20))).startsWith("every run of A shared");
    }

    @Test
    void aRunThatSharedTheMachineIsNamedWithItsNeighboursCpu() {
        assertThat(NoteText.of(new Note.SharedMachine("A", 3, 0.9, 2)))
                .isEqualTo("run 3 of A shared the machine: 0.90 CPUs of 2 used by other processes, much more than beside"
                        + " its side's other runs");
        assertThat(NoteText.of(new Note.SharedMachine(null, 0, 1.02, 2)))
                .isEqualTo("the run shared the machine: 1.02 CPUs of 2 used by other processes");
    }

    @Test
    void biasedSamplesAreCountedAndTheirRowNamed() {
        assertThat(NoteText.of(new Note.SafepointBiased("a", 182, 203))).isEqualTo("a: 182 of the 203 CPU-time samples (89.7%)"
                + " were taken at their thread's next safepoint, not where it was (JFR's biased); each counts as self of the"
                + " method at that safepoint, mostly where the time went or its caller (with --timing exact on a small hot"
                + " method, the probed method's caller, where each timed exit's clock read returns)");
    }

    @Test
    void aLateWindowSaysWhereItOpenedOrThatItNeverDid() {
        assertThat(NoteText.of(new Note.LateWindow("a", 0, "from", "com.example.Work::run", 1234.5, false)))
                .isEqualTo("a: window: counters, probes, hot methods and the JDK's rows from the first call of"
                        + " com.example.Work::run, 1.235 s after the agent's start (--from com.example.Work::run), to the JVM's exit");
        assertThat(NoteText.of(new Note.LateWindow(null, 0, "from", "com.example.Work::run", Double.NaN, false)))
                .startsWith("the window never opened (--from com.example.Work::run): com.example.Work::run was never called;"
                        + " the counts are the whole run's");
        assertThat(NoteText.of(new Note.LateWindow("b", 2, "delay", "5000ms", Double.NaN, false)))
                .startsWith("b run 2: the window never opened (--delay 5000ms): the JVM exited before the delay ran out");
    }

    @Test
    void comparabilityNotesNameEachSideAndTheRowsNotJudged() {
        assertThat(NoteText.of(new Note.WhatDiffers(List.of("GC", "JFR settings"), List.of("a", "b"), List.of(java.util.Map.of(),
                java.util.Map.of())))).isEqualTo("what differs: GC, JFR settings");
        assertThat(NoteText.of(new Note.SidesDiffer("GC", List.of("A", "B"), List.of("G1", "Parallel"), List.of())))
                .isEqualTo("GC differs: A: G1, B: Parallel");
        assertThat(NoteText.of(new Note.SidesDiffer("perfstat options", List.of("A", "B"), List.of("probes=x", ""), List.of())))
                .isEqualTo("perfstat options differ: A: probes=x, B: not set");
        assertThat(NoteText.of(new Note.SidesDiffer("jdk.JavaMonitorEnter", List.of("A", "B"), List.of("threshold 10 ms",
                "threshold 20 ms"), List.of("monitor blocks", "monitor blocked (msecs)"))))
                .isEqualTo("JFR settings of jdk.JavaMonitorEnter differ: A: threshold 10 ms, B: threshold 20 ms; so monitor blocks,"
                        + " monitor blocked (msecs) are not comparable: not judged (?)");
        assertThat(NoteText.of(new Note.DiffersWithin("A", "GC", List.of("a1.jfr", "a2.jfr"), List.of("G1", "Parallel"))))
                .isEqualTo("A's recordings differ in GC: a1.jfr: G1, a2.jfr: Parallel");
    }

    @Test
    void derivedRolesOfColumnsAlikeAreOneLine() {
        List<String> lines = NoteText.lines(List.of(new Note.RolesDerived("a", 10_000_000_000L, 2),
                new Note.RolesDerived("b", 10_000_000_000L, 2), new Note.RolesDerived("c", 0, 2)));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("a, b: task-clock by thread role derived from jdk.ThreadCPULoad (sampled every 10 s");
        assertThat(lines.get(1)).startsWith("c: ").contains("one periodic pass or none");
    }

    @Test
    void everyKindOfNoteHasItsWords() {
        assertThat(EVERY_KIND.stream().map(Object::getClass).distinct().count())
                .isEqualTo(Arrays.stream(Note.class.getPermittedSubclasses()).count());
        for (Note n : EVERY_KIND) {
            assertThat(NoteText.of(n)).as(n.toString()).isNotBlank().doesNotContain("null");
        }
    }

    @Test
    void notesReadAsTheFooterPrintsThem() {
        assertThat(NoteText.of(new Note.PooledPercentile("X::y p50 (ns)", "b", 2.86, 0.386, -0.268, 1.626)))
                .isEqualTo("X::y p50 (ns), b: its columns are the percentile of each side's timed calls pooled (+286.0% between"
                        + " them), its change compares the recordings' own percentiles (+38.6% [-26.8%, +162.6%]): the recordings"
                        + " differ among themselves more than the pooled values show; read the change");
        assertThat(NoteText.of(new Note.Overruled(List.of("task-clock (msecs)", "JIT compiler (msecs)"), 0.01)))
                .startsWith("~ [...] lead: the row's own interval leaves out 0").contains("error rate of 0.01")
                .endsWith(": task-clock (msecs), JIT compiler (msecs)");
        assertThat(NoteText.of(new Note.CountersFrom("unpatched", "perf_event_open", ""))).isEqualTo("unpatched: counters from perf_event_open");
        assertThat(NoteText.of(new Note.CountersFrom(null, "procfs", "no perf_event_open"))).isEqualTo("counters from procfs: no perf_event_open");
        assertThat(NoteText.of(new Note.Window(false))).doesNotContain("score");
        assertThat(NoteText.of(new Note.Deltas(0.99, 0.05, 25, 0.992))).isEqualTo("deltas: B/A [99% interval; 99.2% for the"
                + " answer's row, which is judged on its own], one value a run; ~ no change shown, = shown within +-5%, ? too few runs,"
                + " 25 other rows as a family (q: Benjamini-Hochberg): docs/statistics.md");
        assertThat(NoteText.of(new Note.Detectable("fstime (KB/s)", "patched", 0.061, -0.02, 0.038))).isEqualTo("patched:"
                + " these runs would find a change of fstime (KB/s) by 6.1% or more (80% power); no change shown, and a fall"
                + " beyond -2.0% or a rise beyond +3.8% is ruled out");
        assertThat(NoteText.of(EVERY_KIND.get(7))).isEqualTo("a: <not counted>, as the recording has none of their events"
                + " (not enabled, or a counter of the JVM's not sampled yet): socket read (bytes) (jdk.SocketRead), safepoints (jdk.SafepointBegin)");
        assertThat(NoteText.of(new Note.RunsInGroups("x", "a", 2, 3, 9312))).contains("too small against this spread")
                .doesNotContain("9312");
        assertThat(NoteText.of(new Note.TimerCost("b", 48, 91))).contains("about 48 to 91 ns together by recording");
        assertThat(NoteText.of(new Note.TimerCost("b", 52))).endsWith("about 52 ns together)");
        assertThat(NoteText.of(new Note.BlockedAt("p.Q::r", "monitor", 3, Duration.ofMillis(12))))
                .isEqualTo("blocked at p.Q::r (monitor): 3 times, 12.000 ms");
        assertThat(NoteText.of(new Note.DeadFork("before", "x-1.died", "exit 137"))).isEqualTo("before: exit 137");
        assertThat(NoteText.of(new Note.DeadFork("before", "x-1.died", ""))).isEqualTo("before: x-1.died");
        assertThat(NoteText.of(new Note.Unreadable("before", "x-2.jfr", "x-2.jfr is empty", 2)))
                .isEqualTo("before: x-2.jfr left out, as perfstat cannot read it (x-2.jfr is empty); 2 recordings of it read");
        assertThat(NoteText.of(new Note.TargetExited("123", 5.04, 30))).isEqualTo("the target (pid 123) exited at t = 5.0 s"
                + " into the 30 s window: the table covers the window up to its exit");
        assertThat(NoteText.of(new Note.WindowStopped("SIGINT", 3.0, 0.5))).isEqualTo("SIGINT ended the window at t = 3.0 s"
                + " of 0.5 s: the table covers the window up to then");
        assertThat(NoteText.of(EVERY_KIND.get(22))).isEqualTo("observer check, t110: application (msecs) 1009.900 without"
                + " probes, 1107.600 with +9.67%");
        assertThat(NoteText.of(EVERY_KIND.get(25))).isEqualTo("a: events perfstat could not use, left out of the table:"
                + " 3 jdk.ExecutionSample (a stack frame without a method), 1 perfstat.Probe (no field calls)");
        assertThat(NoteText.of(EVERY_KIND.get(26))).isEqualTo("a: the agent counted 1 class the probe installer failed to"
                + " transform (not probed); 2 classes whose class loader cannot see perfstat's probes (not probed); 3 methods"
                + " past the limit of probes (not probed); 1 counter read that failed (an interval's row lost each)");
    }

    /** A side without the probe has no timed calls to count: {@code <not counted>} there, as everywhere, never {@code -}. */
    @Test
    void timedCallsOfASideWithoutTheProbeAreNotCounted() {
        assertThat(NoteText.of(new Note.TimedCalls("Vfs::write", List.of("a", "b"), List.of(List.of(1200L, 1310L), List.of()),
                20, 1000))).isEqualTo("Vfs::write: latency percentiles rest on 1200-1310 | <not counted> timed calls a recording"
                + " (a | b)");
    }

    @Test
    void aViolationReadsAsTheGateReportsIt() {
        Metric score = new Metric(new MetricId(MetricId.Kind.SCORE, "", MetricId.Statistic.MEAN, "KB/s"), "score",
                "fstime (KB/s)", 2, Metric.Better.HIGHER);
        assertThat(ViolationText.of(new Gate.Violation(Gate.Violation.Kind.BEYOND_RULE, score, "unpatched", "patched",
                -0.0967, 0.023, -0.05, -0.141, -0.062))).isEqualTo("fstime (KB/s) -9.67% [-14.1%, -6.2%] in unpatched against"
                + " patched, beyond -5.0%");
        assertThat(ViolationText.of(new Gate.Violation(Gate.Violation.Kind.WORSE_THAN_THRESHOLD, score, "b", "a",
                -0.0967, 0.023, 0.05, Double.NaN, Double.NaN))).isEqualTo("fstime (KB/s) -9.67% in b against a, worse by more"
                + " than 5.0%");
    }
}

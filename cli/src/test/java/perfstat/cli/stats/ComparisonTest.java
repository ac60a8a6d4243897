package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/**
 * {@link Comparison} on the committed recordings of fstime (unpatched and patched, one run of
 * 10 s each), taken as samples: each side several copies of one recording (samples that do
 * not vary), or a mix of both (samples that overlap), or one recording a side (the score's
 * intervals as its samples).
 */
class ComparisonTest {
    private static final String VFS_WRITE = "perfstat.models.writepath.Vfs::write";
    private static RunData unpatched;
    private static RunData patched;

    @BeforeAll
    static void read() {
        unpatched = RecordingReader.read("../recordings/fstime-unpatched.jfr");
        patched = RecordingReader.read("../recordings/fstime-patched.jfr");
    }

    private static Row row(Table t, MetricId id) {
        return t.rows().stream().filter(r -> r.metric().id().equals(id)).findFirst().orElseThrow();
    }

    private static MetricId counter(String event, String unit) {
        return new MetricId(MetricId.Kind.COUNTER, event, MetricId.Statistic.TOTAL, unit);
    }

    private static MetricId score() {
        return new MetricId(MetricId.Kind.SCORE, "", MetricId.Statistic.MEAN, "KB/s");
    }

    private static MetricId probe(MetricId.Statistic s) {
        return new MetricId(MetricId.Kind.PROBE, VFS_WRITE, s, s.isPercentile() ? "ns" : "count");
    }

    private static double value(RunData run, MetricId id) {
        return Measurements.of(run).get(id).value().value();
    }

    @Test
    void fourRunsASideThatDoNotOverlapAreSignificantWithTheDeltaOfTheMeans() {
        Table t = Comparison.ofColumns(List.of(Collections.nCopies(4, unpatched), Collections.nCopies(4, patched)));
        Row score = row(t, score());
        double a = value(unpatched, score());
        double b = value(patched, score());
        assertThat(score.values().get(0).value()).isEqualTo(a);
        assertThat(score.values().get(1).samples()).isEqualTo(4);
        assertThat(score.deltas().get(1)).isCloseTo((b - a) / a, within(1e-12));
        assertThat(score.tests().get(0)).isNull();
        Significance s = score.tests().get(1);
        assertThat(s.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(s.pValue()).isLessThan(0.05); // samples tied within a side: the U test's normal approximation
        assertThat(s.nA()).isEqualTo(4);
        assertThat(score.comments()).containsExactly(new Comment.MeanOfRuns(4), new Comment.MeanOfRuns(4));
        // a percentile of several runs is read from their merged histogram
        assertThat(row(t, probe(MetricId.Statistic.P99)).comments().get(1)).isEqualTo(new Comment.MergedHistograms(4));
        assertThat(row(t, probe(MetricId.Statistic.CALLS)).comments().get(1)).isEqualTo(new Comment.MeanOfRuns(4));
        // the summary: the score's ratio, the moves by their metric's direction
        Summary sum = t.summary().get(0);
        assertThat(sum.byScore()).isTrue();
        assertThat(sum.geomeanRatio()).isCloseTo(b / a - 1, within(1e-12));
        // the headline is the score's judged change; then the largest other significant moves, at most five, each by its
        // metric's direction; max rows never
        assertThat(sum.headline().metric().id()).isEqualTo(score());
        assertThat(sum.headline().verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(sum.headline().delta()).isCloseTo(b / a - 1, within(1e-12));
        List<Summary.Move> moves = new java.util.ArrayList<>(sum.better());
        moves.addAll(sum.worse());
        assertThat(sum.changed()).allSatisfy(m -> assertThat(m.metric().better()).isEqualTo(Metric.Better.NEITHER));
        assertThat(moves.size() + sum.changed().size()).isEqualTo(Summary.MOST_MOVES);
        assertThat(sum.more()).isPositive();
        assertThat(sum.better()).allSatisfy(m -> assertThat(m.delta() > 0).isEqualTo(m.metric().better() == Metric.Better.HIGHER));
        assertThat(sum.worse()).allSatisfy(m -> assertThat(m.delta() > 0).isEqualTo(m.metric().better() == Metric.Better.LOWER));
        assertThat(moves).extracting(m -> m.metric().id()).doesNotContain(score(), probe(MetricId.Statistic.CALLS), // no direction
                probe(MetricId.Statistic.MAX));
        moves.addAll(sum.changed());
        double smallest = moves.stream().mapToDouble(m -> Math.abs(m.delta())).min().orElseThrow();
        long larger = t.rows().stream().filter(r -> r.tests().get(1) != null
                && r.tests().get(1).verdict() == Significance.Verdict.SIGNIFICANT && !r.metric().id().equals(score())
                && r.metric().id().statistic() != MetricId.Statistic.MAX && Math.abs(r.deltas().get(1)) > smallest).count();
        assertThat(larger).isLessThan(Summary.MOST_MOVES); // the five listed are the largest
        assertThat(t.notes()).hasAtLeastOneElementOfType(Note.Deltas.class).doesNotContain(new Note.OneRecordingASide());
    }

    @Test
    void samplesThatOverlapAreNotSignificantAndEqualMeansHaveNoChange() {
        Table t = Comparison.ofColumns(List.of(List.of(unpatched, patched, unpatched, patched),
                List.of(patched, unpatched, patched, unpatched)));
        Row score = row(t, score());
        assertThat(score.tests().get(1).verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT);
        assertThat(score.tests().get(1).pValue()).isGreaterThan(0.05);
        assertThat(score.deltas().get(1)).isCloseTo(0, within(1e-12));
        assertThat(t.summary().get(0).better()).isEmpty();
        assertThat(t.summary().get(0).worse()).isEmpty();
    }

    @Test
    void threeRunsASideDecideWhereTheUTestCouldNot() {
        Table t = Comparison.ofColumns(List.of(Collections.nCopies(3, unpatched), Collections.nCopies(3, patched)));
        Row score = row(t, score());
        assertThat(score.tests().get(1).verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT); // no floor under 3 runs
        assertThat(score.tests().get(1).judgement().family()).isEqualTo(Significance.Family.PRIMARY);
        assertThat(score.deltas().get(1)).isPositive();
    }

    @Test
    void oneRecordingASideTakesTheScoresIntervalsAndGivesTheOtherRowsNoVerdict() {
        Table t = Comparison.of(List.of(unpatched, patched));
        Row score = row(t, score());
        assertThat(score.spreads().get(0).fromIntervals()).isTrue();
        assertThat(score.spreads().get(0).n()).isEqualTo(unpatched.intervalScores().size()).isGreaterThan(4);
        assertThat(score.tests().get(1).verdict()).isEqualTo(Significance.Verdict.TOO_FEW); // intervals are not runs
        Row clock = row(t, counter("task-clock", "ms"));
        assertThat(clock.tests().get(1).verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
        assertThat(clock.tests().get(1).reason()).isEqualTo(new Significance.Reason.OneSampleASide());
        // not supported on either side: no delta, no test
        Row cycles = row(t, counter("cycles", "count"));
        assertThat(cycles.values().get(0).status()).isEqualTo(Value.Status.NOT_SUPPORTED);
        assertThat(cycles.deltas().get(1)).isNaN();
        assertThat(cycles.tests().get(1)).isNull();
        assertThat(t.notes()).contains(new Note.OneRecordingASide(), new Note.Deltas(0.95, 0.05, 0, Double.NaN),
                new Note.Window(true), new Note.CountersFrom("unpatched", "perf_event_open", ""));
        assertThat(t.notes()).doesNotHaveDuplicates(); // the window's note, the same for both sides, once
    }

    @Test
    void aRecordingAgainstItselfHasNoChangeAndNothingSignificant() {
        Table t = Comparison.of(List.of(unpatched, unpatched));
        for (Row r : t.rows()) {
            if (r.values().get(0).measured() && r.values().get(0).value() != 0) {
                assertThat(r.deltas().get(1)).as(r.metric().key()).isZero();
            }
            Significance s = r.tests().get(1);
            assertThat(s == null || s.verdict() != Significance.Verdict.SIGNIFICANT).as(r.metric().key()).isTrue();
        }
        assertThat(row(t, score()).tests().get(1).verdict()).isEqualTo(Significance.Verdict.TOO_FEW); // one run a side
    }

    @Test
    void rowsAreInBlocksByKindTimeElapsedLastAndProbesNamedInFull() {
        Table t = Comparison.of(List.of(unpatched, patched));
        List<MetricId.Kind> kinds = t.rows().stream().map(r -> r.metric().kind()).distinct().toList();
        assertThat(kinds).containsExactly(MetricId.Kind.COUNTER, MetricId.Kind.SCORE, MetricId.Kind.MODEL_COUNTER,
                MetricId.Kind.PROBE, MetricId.Kind.JDK, MetricId.Kind.TIME);
        Row p99 = row(t, probe(MetricId.Statistic.P99));
        assertThat(p99.metric().key()).isEqualTo("probe:Vfs::write:p99");
        assertThat(p99.metric().label()).isEqualTo("Vfs::write p99 (ns)");
        assertThat(p99.metric().better()).isEqualTo(Metric.Better.LOWER);
        assertThat(t.curves()).extracting(PercentileCurve::probe).containsExactly("Vfs::write");
    }

    @Test
    void shortNamesKeepThePackageOnlyWhereTwoWouldPrintAlike() {
        Map<String, String> names = MethodNames.shortNames(List.of("a.A::write", "b.A::write", "c.B::write", "C$D::run"));
        assertThat(names).containsExactly(Map.entry("a.A::write", "a.A::write"), Map.entry("b.A::write", "b.A::write"),
                Map.entry("c.B::write", "B::write"), Map.entry("C$D::run", "C$D::run"));
        assertThat(MethodNames.shortNames(List.of("x.y.Outer$Inner::m(java.lang.String)")).values())
                .containsExactly("Outer$Inner::m(java.lang.String)");
    }

    private static Significance test(double p) {
        return new Significance("U", p, 0.1, 0.1, Double.NaN, Double.NaN, 0.95,
                p < 0.05 ? Significance.Verdict.SIGNIFICANT : Significance.Verdict.NOT_SIGNIFICANT, "", 5, 5);
    }

    @Test
    void oneRowAtPBelowAlphaAmongManyAtNoiseIsNotADiscoveryButAClearMoveIs() {
        Metric m = new Metric("page-faults", "page-faults", "count", MetricId.Kind.COUNTER, 0, Metric.Better.LOWER);
        List<Row> rows = new java.util.ArrayList<>();
        for (double p : new double[] {0.03, 0.004}) {
            rows.add(new Row(m, List.of(Value.of(1), Value.of(2)), List.of(Double.NaN, 1.0), List.of(Comment.NONE, Comment.NONE),
                    Collections.nCopies(2, null), java.util.Arrays.asList(null, test(p))));
        }
        for (int i = 0; i < 18; i++) {
            rows.add(new Row(m, List.of(Value.of(1), Value.of(1)), List.of(Double.NaN, 0.0), List.of(Comment.NONE, Comment.NONE),
                    Collections.nCopies(2, null), java.util.Arrays.asList(null, test(0.5 + i / 40.0))));
        }
        List<Row> out = Families.judge(rows, 2, Comparison.Options.DEFAULT.setting());
        // 0.004 * 20 / 1 = 0.08 and 0.03 * 20 / 2 = 0.3: neither below 0.05 after the control, both before it
        assertThat(out.get(1).qValues().get(1)).isCloseTo(0.08, within(1e-12));
        assertThat(out.get(0).qValues().get(1)).isCloseTo(0.3, within(1e-12));
        assertThat(out).allSatisfy(r -> assertThat(r.tests().get(1).verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT));
        assertThat(out.get(0).tests().get(1).pValue()).isEqualTo(0.03); // the raw p stays
        // alone in its table, p = 0.004 stays a discovery
        assertThat(Families.judge(rows.subList(1, 2), 2, Comparison.Options.DEFAULT.setting()).get(0).tests().get(1)
                .verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
    }

    @Test
    void aLatencyPercentileOnTooFewTimedCallsIsUndecided() {
        Metric p50 = new Metric(probe(MetricId.Statistic.P50), "probe:x:p50", "x p50 (ns)", 0, Metric.Better.LOWER);
        Metric p99 = new Metric(probe(MetricId.Statistic.P99), "probe:x:p99", "x p99 (ns)", 0, Metric.Better.LOWER);
        Significance s = test(0.01);
        assertThat(Comparison.tooFewTimedCalls(s, p50, List.of(5000L, 20L), List.of(30L))).isSameAs(s);
        Significance few = Comparison.tooFewTimedCalls(s, p50, List.of(5000L, 19L), List.of(30L));
        assertThat(few.verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
        assertThat(few.pValue()).isNaN();
        assertThat(Comparison.tooFewTimedCalls(s, p99, List.of(999L), List.of(5000L)).verdict())
                .isEqualTo(Significance.Verdict.TOO_FEW);
        assertThat(Comparison.minimumTimedCalls(MetricId.Statistic.MAX)).isEqualTo(1000);
        // the fstime recordings time millions of calls: judged
        Table t = Comparison.ofColumns(List.of(Collections.nCopies(4, unpatched), Collections.nCopies(4, patched)));
        assertThat(row(t, probe(MetricId.Statistic.P99)).timedCalls().get(0)).hasSize(4)
                .allSatisfy(n -> assertThat(n).isGreaterThan(1000));
        assertThat(t.notes()).hasAtLeastOneElementOfType(Note.TimedCalls.class).hasAtLeastOneElementOfType(Note.Deltas.class);
    }

    @Test
    void runsThatFallIntoTwoGroupsAreToldFromOneSpreadOfRuns() {
        assertThat(new Spread(new double[] {5.03, 5.01, 4.40, 5.02, 4.41}, false).groups()).isEqualTo(2);
        assertThat(new Spread(new double[] {5.03, 5.01, 4.90, 5.02, 4.81}, false).groups()).isZero(); // one spread
        assertThat(new Spread(new double[] {5.03, 5.01, 4.40, 4.41}, false).groups()).isZero(); // too few runs to tell
        assertThat(new Spread(new double[] {5.03, 5.01, 4.40, 5.02, 4.41}, true).groups()).isZero(); // intervals, not runs
        assertThat(new Spread(new double[] {60, 60, 70, 60, 70}, false).groups()).isZero(); // a histogram's buckets
        Spread a = new Spread(new double[] {10, 11, 9, 10, 10}, false);
        Spread b = new Spread(new double[] {10.5, 11.5, 9.5, 10.5, 10.5}, false);
        // sd 0.71 a side, change 0.5: n = 2 (1.96 + 0.84)^2 0.5 / 0.25 = 31.4, so 32 a side, 27 more
        assertThat(Comparison.moreRuns(a, b, 0.95)).isEqualTo(27);
        assertThat(Comparison.moreRuns(a, a, 0.95)).isEqualTo(-1);
    }

    /** The recording with a JVM CPU load of {@code load} (a fraction of the machine), as a run with jdk.CPULoad samples. */
    private static RunData withCpuLoad(RunData r, double load) {
        RunData.JdkSummary j = r.jdk();
        return r.withJdk(j.withMeanJvmCpuLoad(load));
    }

    /** The recording with GC pauses of {@code pause} in all. */
    private static RunData withGcPause(RunData r, java.time.Duration pause) {
        RunData.JdkSummary j = r.jdk();
        return r.withJdk(j.withGc(j.gcCount(), pause));
    }

    /** A significant move from 0 has no percentage: it ranks before every finite move, so the summary lists it. */
    @Test
    void aSignificantMoveFromZeroIsInTheSummary() {
        MetricId gc = new MetricId(MetricId.Kind.JDK, "gc-pause", MetricId.Statistic.TOTAL, "ms");
        RunData a = withGcPause(unpatched, java.time.Duration.ZERO);
        RunData b = withGcPause(patched, java.time.Duration.ofMillis(335));
        Table t = Comparison.ofColumns(List.of(Collections.nCopies(4, a), Collections.nCopies(4, b)));
        Row r = row(t, gc);
        assertThat(r.deltas().get(1)).isNaN();
        assertThat(r.tests().get(1).verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        Summary sum = t.summary().get(0);
        assertThat(sum.more()).isPositive(); // more than five significant moves: the one from 0 is listed first
        assertThat(sum.worse().get(0).metric().id()).isEqualTo(gc);
        assertThat(sum.worse().get(0).delta()).isInfinite().isPositive();
        java.io.StringWriter w = new java.io.StringWriter();
        perfstat.cli.render.OutputFormat.TABLE.render(t, new java.io.PrintWriter(w));
        assertThat(w.toString()).contains("worse: GC pauses (msecs) from 0");
    }

    @Test
    void aRowOnlySomeRecordingsOfASideHaveIsNotCountedThereWithOneNote() {
        MetricId load = new MetricId(MetricId.Kind.JDK, "jvm-cpu-load", MetricId.Statistic.MEAN, "%");
        // each side: one recording with jdk.CPULoad samples, one without (a run shorter than the event's period)
        RunData none = withCpuLoad(unpatched, Double.NaN);
        Table t = Comparison.ofColumns(List.of(List.of(withCpuLoad(unpatched, 0.5), none),
                List.of(none, withCpuLoad(patched, 0.25), none)), List.of("a", "b"), Comparison.Options.DEFAULT);
        Row r = row(t, load);
        assertThat(r.values()).allSatisfy(v -> assertThat(v.status()).isEqualTo(Value.Status.NOT_COUNTED));
        assertThat(r.tests()).containsOnlyNulls(); // never a p without a delta
        assertThat(r.deltas().get(1)).isNaN();
        assertThat(t.notes()).contains(
                new Note.NotCountedInSomeRecordings("a", 2, List.of(new Note.MissingIn("JVM CPU load (% of machine)", 1))),
                new Note.NotCountedInSomeRecordings("b", 3, List.of(new Note.MissingIn("JVM CPU load (% of machine)", 2))));
        // one note a row and a side: not also the note of rows missing on a whole side
        assertThat(t.notes()).noneMatch(n -> n instanceof Note.NotCountedOnOneSide);
        // missing on every recording of one side, measured on the other's: the note of rows missing on a side
        Table one = Comparison.ofColumns(List.of(List.of(none, none), List.of(withCpuLoad(patched, 0.25), withCpuLoad(patched, 0.25))),
                List.of("a", "b"), Comparison.Options.DEFAULT);
        assertThat(row(one, load).values().get(0).status()).isEqualTo(Value.Status.NOT_COUNTED);
        assertThat(one.notes()).contains(new Note.NotCountedOnOneSide("a", List.of("JVM CPU load (% of machine)")));
    }

    /** A plain recording of {@code spanMs} whose jdk.CPULoad gives {@code cpuMs} of task-clock. */
    private static RunData timed(String file, double spanMs, double cpuMs) {
        RunData.JdkSummary j = RunData.JdkSummary.NONE.withSpan(java.time.Duration.ofNanos((long) (spanMs * 1e6)))
                .withDerivedCpu(cpuMs * 1e6, java.time.Duration.ofNanos((long) (spanMs * 1e6)), 1.0);
        return RunData.of(file).withJdk(j).withProgram("FixedTime");
    }

    /**
     * A program that runs for a fixed time: time elapsed, the primary measure, is equal by design and judged "=", which a
     * user read as "no change"; a note says why it cannot tell, and points to the program's own score.
     */
    @Test
    void aFixedDurationProgramsEqualTimesAreSaid() {
        double[] spans = {10_000, 10_004, 9_998, 10_002};
        double[] cpu = {2_000, 2_200, 1_900, 2_100}; // SD 129 of 2050: 6.3%
        List<RunData> a = new java.util.ArrayList<>();
        List<RunData> b = new java.util.ArrayList<>();
        for (int i = 0; i < spans.length; i++) {
            a.add(timed("/a/r" + i + ".jfr", spans[i], cpu[i]));
            b.add(timed("/b/r" + i + ".jfr", spans[(i + 1) % 4], 0.8 * cpu[(i + 2) % 4]));
        }
        Table t = Comparison.ofColumns(List.of(a, b), List.of("a", "b"), Comparison.Options.DEFAULT);
        Note fixed = t.notes().stream().filter(n -> n instanceof Note.FixedDuration).findFirst().orElseThrow();
        assertThat(perfstat.cli.render.NoteText.of(fixed)).startsWith("time elapsed (msecs) is the same on every run (within +-0.03%)"
                + " while task-clock (msecs) varies +-6.3%: the program runs for a fixed time").contains("--score REGEX");
        // a program whose time varies as its work does: no such note
        List<RunData> c = new java.util.ArrayList<>();
        for (int i = 0; i < spans.length; i++) {
            c.add(timed("/c/r" + i + ".jfr", 5 * cpu[i], cpu[i]));
        }
        Table steady = Comparison.ofColumns(List.of(a, c), List.of("a", "c"), Comparison.Options.DEFAULT);
        assertThat(steady.notes()).noneMatch(n -> n instanceof Note.FixedDuration);
    }

    /** A recording of no model: {@code r}'s counters under another file name, naming {@code program}. */
    private static RunData ofProgram(RunData r, String file, String program) {
        return RunData.of(file).withCounters(r.countersStart(), r.countersEnd()).withProbes(r.probes())
                .withAgent(r.agentOptions(), r.timerOverheadNs()).withJdk(r.jdk()).withPerfCounters(r.perfCounters())
                .withPerThread(r.perThread())
                .withCounterWindow(r.counterWindow()).withProbePatterns(r.probePatterns()).withLosses(r.losses())
                .withProgram(program);
    }

    @Test
    void theTitleNamesTheProgramElseTheFilesCommonName() {
        Table t = Comparison.ofColumns(List.of(List.of(ofProgram(unpatched, "/d/tok.1.jfr", "com.example.Tok"),
                ofProgram(unpatched, "/d/tok.3.jfr", "com.example.Tok")), List.of(ofProgram(patched, "/e/tok.2.jfr", "com.example.Tok"))));
        assertThat(t.title().subject()).isEqualTo("com.example.Tok");
        assertThat(Comparison.of(List.of(ofProgram(unpatched, "/d/a.jfr", "a.jar"), ofProgram(patched, "/d/b.jfr", "b.jar")))
                .title().subject()).isEqualTo("a.jar | b.jar");
        // a recording that names no program: the files' common name, never a directory
        assertThat(Comparison.of(List.of(ofProgram(unpatched, "/d/tok.1.jfr", ""), ofProgram(patched, "/d/tok.2.jfr", "x.jar")))
                .title().subject()).isEqualTo("tok");
    }

    @Test
    void theCommonNameLeavesOutTheRunNumberButNotAVersion() {
        assertThat(Comparison.commonName(List.of("d/tok.1.jfr", "d/tok.3.jfr"))).isEqualTo("tok");
        assertThat(Comparison.commonName(List.of("d/tok.10.jfr", "d/tok.11.jfr"))).isEqualTo("tok");
        assertThat(Comparison.commonName(List.of("d/codec-1.11.1.jfr", "d/codec-1.11.2.jfr", "d/codec-1.11.4.jfr")))
                .isEqualTo("codec-1.11");
        assertThat(Comparison.commonName(List.of("a/index1.jfr", "a/index2.jfr"))).isEqualTo("index");
        assertThat(Comparison.commonName(List.of("d/tok-1.2.jfr"))).isEqualTo("tok-1.2");
        assertThat(Comparison.commonName(List.of("d/a.jfr", "d/b.jfr"))).isEmpty();
    }

    /** One side's runs: each run's probe timed 100 calls, every one at that run's latency. */
    private static List<RunData> runsAt(long... latencyNs) {
        RunData.Probe p = unpatched.probes().get(VFS_WRITE);
        List<RunData> out = new java.util.ArrayList<>();
        for (long ns : latencyNs) {
            org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
            h.recordValueWithCount(ns, 100);
            java.util.TreeMap<String, RunData.Probe> probes = new java.util.TreeMap<>(unpatched.probes());
            probes.put(VFS_WRITE, new RunData.Probe(p.name(), 100, 100, "exact", 1, h));
            out.add(unpatched.withProbes(probes));
        }
        return out;
    }

    /**
     * A percentile's columns pool each side's timed calls; its change compares the runs' own percentiles. Runs of two
     * kinds (fast and slow) put the pooled p50 of a side wherever the kinds balance, far from the runs' change: said.
     */
    @Test
    void aPooledPercentileOutsideItsChangesIntervalIsSaid() {
        List<RunData> a = runsAt(1000, 1000, 1000, 50000, 50000);
        List<RunData> b = runsAt(1000, 1000, 50000, 50000, 50000);
        Table t = Comparison.ofColumns(List.of(a, b), List.of("a", "b"), Comparison.Options.DEFAULT);
        Row p50 = row(t, probe(MetricId.Statistic.P50));
        assertThat(p50.values().get(0).value()).isCloseTo(1000, within(10.0)); // 300 of 500 calls at 1000
        assertThat(p50.values().get(1).value()).isCloseTo(50000, within(100.0)); // 300 of 500 at 50000
        assertThat(t.notes()).anySatisfy(n -> assertThat(n).isInstanceOfSatisfying(Note.PooledPercentile.class,
                x -> assertThat(x.pooled()).isGreaterThan(x.high())));
        // runs alike: the pooled change and the runs' agree, nothing said
        Table alike = Comparison.ofColumns(List.of(runsAt(1000, 1010, 990), runsAt(2000, 2020, 1980)), List.of("a", "b"),
                Comparison.Options.DEFAULT);
        assertThat(alike.notes()).noneMatch(n -> n instanceof Note.PooledPercentile);
    }

    @Test
    void aProbeCalledButNeverTimedHasItsPercentilesNotCountedAndUndecidedWithTheCount() {
        RunData.Probe p = unpatched.probes().get(VFS_WRITE);
        java.util.TreeMap<String, RunData.Probe> untimed = new java.util.TreeMap<>(unpatched.probes());
        untimed.put(VFS_WRITE, new RunData.Probe(p.name(), 8, 0, "sampled", p.sampleMeanGap(),
                new org.HdrHistogram.Histogram(3)));
        RunData u = unpatched.withProbes(untimed);
        assertThat(Measurements.of(u).get(probe(MetricId.Statistic.P50)).value().status()).isEqualTo(Value.Status.NOT_COUNTED);
        Table t = Comparison.ofColumns(List.of(List.of(u, u), List.of(u, u)));
        Row p50 = row(t, probe(MetricId.Statistic.P50));
        assertThat(p50.fewestTimedCalls(1)).isZero(); // the renderer's "? (0 timed calls < 20)"
        assertThat(p50.tests().get(1)).isNull();
        // timed in one recording of a side, not in the other: not counted there, one entry for the three percentiles
        Table some = Comparison.ofColumns(List.of(List.of(u, unpatched), List.of(patched, patched)), List.of("a", "b"),
                Comparison.Options.DEFAULT);
        assertThat(row(some, probe(MetricId.Statistic.P99)).values().get(0).status()).isEqualTo(Value.Status.NOT_COUNTED);
        assertThat(some.notes()).contains(new Note.NotCountedInSomeRecordings("a", 2,
                List.of(new Note.MissingIn("Vfs::write (p50, p99, max)", 1))));
        // timing off: perfstat times no call, so the latency is not supported
        untimed.put(VFS_WRITE, new RunData.Probe(p.name(), 8, 0, "off", p.sampleMeanGap(), new org.HdrHistogram.Histogram(3)));
        assertThat(Measurements.of(u).get(probe(MetricId.Statistic.P99)).value().status()).isEqualTo(Value.Status.NOT_SUPPORTED);
    }

    /**
     * A probe installed but never called counts 0 calls exactly: a value, judged against the side that called it (a
     * call path that went from many calls to none is the clearest "why"); a probe no recording saw called is no row.
     */
    @Test
    void aProbeNeverCalledIsZeroCallsBesideOneThatWasAndNoRowWhereNoneWas() {
        RunData.Probe p = unpatched.probes().get(VFS_WRITE);
        java.util.TreeMap<String, RunData.Probe> uncalled = new java.util.TreeMap<>(unpatched.probes());
        uncalled.put(VFS_WRITE, new RunData.Probe(p.name(), 0, 0, "sampled", p.sampleMeanGap(), new org.HdrHistogram.Histogram(3)));
        RunData u = unpatched.withProbes(uncalled);
        Table t = Comparison.ofColumns(List.of(List.of(patched, patched), List.of(u, u)));
        Row calls = row(t, probe(MetricId.Statistic.CALLS));
        assertThat(calls.values().get(1).status()).isEqualTo(Value.Status.MEASURED);
        assertThat(calls.values().get(1).value()).isZero();
        assertThat(Comparison.ofColumns(List.of(List.of(u), List.of(u))).rows())
                .noneMatch(r -> r.metric().id().equals(probe(MetricId.Statistic.CALLS)));
    }
}

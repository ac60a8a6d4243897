package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import perfstat.cli.read.RunData;
import perfstat.cli.render.StatRenderer;
import org.junit.jupiter.api.Test;

/** perf's arithmetic on counters: scaling, means and +-, derived figures, intervals; and its layouts. */
class StatSummaryTest {

    static RunData.PerfCounter counter(String event, long value, long enabled, long running, String status) {
        return new RunData.PerfCounter(event, value, enabled, running, perfstat.format.CounterStatus.parse(status), "perf_event_open", 1_000_000_000L, 0, "");
    }

    static RunData run(long windowNs, RunData.PerfCounter... counters) {
        RunData.JdkSummary jdk = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1));
        RunData.CounterWindow w = new RunData.CounterWindow("perf_event_open", "", Duration.ofSeconds(1),
                Duration.ofNanos(windowNs), 900_000_000L, 100_000_000L, 3, 8, 5_000_000L, 4_000_000L, -1);
        return RunData.of("x.jfr").withJdk(jdk).withPerfCounters(List.of(counters)).withCounterWindow(w);
    }

    @Test
    void multiplexedCountsAreScaledAsPerfScalesThem() {
        // a hardware counter that ran a quarter of the time it was enabled
        RunData r = run(1_000_000_000L,
                counter("task-clock", 2_000_000_000L, 1_000_000_000L, 1_000_000_000L, "counted"),
                counter("cycles", 1_000_000_000L, 1_000_000_000L, 250_000_000L, "counted"),
                counter("instructions", 6_000_000_000L, 1_000_000_000L, 500_000_000L, "counted"));
        StatSummary s = StatSummary.of("java X", List.of(r), List.of());
        assertThat(s.lines().get(0).value().value()).isEqualTo(2000.0); // msec
        assertThat(s.lines().get(0).derived().unit()).isEqualTo("CPUs utilized");
        assertThat(s.lines().get(0).derived().value()).isCloseTo(2.0, within(1e-9));
        StatSummary.Line cycles = s.lines().get(1);
        assertThat(cycles.value().value()).isEqualTo(4e9);
        assertThat(cycles.runningPct()).isEqualTo(25.0);
        assertThat(cycles.derived().unit()).isEqualTo("GHz");
        assertThat(cycles.derived().value()).isCloseTo(2.0, within(1e-9)); // 4e9 cycles over 2 s of task-clock
        StatSummary.Line insn = s.lines().get(2);
        assertThat(insn.value().value()).isEqualTo(12e9);
        assertThat(insn.derived().unit()).isEqualTo("insn per cycle");
        assertThat(insn.derived().value()).isCloseTo(3.0, within(1e-9));

        String text = render(StatRenderer.Layout.TEXT, s);
        assertThat(text).contains("      4000000000      cycles                           #    2.000 GHz                      (25.00%)");
        assertThat(text).contains("insn per cycle");
    }

    @Test
    void repeatedRunsGiveMeansWithStandardErrorAsPerfPrintsIt() {
        List<RunData> runs = new ArrayList<>();
        long[] faults = {100, 110, 120, 130};
        for (long f : faults) {
            runs.add(run(1_000_000_000L + f, counter("task-clock", 500_000_000L, 1, 1, "counted"),
                    counter("page-faults", f, 1, 1, "counted")));
        }
        StatSummary s = StatSummary.of("java X", runs, List.of());
        Value pf = s.lines().get(1).value();
        assertThat(pf.value()).isEqualTo(115.0);
        // sd = 12.91, stderr = sd/sqrt(4) = 6.455, as a percentage of 115 = 5.61%
        assertThat(pf.stderrPct()).isCloseTo(5.613, within(0.001));
        // per second of task-clock: 230.000 /sec
        assertThat(s.lines().get(1).derived().value()).isCloseTo(230.0, within(1e-9));
        assertThat(s.lines().get(1).derived().unit()).isEqualTo("/sec");
        assertThat(s.elapsedS().samples()).isEqualTo(4);
        assertThat(Double.isNaN(s.userS())).as("perf prints user/sys for single runs only").isTrue();
        String text = render(StatRenderer.Layout.TEXT, s);
        assertThat(text).contains(" Performance counter stats for 'java X' (4 runs):");
        assertThat(text).contains("             115      page-faults                      #  230.000 /sec                     ( +-  5.61% )");
        String csv = render(StatRenderer.Layout.CSV, s);
        assertThat(csv.lines().toList().get(1)).isEqualTo("115,,page-faults,5.61%,1,100.00,230.000,/sec");
    }

    /** A score's unit of any length stands apart from its name (--score-unit ms/op printed "30.17 ms/opms_per_op"). */
    @Test
    void aScoresLongUnitKeepsASpaceBeforeItsName() {
        RunData r = run(1_000_000_000L, counter("task-clock", 1_000_000, 1, 1, "counted"))
                .withProgramScore(new RunData.ProgramScore("ms_per_op", "ms/op", false, 30.17, List.of(30.17)));
        String text = render(StatRenderer.Layout.TEXT, StatSummary.of("java X", List.of(r), List.of()));
        assertThat(text).contains(" ms/op ms_per_op").doesNotContain("ms/opms_per_op");
        RunData s = run(1_000_000_000L, counter("task-clock", 1_000_000, 1, 1, "counted"))
                .withProgramScore(new RunData.ProgramScore("rate", "operations/s", true, 812.5, List.of(812.5)));
        assertThat(render(StatRenderer.Layout.TEXT, StatSummary.of("java X", List.of(s), List.of()))).contains(" operations/s rate");
    }

    @Test
    void notSupportedAndNotCountedPrintAsPerf() {
        RunData r = run(1_000_000_000L, counter("task-clock", 1_000_000, 1, 1, "counted"),
                counter("cycles", 0, 0, 0, "not supported"), counter("branches", 0, 100, 0, "not counted"));
        StatSummary s = StatSummary.of("java X", List.of(r), List.of());
        String text = render(StatRenderer.Layout.TEXT, s);
        assertThat(text).contains("\n   <not supported>      cycles\n");
        assertThat(text).contains("\n     <not counted>      branches\n");
        String csv = render(StatRenderer.Layout.CSV, s);
        assertThat(csv).contains("<not supported>,,cycles,0,100.00,,\n");
        assertThat(csv).contains("<not counted>,,branches,0,0.00,,\n");
        String json = render(StatRenderer.Layout.JSON, s);
        assertThat(json).contains("{\"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\"");
    }

    @Test
    void intervalsAreTheDifferencesOfCumulativeReads() {
        List<RunData.PerfCounter> first = List.of(
                new RunData.PerfCounter("task-clock", 300_000_000L, 500_000_000L, 500_000_000L, perfstat.format.CounterStatus.COUNTED, "", 500_000_000L, 0, ""),
                new RunData.PerfCounter("page-faults", 1000, 500_000_000L, 500_000_000L, perfstat.format.CounterStatus.COUNTED, "", 500_000_000L, 0, ""));
        List<RunData.PerfCounter> second = List.of(
                new RunData.PerfCounter("task-clock", 800_000_000L, 1_000_000_000L, 1_000_000_000L, perfstat.format.CounterStatus.COUNTED, "", 1_000_000_000L, 0, ""),
                new RunData.PerfCounter("page-faults", 1000, 1_000_000_000L, 1_000_000_000L, perfstat.format.CounterStatus.COUNTED, "", 1_000_000_000L, 0, ""));
        List<StatSummary.Line> a = StatSummary.interval(first, null);
        List<StatSummary.Line> b = StatSummary.interval(second, first);
        assertThat(a.get(0).value().value()).isEqualTo(300.0);
        assertThat(b.get(0).value().value()).isEqualTo(500.0);
        assertThat(b.get(0).derived().value()).isCloseTo(1.0, within(1e-9)); // 500 ms over a 500 ms interval
        assertThat(b.get(1).value().value()).isZero();
    }

    /**
     * The agent's interval log with the roles of each read: each interval's role rows are the roles' differences between
     * the two reads, laid out as the summary's (task-clock less the observer, the roles, the whole process; the switches'
     * roles), in text and in -x.
     */
    @Test
    void intervalsCarryTheRolesOfTheSameReads(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path log = dir.resolve("intervals.log");
        String s = "perf_event_open per thread";
        java.nio.file.Files.writeString(log, String.join("\n",
                "500000000\ttask-clock\t400000000\t500000000\t500000000\tcounted\tperf_event_open",
                "500000000\tcontext-switches\t30\t500000000\t500000000\tcounted\tperf_event_open",
                "thread-role\t500000000\tapplication\t300000000\t10\t2\t2\t" + s,
                "thread-role\t500000000\tgc\t80000000\t5\t1\t2\t" + s,
                "thread-role\t500000000\tobserver\t20000000\t4\t0\t3\t" + s,
                "end\t500000000",
                "1000000000\ttask-clock\t900000000\t1000000000\t1000000000\tcounted\tperf_event_open",
                "1000000000\tcontext-switches\t50\t1000000000\t1000000000\tcounted\tperf_event_open",
                "thread-role\t1000000000\tapplication\t700000000\t12\t6\t2\t" + s,
                "thread-role\t1000000000\tgc\t150000000\t6\t1\t2\t" + s,
                "thread-role\t1000000000\tobserver\t50000000\t6\t0\t3\t" + s,
                "end\t1000000000", ""));
        List<perfstat.cli.read.IntervalLog.Batch> batches = new ArrayList<>();
        new perfstat.cli.read.IntervalLog(log).poll(batches::add);
        assertThat(batches).hasSize(2);
        assertThat(batches.get(1).roles()).hasSize(3);
        List<StatSummary.Line> b = StatSummary.interval(batches.get(1), batches.get(0));
        assertThat(b.stream().map(StatSummary.Line::event).toList()).containsExactly("task-clock", "task-clock:application",
                "task-clock:gc", "task-clock:observer", StatSummary.PROCESS, "context-switches", "context-switches:application",
                "context-switches:gc", "context-switches:observer", "context-switches:ended");
        assertThat(b.get(0).value().value()).isCloseTo(470.0, within(1e-9)); // 500 of the process less the observer's 30
        assertThat(b.get(1).value().value()).isCloseTo(400.0, within(1e-9));
        assertThat(b.get(1).derived().value()).isCloseTo(80.0, within(1e-9)); // of the whole process's 500
        assertThat(b.get(2).value().value()).isCloseTo(70.0, within(1e-9));
        assertThat(b.get(4).value().value()).isCloseTo(500.0, within(1e-9));
        assertThat(b.get(6).value().value()).isEqualTo(6.0); // 2 voluntary and 4 involuntary more
        assertThat(b.get(9).value().value()).isEqualTo(20.0 - 6 - 1 - 2); // the whole 20 less the roles'
        List<StatSummary.Line> a = StatSummary.interval(batches.get(0), null);
        assertThat(a.get(1).value().value()).isCloseTo(300.0, within(1e-9)); // the first: since the opening

        StringWriter text = new StringWriter();
        new StatRenderer(StatRenderer.Layout.TEXT, ",").renderInterval(1.0, b, new PrintWriter(text));
        assertThat(text.toString()).contains("     1.000000000             400.00 msec   application                    #   80.00% of whole process")
                .contains("     1.000000000             500.00 msec   whole process");
        StringWriter csv = new StringWriter();
        new StatRenderer(StatRenderer.Layout.CSV, ";").renderInterval(1.0, b, new PrintWriter(csv));
        assertThat(csv.toString()).contains("     1.000000000;400.00;msec;task-clock:application;500000000;100.00;80.000;of whole process")
                .contains(";6;;context-switches:application;");
    }

    private static String render(StatRenderer.Layout layout, StatSummary s) {
        StringWriter w = new StringWriter();
        new StatRenderer(layout, ",").render(s, new PrintWriter(w));
        return w.toString();
    }

    /** stat prints what it measured: a probe's calls and percentiles with their timed calls, and a pattern that matched nothing. */
    @Test
    void probesAreRowsAndAnUnmatchedPatternIsNamed() {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        for (int i = 1; i <= 100; i++) {
            h.recordValue(i * 10L);
        }
        TreeMap<String, RunData.Probe> probes = new TreeMap<>();
        probes.put("app.Tok::next()", new RunData.Probe("app.Tok::next()", 5000, 100, "sampled", 50, h));
        RunData base = run(1_000_000_000L, counter("task-clock", 1_000_000_000L, 1_000_000_000L, 1_000_000_000L, "counted"));
        RunData r = base.withProbes(probes).withProbePatterns(Map.of("app.Tok::next", 1L, "app.Tokk", 0L));
        StatSummary s = StatSummary.of("java X", List.of(r), perfstat.cli.command.StatCommand.unmatchedNotes(List.of(r)));
        assertThat(s.probes()).hasSize(1);
        StatSummary.ProbeLine p = s.probes().get(0);
        assertThat(p.calls().value()).isEqualTo(5000.0);
        assertThat(p.timedCalls()).isEqualTo(100);
        assertThat(p.p50Ns()).isCloseTo(500, within(1.0));
        assertThat(p.maxNs()).isCloseTo(1000, within(1.0));
        assertThat(s.unmatched()).containsExactly("app.Tokk");

        String text = render(StatRenderer.Layout.TEXT, s);
        assertThat(text).contains("5000      Tok::next() calls").contains("ns   Tok::next() p99")
                .contains("#      100 timed calls").contains("# probe 'app.Tokk' matched no method");
        assertThat(text.split("matched no method", -1)).hasSize(2); // named once
        // two runs: the calls row is a run's mean, the percentiles rest on both runs' timed calls, and say so
        assertThat(render(StatRenderer.Layout.TEXT, StatSummary.of("java X", List.of(r, r), List.of())))
                .contains("5000      Tok::next() calls").contains("#      200 timed calls in 2 runs");
        assertThat(render(StatRenderer.Layout.CSV, s)).contains("500,ns,Tok::next() p50,").contains("100.000,timed calls");
        String json = render(StatRenderer.Layout.JSON, s);
        assertThat(json).contains("\"event\" : \"Tok::next() max\"").contains("\"timed-calls\" : 100")
                .contains("{\"probe-pattern\" : \"app.Tokk\", \"matched-methods\" : 0}");
    }

    /**
     * A probe no run called has no line, as the table of {@code report} and {@code diff} has no row for it; a probe one of
     * the runs called keeps its line, 0 calls in the other counted in its mean.
     */
    @Test
    void aProbeNoRunCalledHasNoLineAsTheTableHasNoRow() {
        TreeMap<String, RunData.Probe> never = new TreeMap<>();
        never.put("app.Words::capitalize()", new RunData.Probe("app.Words::capitalize()", 0, 0, "sampled", 50,
                new org.HdrHistogram.Histogram(3)));
        RunData base = run(1_000_000_000L, counter("task-clock", 1_000_000_000L, 1_000_000_000L, 1_000_000_000L, "counted"));
        RunData r = base.withProbes(never);
        StatSummary s = StatSummary.of("java X", List.of(r, r), List.of());
        assertThat(s.probes()).isEmpty();
        assertThat(render(StatRenderer.Layout.TEXT, s)).doesNotContain("capitalize");
        assertThat(Comparison.ofColumns(List.of(List.of(r, r))).rows()).noneMatch(x -> x.metric().label().contains("capitalize"));

        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        h.recordValue(100);
        TreeMap<String, RunData.Probe> once = new TreeMap<>();
        once.put("app.Words::capitalize()", new RunData.Probe("app.Words::capitalize()", 4, 1, "sampled", 50, h));
        StatSummary some = StatSummary.of("java X", List.of(r, base.withProbes(once)), List.of());
        assertThat(some.probes()).hasSize(1);
        assertThat(some.probes().get(0).calls().value()).isEqualTo(2.0);
    }

    /**
     * A score of the agent's iterations: beside the steady line, the warm-up and an iteration's CPU time and bytes in
     * steady state, as a comparison's rows have them, each the mean over the runs; in text, CSV and JSON.
     */
    @Test
    void iterationsPrintTheirWarmupCpuAndBytesBesideTheSteadyLine() {
        java.util.Random r = new java.util.Random(3);
        List<RunData> runs = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            int n = 200;
            long[] wall = new long[n];
            long[] cpu = new long[n];
            long[] bytes = new long[n];
            for (int i = 0; i < n; i++) { // 30 iterations of warm-up at 3 ms, then 1 ms, 0.9 ms of it on the CPU, 4 KB each
                wall[i] = Math.round((i < 30 ? 3 : 1) * 1e6 * (1 + 0.01 * r.nextGaussian()));
                cpu[i] = Math.round(wall[i] * 0.9);
                bytes[i] = 4096;
            }
            java.time.Instant[] ends = new java.time.Instant[n];
            java.util.Arrays.fill(ends, java.time.Instant.EPOCH);
            runs.add(run(1_000_000_000L, counter("task-clock", 900_000_000L, 1_000_000_000L, 1_000_000_000L, ""))
                    .withProgramScore(RunData.ProgramScore.of(new RunData.IterationSeries("Bench::step", ends, wall, cpu, bytes, 0, 1))));
        }
        StatSummary s = StatSummary.of("java Bench", runs, List.of());
        assertThat(s.steady()).extracting(StatSummary.Line::event)
                .containsExactly("Bench::step warm-up", "Bench::step CPU, steady", "Bench::step allocated, steady");
        assertThat(s.steady().get(0).value().value()).isBetween(28.0, 32.0);
        assertThat(s.steady().get(1).value().value()).isCloseTo(0.9, within(0.02));
        assertThat(s.steady().get(2).value().value()).isEqualTo(4096.0);
        String text = render(StatRenderer.Layout.TEXT, s);
        assertThat(text).contains("Bench::step, steady").contains("iterations Bench::step warm-up")
                .contains("ms   Bench::step CPU, steady").contains("4096.00 bytes Bench::step allocated, steady");
        assertThat(render(StatRenderer.Layout.JSON, s)).contains("\"steady\" : true");
        assertThat(StatSummary.of("java Bench", List.of(run(1_000_000_000L)), List.of()).steady()).isEmpty();
        assertThat(s.score().event()).isEqualTo("Bench::step, steady"); // every run settled: nothing more to say
        long[] climbing = new long[200]; // a run that never settles: the score line says how many did
        for (int i = 0; i < climbing.length; i++) {
            climbing[i] = 1_000_000L + i * 50_000L;
        }
        java.time.Instant[] ends = new java.time.Instant[climbing.length];
        java.util.Arrays.fill(ends, java.time.Instant.EPOCH);
        List<RunData> mixed = new ArrayList<>(runs);
        mixed.add(run(1_000_000_000L).withProgramScore(RunData.ProgramScore.of(new RunData.IterationSeries("Bench::step", ends,
                climbing, climbing, climbing, 0, 1))));
        assertThat(StatSummary.of("java Bench", mixed, List.of()).score().event())
                .isEqualTo("Bench::step, steady (3 of 4 runs settled)");
    }
}

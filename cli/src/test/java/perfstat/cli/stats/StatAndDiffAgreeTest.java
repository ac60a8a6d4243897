package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.format.CounterSource;
import perfstat.format.CounterStatus;
import perfstat.format.Phase;
import perfstat.format.ThreadRole;

/**
 * {@code stat} and a one-sided {@code report}/{@code diff} of the same recordings show the same counter and role rows:
 * each value stat's table prints for task-clock, context-switches, page-faults and task-clock's split by thread role is
 * the first column's value of the table {@code report} and {@code diff} print; over several runs the same mean with the
 * same {@code ±}; a probe's calls and the rows per unit too.
 */
class StatAndDiffAgreeTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    /** The rows both print of a run of perf stat's software counters with the split by role. */
    private static List<String> rows() {
        List<String> keys = new ArrayList<>(List.of("task-clock", "context-switches", "page-faults", "cpu-migrations",
                StatSummary.PROCESS));
        for (ThreadRole r : ThreadRole.values()) {
            keys.add(RoleRows.key(r));
        }
        return keys;
    }

    @Test
    void statAndAOneSidedDiffShowTheSameCounterAndRoleRows() throws Exception {
        RunData run = RecordingReader.read(recording("a.jfr", 3 * S, 0).toString());
        assertThat(run.roles().counts()).hasSize(ThreadRole.values().length);
        agree(List.of(run), rows());
    }

    /** Over several runs, stat's mean and the column's are the same mean of the same rows. */
    @Test
    void theirMeansOverRunsAgree() throws Exception {
        RunData a = RecordingReader.read(recording("a.jfr", 3 * S, 0).toString());
        RunData b = RecordingReader.read(recording("b.jfr", 4 * S, 90 * MS).toString());
        agree(List.of(a, b), rows());
    }

    /**
     * A run that opened two forms of one event ({@code page-faults} and {@code page-faults:u}, {@code task-clock} and
     * {@code task-clock:u}): stat's lines and the table's rows are each form's own count, under the same names, with the
     * same derived figure; the split by role stays the first task-clock's.
     */
    @Test
    void twoFormsOfOneEventAreEachTheirOwnRowInBoth() throws Exception {
        RunData a = RecordingReader.read(recording("a.jfr", 3 * S, 0, true).toString());
        RunData b = RecordingReader.read(recording("b.jfr", 4 * S, 90 * MS, true).toString());
        List<String> keys = new ArrayList<>(rows());
        keys.addAll(List.of("page-faults:u", "task-clock:u"));
        agree(List.of(a), keys);
        agree(List.of(a, b), keys);
        StatSummary stat = StatSummary.of("java X", List.of(a), List.of());
        Table diff = Comparison.ofColumns(List.of(List.of(a)));
        assertThat(value(diff, "page-faults:u").value()).isEqualTo(3000.0 * 2 / 3);
        assertThat(value(diff, "page-faults").value()).isEqualTo(3000.0 * 3);
        for (String key : List.of("page-faults", "page-faults:u")) {
            StatSummary.Line line = stat.lines().stream().filter(l -> l.event().equals(key)).findFirst().orElseThrow();
            Row row = diff.rows().stream().filter(r -> r.metric().key().equals(key)).findFirst().orElseThrow();
            assertThat(((Comment.Counter) row.comments().get(0)).derived().value()).as(key)
                    .isCloseTo(line.derived().value(), within(1e-9));
        }
    }

    /** The reference recording of the write-path model: perf_event_open's counters, no split by role. */
    @Test
    void aReferenceRecordingsCountersAgree() {
        RunData run = RecordingReader.read("../recordings/fstime-unpatched.jfr");
        agree(List.of(run), List.of("task-clock", "context-switches", "page-faults", "cpu-migrations"));
    }

    /** Each of {@code keys} is a row of both, with the same value (msecs for the clocks, counts for the rest). */
    private static void agree(List<RunData> runs, List<String> keys) {
        StatSummary stat = StatSummary.of("java X", runs, List.of());
        Table diff = Comparison.ofColumns(List.of(runs));
        for (String key : keys) {
            StatSummary.Line line = stat.lines().stream().filter(l -> l.event().equals(key)).findFirst().orElseThrow(
                    () -> new AssertionError("stat has no row " + key + ": " + stat.lines()));
            Row row = diff.rows().stream().filter(r -> r.metric().key().equals(key)).findFirst().orElseThrow(
                    () -> new AssertionError("the diff has no row " + key));
            assertThat(line.value().measured()).as(key).isTrue();
            same(key, line.value(), row.values().get(0));
        }
    }

    /** The same value, and over several runs the same {@code ±}: stat's line and the table's column take both alike. */
    private static void same(String key, Value stat, Value column) {
        assertThat(stat.measured()).as(key).isTrue();
        assertThat(column.value()).as(key).isCloseTo(stat.value(), within(1e-9 * Math.max(1, Math.abs(stat.value()))));
        assertThat(column.samples()).as(key + " runs").isEqualTo(stat.samples());
        if (stat.samples() > 1) {
            assertThat(Double.isNaN(column.stderrPct())).as(key + " +-").isEqualTo(Double.isNaN(stat.stderrPct()));
            if (!Double.isNaN(stat.stderrPct())) {
                assertThat(column.stderrPct()).as(key + " +-").isCloseTo(stat.stderrPct(), within(1e-9));
            }
        }
    }

    /**
     * A probe's calls and each counter per call ({@code --per}): stat's lines and the table's rows are the same means with
     * the same {@code ±} over two runs; a probe neither run called is a line of neither.
     */
    @Test
    void probeCallsAndRowsPerCallAgreeAndAProbeNeverCalledIsInNeither() throws Exception {
        RunData a = withProbes(RecordingReader.read(recording("a.jfr", 3 * S, 0).toString()), 1000);
        RunData b = withProbes(RecordingReader.read(recording("b.jfr", 4 * S, 90 * MS).toString()), 1600);
        List<RunData> runs = List.of(a, b);
        PerUnit per = new PerUnit("Tok::next");
        StatSummary stat = StatSummary.of("java X", runs, List.of(), per);
        Table diff = Comparison.ofColumns(List.of(runs), new Comparison.Options(0.95, 0).withPer(per));
        assertThat(stat.probes()).extracting(StatSummary.ProbeLine::name).containsExactly("Tok::next");
        same("calls", stat.probes().get(0).calls(), value(diff, "probe:Tok::next:calls"));
        assertThat(diff.rows()).noneMatch(r -> r.metric().key().contains("Tok::skip"));
        assertThat(stat.perUnit()).isNotEmpty();
        for (String key : List.of("task-clock/Tok::next", "page-faults/Tok::next", "context-switches/Tok::next")) {
            Row row = diff.rows().stream().filter(r -> r.metric().key().equals(key)).findFirst().orElseThrow();
            String label = row.metric().label().replaceFirst(" \\(ns\\)$", "");
            StatSummary.Line line = stat.perUnit().stream().filter(l -> l.event().equals(label)).findFirst().orElseThrow(
                    () -> new AssertionError("stat has no line " + label + ": " + stat.perUnit()));
            same(key, line.value(), row.values().get(0));
        }
    }

    private static Value value(Table t, String key) {
        return t.rows().stream().filter(r -> r.metric().key().equals(key)).findFirst()
                .orElseThrow(() -> new AssertionError("the diff has no row " + key)).values().get(0);
    }

    /** {@code run} with a probe called {@code calls} times (a tenth of them timed) and one probed and never called. */
    private static RunData withProbes(RunData run, long calls) {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        for (long i = 1; i <= calls / 10; i++) {
            h.recordValue(100 + i);
        }
        java.util.TreeMap<String, RunData.Probe> probes = new java.util.TreeMap<>();
        probes.put("app.Tok::next", new RunData.Probe("app.Tok::next", calls, calls / 10, "sampled", 10, h));
        probes.put("app.Tok::skip", new RunData.Probe("app.Tok::skip", 0, 0, "sampled", 10,
                new org.HdrHistogram.Histogram(3)));
        return run.withProbes(probes);
    }

    /**
     * A recording as the agent writes it: task-clock {@code taskClockNs} over a 2 s window, context-switches,
     * page-faults and cpu-migrations, and the split by role (the observer's among them, which the task-clock row leaves
     * out), the JIT's {@code moreJitNs} more than the first run's.
     */
    private Path recording(String name, long taskClockNs, long moreJitNs) throws Exception {
        return recording(name, taskClockNs, moreJitNs, false);
    }

    /** The same, {@code userToo}: with page-faults:u (two thirds of the ms) and task-clock:u (two thirds) beside them. */
    private Path recording(String name, long taskClockNs, long moreJitNs, boolean userToo) throws Exception {
        Path f = dir.resolve(name);
        try (Recording r = new Recording()) {
            for (String e : List.of("perfstat.PerfCounter", "perfstat.CounterReader", "perfstat.ThreadRole")) {
                r.enable(e);
            }
            r.start();
            counter("task-clock", taskClockNs);
            counter("context-switches", taskClockNs / MS / 7);
            counter("page-faults", taskClockNs / MS * 3);
            counter("cpu-migrations", 12);
            if (userToo) {
                counter("page-faults:u", taskClockNs / MS * 2 / 3);
                counter("task-clock:u", taskClockNs * 2 / 3);
            }
            perfstat.agent.events.CounterReaderEvent w = new perfstat.agent.events.CounterReaderEvent();
            w.mode = CounterSource.PERF_EVENT_OPEN;
            w.note = "";
            w.windowNs = 2 * S;
            w.commit();
            long[] ms = {taskClockNs / MS - 700, 300, 150 + moreJitNs / MS, 90, 120, 40};
            ThreadRole[] roles = ThreadRole.values();
            for (int i = 0; i < roles.length; i++) {
                role(roles[i], ms[i] * MS, 40 + i, i);
            }
            r.stop();
            r.dump(f);
        }
        return f;
    }

    private static void counter(String event, long value) {
        perfstat.agent.events.PerfCounterEvent c = new perfstat.agent.events.PerfCounterEvent();
        c.phase = Phase.END;
        c.event = event;
        c.value = value;
        c.enabledNs = c.runningNs = c.windowNs = 2 * S;
        c.status = CounterStatus.COUNTED.text();
        c.source = CounterSource.PERF_EVENT_OPEN;
        c.threadName = "";
        c.commit();
    }

    private static void role(ThreadRole role, long ns, long voluntary, long involuntary) {
        perfstat.agent.events.ThreadRoleEvent e = new perfstat.agent.events.ThreadRoleEvent();
        e.phase = Phase.END;
        e.role = role.text();
        e.taskClockNs = ns;
        e.voluntaryContextSwitches = role == ThreadRole.ENDED ? -1 : voluntary;
        e.involuntaryContextSwitches = role == ThreadRole.ENDED ? -1 : involuntary;
        e.threads = 2;
        e.source = CounterSource.PERF_EVENT_OPEN_PER_THREAD;
        e.windowNs = 2 * S;
        e.note = "";
        e.commit();
    }
}

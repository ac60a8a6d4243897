package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import perfstat.cli.read.RunData;
import perfstat.cli.render.StatRenderer;
import perfstat.format.ThreadRole;
import org.junit.jupiter.api.Test;

/** The task-clock row is the process less perfstat's and JFR's threads; the whole process has a row of its own. */
class HeadlineTaskClockTest {
    private static final long S = 1_000_000_000L;

    private static RunData run(long taskClockNs, long observerNs) {
        RunData.JdkSummary jdk = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1));
        RunData.CounterWindow w = new RunData.CounterWindow("perf_event_open", "", Duration.ofSeconds(1),
                Duration.ofNanos(S), 900_000_000L, 100_000_000L, 3, 8, 5_000_000L, 4_000_000L, -1);
        List<RunData.PerfCounter> counters = List.of(
                new RunData.PerfCounter("task-clock", taskClockNs, S, S, perfstat.format.CounterStatus.COUNTED, "perf_event_open", S, 0, ""),
                new RunData.PerfCounter("cycles", 4 * S, S, S, perfstat.format.CounterStatus.COUNTED, "perf_event_open", S, 0, ""));
        RunData.Roles roles = observerNs < 0 ? RunData.Roles.NONE : new RunData.Roles(List.of(
                new RunData.RoleCount(ThreadRole.APPLICATION, taskClockNs - observerNs, 10, 1, 3, "schedstat"),
                new RunData.RoleCount(ThreadRole.OBSERVER, observerNs, 5, 0, 4, "schedstat")), null);
        return RunData.of("x.jfr").withJdk(jdk).withPerfCounters(counters).withCounterWindow(w).withRoles(roles);
    }

    private static StatSummary.Line line(StatSummary s, String event) {
        return s.lines().stream().filter(l -> l.event().equals(event)).findFirst().orElseThrow();
    }

    /** Events without task-clock (-e page-faults) have no role rows, so the footer says nothing of them. */
    @Test
    void withoutATaskClockCounterTheFooterSaysNothingOfTheRoles() {
        RunData withClock = run(2 * S, 40_000_000L);
        assertThat(Measurements.roleNotes(withClock, "a")).isNotEmpty();
        RunData faultsOnly = withClock.withPerfCounters(List.of(new RunData.PerfCounter("page-faults", 1200, S, S,
                perfstat.format.CounterStatus.COUNTED, "perf_event_open", S, 0, "")));
        assertThat(Measurements.roleNotes(faultsOnly, "a")).isEmpty();
        assertThat(Measurements.notes(faultsOnly, "a")).noneMatch(n -> n instanceof Note.RolesFrom);
    }

    @Test
    void theTaskClockRowLeavesOutTheObserverThreadsAndTheWholeProcessKeepsItsRow() {
        StatSummary s = StatSummary.of("java X", List.of(run(2 * S, 40_000_000L), run(2 * S + 20_000_000L, 60_000_000L)), List.of());
        StatSummary.Line headline = s.lines().get(0);
        assertThat(headline.event()).isEqualTo("task-clock");
        assertThat(headline.value().value()).isCloseTo(1960.0, within(1e-9)); // (1960 + 1960) / 2
        assertThat(headline.derived().value()).isCloseTo(1.96, within(1e-9)); // CPUs utilized: the application's
        assertThat(line(s, StatSummary.PROCESS).value().value()).isCloseTo(2010.0, within(1e-9));
        assertThat(line(s, "task-clock:observer").value().value()).isCloseTo(50.0, within(1e-9));
        // the other rows' figures rest on the whole process: cycles over the process's task-clock
        assertThat(line(s, "cycles").derived().value()).isCloseTo(4e9 / 2.01e9, within(1e-9));

        StringWriter text = new StringWriter();
        new StatRenderer(StatRenderer.Layout.TEXT, ",").render(s, new PrintWriter(text));
        assertThat(text.toString()).contains(" msec   whole process ")
                .contains("# task-clock excludes perfstat's and JFR's own threads: 50.00 ms");
        StringWriter csv = new StringWriter();
        new StatRenderer(StatRenderer.Layout.CSV, ",").render(s, new PrintWriter(csv));
        assertThat(csv.toString()).startsWith("1960.00,msec,task-clock,").contains("\n2010.00,msec,task-clock:process,");
    }

    /**
     * The role rows' comments are shares of the whole process (the row they add up to), worded so, and add up to
     * 100%; the footer's figure is the observer's task-clock, not its context switches.
     */
    @Test
    void theRolesSharesAreOfTheWholeProcessAndAddUp() {
        RunData base = run(2 * S, 40_000_000L);
        List<RunData.PerfCounter> counters = new java.util.ArrayList<>(base.perfCounters());
        counters.add(new RunData.PerfCounter("context-switches", 20, S, S, perfstat.format.CounterStatus.COUNTED,
                "perf_event_open", S, 0, ""));
        RunData r = base.withPerfCounters(counters);
        StatSummary s = StatSummary.of("java X", List.of(r), List.of());
        StatSummary.Line app = line(s, "task-clock:application");
        StatSummary.Line observer = line(s, "task-clock:observer");
        assertThat(app.derived().unit()).isEqualTo("% of whole process");
        assertThat(app.derived().value()).isCloseTo(98.0, within(1e-9)); // 1960 of the whole 2000, not of the row's 1960
        assertThat(app.derived().value() + observer.derived().value()).isCloseTo(100.0, within(1e-9));
        StringWriter text = new StringWriter();
        new StatRenderer(StatRenderer.Layout.TEXT, ",").render(s, new PrintWriter(text));
        assertThat(text.toString()).contains("   application                    #   98.00% of whole process")
                .contains("# task-clock excludes perfstat's and JFR's own threads: 40.00 ms");
        Measurements.Measured gc = Measurements.of(r).values().stream()
                .filter(x -> x.metric().key().equals("task-clock:observer")).findFirst().orElseThrow();
        assertThat(perfstat.cli.render.CommentText.of(gc.comment())).isEqualTo("2.00% of whole process");
    }

    @Test
    void withoutASplitByRoleTheTaskClockRowIsTheWholeProcessAsBefore() {
        StatSummary s = StatSummary.of("java X", List.of(run(2 * S, 40_000_000L), run(2 * S, -1)), List.of());
        assertThat(s.lines().get(0).value().value()).isCloseTo(2000.0, within(1e-9));
        assertThat(s.lines()).noneMatch(l -> l.event().equals(StatSummary.PROCESS));
        StringWriter text = new StringWriter();
        new StatRenderer(StatRenderer.Layout.TEXT, ",").render(s, new PrintWriter(text));
        assertThat(text.toString()).doesNotContain("excludes");
    }

    @Test
    void reportAndDiffRowsLeaveOutTheObserverThreadsToo() {
        Map<MetricId, Measurements.Measured> m = Measurements.of(run(2 * S, 40_000_000L));
        Measurements.Measured clock = m.values().stream().filter(x -> x.metric().key().equals("task-clock")).findFirst().orElseThrow();
        Measurements.Measured whole = m.values().stream().filter(x -> x.metric().key().equals(StatSummary.PROCESS)).findFirst().orElseThrow();
        assertThat(clock.value().value()).isCloseTo(1960.0, within(1e-9));
        assertThat(whole.value().value()).isCloseTo(2000.0, within(1e-9));
    }

    /**
     * A run with the JIT's compilations: of the JIT role's 100 ms, the observer's code took 30 of the window's 60 ms of
     * compile time, so 50 ms move from the JIT compiler row to the jit-observer row, and out of the headline.
     */
    private static RunData withJit(RunData.Compiles compiles) {
        RunData base = run(2 * S, 40_000_000L);
        RunData.Roles roles = new RunData.Roles(List.of(
                new RunData.RoleCount(ThreadRole.APPLICATION, 2 * S - 140_000_000L, 10, 1, 3, "schedstat"),
                new RunData.RoleCount(ThreadRole.JIT, 100_000_000L, 10, 1, 2, "schedstat"),
                new RunData.RoleCount(ThreadRole.OBSERVER, 40_000_000L, 5, 0, 4, "schedstat")), null, null, List.of(), compiles);
        return base.withRoles(roles);
    }

    private static double row(Map<MetricId, Measurements.Measured> m, String key) {
        return m.values().stream().filter(x -> x.metric().key().equals(key)).findFirst().orElseThrow().value().value();
    }

    @Test
    void theJitsWorkOnTheObserversCodeHasItsOwnRowAndLeavesTheHeadline() {
        RunData r = withJit(new RunData.Compiles(30_000_000L, 60_000_000L, 12));
        assertThat(RoleRows.jitObserverNs(r.roles())).isEqualTo(50_000_000L);
        Map<MetricId, Measurements.Measured> m = Measurements.of(r); // report, diff, compare
        assertThat(row(m, "task-clock:jit")).isCloseTo(50.0, within(1e-9));
        assertThat(row(m, RoleRows.JIT_OBSERVER)).isCloseTo(50.0, within(1e-9));
        assertThat(row(m, "task-clock")).isCloseTo(2000.0 - 40 - 50, within(1e-9));
        double sum = 0;
        for (String k : List.of("task-clock:application", "task-clock:jit", "task-clock:observer", RoleRows.JIT_OBSERVER)) {
            sum += row(m, k);
        }
        assertThat(sum).isCloseTo(row(m, StatSummary.PROCESS), within(1e-6)); // the rows still add up to the whole process
        List<String> keys = m.values().stream().map(x -> x.metric().key()).toList();
        assertThat(keys.indexOf(RoleRows.JIT_OBSERVER)).isEqualTo(keys.indexOf("task-clock:observer") + 1);

        StatSummary s = StatSummary.of("java X", List.of(r), List.of()); // stat
        assertThat(s.lines().get(0).value().value()).isCloseTo(1910.0, within(1e-9));
        assertThat(line(s, "task-clock:jit").value().value()).isCloseTo(50.0, within(1e-9));
        assertThat(line(s, RoleRows.JIT_OBSERVER).value().value()).isCloseTo(50.0, within(1e-9));
        assertThat(line(s, RoleRows.JIT_OBSERVER).derived().value()).isCloseTo(2.5, within(1e-9)); // of the whole 2000
        StringWriter text = new StringWriter();
        new StatRenderer(StatRenderer.Layout.TEXT, ",").render(s, new PrintWriter(text));
        assertThat(text.toString()).contains("             50.00 msec   JIT on JFR/perfstat code       #    2.50% of whole process")
                .contains("# task-clock excludes perfstat's and JFR's own threads: 40.00 ms (the observer row) and the JIT's"
                        + " compiling of their code: 50.00 ms (the task-clock:jit-observer row");
        assertThat(perfstat.cli.render.NoteText.of(RoleRows.notes(r, null).get(1))).startsWith(
                "JIT on JFR/perfstat code: estimated as the JIT compiler's time in the window x their classes' share of its"
                        + " compile time (its first recording: 50.00 of 100.00 ms, jdk.Compilation: 30.00 of 60.00 ms)");
        StringWriter csv = new StringWriter();
        new StatRenderer(StatRenderer.Layout.CSV, ",").render(s, new PrintWriter(csv));
        assertThat(csv.toString()).contains("\n50.00,msec,task-clock:jit-observer,");
    }

    @Test
    void withoutCompilationsInTheWindowTheRowsAreAsBefore() {
        RunData r = withJit(RunData.Compiles.NONE);
        assertThat(RoleRows.jitObserverNs(r.roles())).isEqualTo(-1);
        Map<MetricId, Measurements.Measured> m = Measurements.of(r);
        assertThat(row(m, "task-clock:jit")).isCloseTo(100.0, within(1e-9));
        assertThat(row(m, "task-clock")).isCloseTo(1960.0, within(1e-9));
        assertThat(m.values()).noneMatch(x -> x.metric().key().equals(RoleRows.JIT_OBSERVER));
        StatSummary s = StatSummary.of("java X", List.of(r), List.of());
        assertThat(s.lines()).noneMatch(l -> l.event().equals(RoleRows.JIT_OBSERVER));
        assertThat(RoleRows.notes(r, null)).noneMatch(n -> n instanceof Note.JitObserver);
    }
}

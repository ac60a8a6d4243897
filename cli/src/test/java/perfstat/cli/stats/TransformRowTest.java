package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;
import perfstat.cli.render.StatRenderer;
import perfstat.format.ThreadRole;

/**
 * perfstat's class transformation on the application's threads (the recording's perfstat:transform-cpu-ns) moves
 * from the application's row to a row of its own among the observer's, out of the headline task-clock; the role rows
 * still add up to the whole process.
 */
class TransformRowTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    /** 2 s of task-clock: the application 1900 ms (of which {@code transformNs} in the transformer), the observer 100 ms. */
    private static RunData run(long transformNs) {
        RunData.JdkSummary jdk = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1));
        RunData.CounterWindow w = new RunData.CounterWindow("perf_event_open", "", Duration.ofSeconds(1),
                Duration.ofNanos(S), 900_000_000L, 100_000_000L, 3, 8, 5_000_000L, 4_000_000L, -1);
        List<RunData.PerfCounter> counters = List.of(new RunData.PerfCounter("task-clock", 2 * S, S, S,
                perfstat.format.CounterStatus.COUNTED, "perf_event_open", S, 0, ""));
        List<RunData.RoleEvent> events = transformNs < 0 ? List.of() : List.of(new RunData.RoleEvent(ThreadRole.APPLICATION,
                perfstat.format.Transformation.EVENT, transformNs, perfstat.format.Transformation.SOURCE));
        RunData.Roles roles = new RunData.Roles(List.of(
                new RunData.RoleCount(ThreadRole.APPLICATION, 1900 * MS, 10, 1, 3, "schedstat"),
                new RunData.RoleCount(ThreadRole.OBSERVER, 100 * MS, 5, 0, 4, "schedstat")), null, null, events, null);
        return RunData.of("x.jfr").withJdk(jdk).withPerfCounters(counters).withCounterWindow(w).withRoles(roles);
    }

    private static double row(Map<MetricId, Measurements.Measured> m, String key) {
        return m.values().stream().filter(x -> x.metric().key().equals(key)).findFirst().orElseThrow().value().value();
    }

    @Test
    void theTransformersCpuLeavesTheApplicationsRowAndTheHeadlineAndTheRowsStillAddUp() {
        RunData r = run(150 * MS);
        assertThat(RoleRows.transformNs(r.roles())).isEqualTo(150 * MS);
        Map<MetricId, Measurements.Measured> m = Measurements.of(r);
        assertThat(row(m, "task-clock:application")).isCloseTo(1750.0, within(1e-9));
        assertThat(row(m, RoleRows.TRANSFORM)).isCloseTo(150.0, within(1e-9));
        assertThat(row(m, "task-clock")).isCloseTo(1750.0, within(1e-9)); // the process less the observer's rows
        assertThat(row(m, StatSummary.PROCESS)).isCloseTo(2000.0, within(1e-9));
        assertThat(row(m, "task-clock:application") + row(m, "task-clock:observer") + row(m, RoleRows.TRANSFORM))
                .isCloseTo(row(m, StatSummary.PROCESS), within(1e-9));

        StatSummary s = StatSummary.of("java X", List.of(r), List.of());
        StringWriter text = new StringWriter();
        new StatRenderer(StatRenderer.Layout.TEXT, ",").render(s, new PrintWriter(text));
        String label = m.values().stream().filter(x -> x.metric().key().equals(RoleRows.TRANSFORM)).findFirst().orElseThrow()
                .metric().label();
        assertThat(label).isEqualTo("  perfstat transforming classes (msecs)"); // report's and diff's row, stat's less the unit
        assertThat(text.toString()).contains(" msec   perfstat transforming classes  ")
                .contains("# task-clock excludes perfstat's and JFR's own threads: 100.00 ms (the observer row), and perfstat's"
                        + " class transformation on the application's threads: 150.00 ms (the task-clock:transform row");
    }

    @Test
    void withoutTheFigureTheApplicationKeepsItsRowAndNoTransformRowIsMade() {
        RunData r = run(-1);
        assertThat(RoleRows.transformNs(r.roles())).isEqualTo(-1);
        Map<MetricId, Measurements.Measured> m = Measurements.of(r);
        assertThat(row(m, "task-clock:application")).isCloseTo(1900.0, within(1e-9));
        assertThat(m.values()).noneMatch(x -> x.metric().key().equals(RoleRows.TRANSFORM));
    }

    @Test
    void aFigureAboveTheApplicationsOwnTaskClockIsHeldToIt() {
        assertThat(RoleRows.transformNs(run(5 * S).roles())).isEqualTo(1900 * MS); // two clocks read apart: never a negative row
    }
}

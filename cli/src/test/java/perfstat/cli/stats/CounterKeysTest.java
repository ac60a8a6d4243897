package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;
import perfstat.format.CounterStatus;
import perfstat.format.ThreadRole;

/**
 * Each counter a run opened is a row of its own: two forms of one event ({@code page-faults} and {@code page-faults:u})
 * are two rows, each keeping its modifiers, where one alone keeps the key of its base name, as before.
 */
class CounterKeysTest {
    private static final long S = 1_000_000_000L;

    private static RunData.PerfCounter counter(String event, long value) {
        return new RunData.PerfCounter(event, value, S, S, CounterStatus.COUNTED, "perf_event_open", S, 0, "");
    }

    private static RunData run(String file, RunData.PerfCounter... counters) {
        RunData.CounterWindow w = new RunData.CounterWindow("perf_event_open", "", Duration.ofSeconds(1),
                Duration.ofNanos(S), 900_000_000L, 100_000_000L, 3, 8, 5_000_000L, 4_000_000L, -1);
        return RunData.of(file).withJdk(RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1)))
                .withPerfCounters(List.of(counters)).withCounterWindow(w);
    }

    /** The counter rows' keys, labels and values, in table order. */
    private static Map<String, Measurements.Measured> counterRows(RunData r) {
        Map<String, Measurements.Measured> out = new java.util.LinkedHashMap<>();
        Measurements.of(r).values().stream().filter(m -> m.metric().kind() == MetricId.Kind.COUNTER)
                .forEach(m -> out.put(m.metric().key(), m));
        return out;
    }

    @Test
    void aBaseAndItsModifiedFormAreTwoRowsEachWithItsOwnCount() {
        Map<String, Measurements.Measured> rows = counterRows(run("a.jfr", counter("page-faults", 4215),
                counter("page-faults:u", 4205), counter("context-switches:u", 519)));
        assertThat(rows.keySet()).containsExactly("page-faults", "page-faults:u", "context-switches");
        assertThat(rows.get("page-faults").value().value()).isEqualTo(4215.0);
        assertThat(rows.get("page-faults").metric().label()).isEqualTo("page-faults");
        assertThat(rows.get("page-faults:u").value().value()).isEqualTo(4205.0);
        assertThat(rows.get("page-faults:u").metric().label()).isEqualTo("page-faults:u");
        // each row's rate is of its own count
        assertThat(((Comment.Counter) rows.get("page-faults:u").comment()).derived().value()).isCloseTo(4.205, within(1e-9)); // K/sec
        // a modified event alone keeps its base's key, printed as opened
        assertThat(rows.get("context-switches").metric().label()).isEqualTo("context-switches:u");
    }

    @Test
    void anEventOpenedTwiceIsTwoRows() {
        Map<String, Measurements.Measured> rows = counterRows(run("a.jfr", counter("page-faults", 8792),
                counter("page-faults", 8797)));
        assertThat(rows.keySet()).containsExactly("page-faults", "page-faults#2");
        assertThat(rows.get("page-faults#2").value().value()).isEqualTo(8797.0);
        assertThat(rows.get("page-faults#2").metric().label()).isEqualTo("page-faults#2");
    }

    /** Today's pairing kept: a run's page-faults:u alone lines up with another run's page-faults, one row. */
    @Test
    void aModifiedEventAloneStillLinesUpWithItsBase() {
        Table t = Comparison.of(List.of(run("a.jfr", counter("page-faults", 100)), run("b.jfr", counter("page-faults:u", 90))));
        List<Row> faults = t.rows().stream().filter(r -> r.metric().key().startsWith("page-faults")).toList();
        assertThat(faults).hasSize(1);
        assertThat(faults.get(0).values()).extracting(Value::value).containsExactly(100.0, 90.0);
    }

    /** Where one side has both forms, its page-faults:u row is its own; the other side's page-faults pairs with page-faults. */
    @Test
    void aDiffOfARunWithBothFormsPairsEachByItsKey() {
        Table t = Comparison.of(List.of(run("a.jfr", counter("page-faults", 100), counter("page-faults:u", 60)),
                run("b.jfr", counter("page-faults", 110), counter("page-faults:u", 70))));
        List<Row> faults = t.rows().stream().filter(r -> r.metric().key().startsWith("page-faults")).toList();
        assertThat(faults).extracting(r -> r.metric().key()).containsExactly("page-faults", "page-faults:u");
        assertThat(faults.get(1).values()).extracting(Value::value).containsExactly(60.0, 70.0);
        assertThat(faults.get(1).metric().label()).isEqualTo("page-faults:u");
    }

    /**
     * Where one run opened both forms, a run that opened page-faults:u alone lines its count up with that run's
     * page-faults:u, not with its page-faults: each form is a row of its own in every column.
     */
    @Test
    void besideARunWithBothFormsALoneModifiedEventLinesUpWithItsOwnForm() {
        Table t = Comparison.of(List.of(run("a.jfr", counter("page-faults:u", 60)),
                run("b.jfr", counter("page-faults", 110), counter("page-faults:u", 70))));
        List<Row> faults = t.rows().stream().filter(r -> r.metric().key().startsWith("page-faults")).toList();
        assertThat(faults).extracting(r -> r.metric().key()).containsExactlyInAnyOrder("page-faults", "page-faults:u");
        Row u = faults.stream().filter(r -> r.metric().key().equals("page-faults:u")).findFirst().orElseThrow();
        assertThat(u.values()).extracting(Value::value).containsExactly(60.0, 70.0);
        Row plain = faults.stream().filter(r -> r.metric().key().equals("page-faults")).findFirst().orElseThrow();
        assertThat(plain.values().get(0).measured()).isFalse();
        assertThat(plain.values().get(1).value()).isEqualTo(110.0);
        assertThat(plain.metric().label()).isEqualTo("page-faults");
    }

    /** A key that keeps a modifier is never a row under a counter (a role's, the whole process's). */
    @Test
    void aModifiedKeyIsNoRoleKey() {
        List<String> keys = RowCatalogue.counterKeys(List.of("task-clock", "task-clock:u", "context-switches",
                "context-switches:k", "cycles", "cycles:u", "task-clock:gc"));
        assertThat(keys).containsExactly("task-clock", "task-clock:u", "context-switches", "context-switches:k", "cycles",
                "cycles:u", "task-clock:gc#2");
        for (String k : keys.subList(0, 6)) {
            assertThat(RoleRows.role(k)).as(k).isNull();
            assertThat(RoleRows.textLabel(k)).as(k).isNull();
        }
    }

    /** The names a --fail-on rule may use before any run are the table's: both forms, each rule one row. */
    @Test
    void theGatesNamesBeforeARunAreTheTables() {
        List<Metric> known = RowCatalogue.of(List.of("page-faults", "page-faults:u", "task-clock", "task-clock:u"), null);
        assertThat(known).extracting(Metric::key).contains("page-faults", "page-faults:u", "task-clock", "task-clock:u",
                RoleRows.PROCESS);
        assertThat(known.stream().filter(Gate.Rule.parse("page-faults:u:+5%")::matches)).extracting(Metric::key)
                .containsExactly("page-faults:u");
        assertThat(known.stream().filter(Gate.Rule.parse("page-faults:+5%")::matches)).extracting(Metric::key)
                .containsExactly("page-faults");
        assertThat(RowCatalogue.of(List.of("page-faults:u"), null)).extracting(Metric::key).contains("page-faults")
                .doesNotContain("page-faults:u");
    }

    /** Only the first task-clock is split by role; a task-clock:u beside it is its whole count on a row of its own. */
    @Test
    void onlyTheFirstTaskClockIsSplitByRole() {
        RunData.Roles roles = new RunData.Roles(List.of(
                new RunData.RoleCount(ThreadRole.APPLICATION, 1_900_000_000L, 10, 1, 3, "schedstat"),
                new RunData.RoleCount(ThreadRole.OBSERVER, 100_000_000L, 5, 0, 4, "schedstat")), null);
        RunData r = run("a.jfr", counter("task-clock", 2 * S), counter("task-clock:u", 1_500_000_000L)).withRoles(roles);
        Map<String, Measurements.Measured> rows = counterRows(r);
        assertThat(rows.get("task-clock").value().value()).isCloseTo(1900.0, within(1e-9)); // less the observer
        assertThat(rows.get(RoleRows.PROCESS).value().value()).isCloseTo(2000.0, within(1e-9));
        assertThat(rows.get("task-clock:u").value().value()).isCloseTo(1500.0, within(1e-9));
        assertThat(rows.get("task-clock:u").metric().label()).isEqualTo("task-clock:u (msecs)");
        StatSummary s = StatSummary.of("java X", List.of(r), List.of());
        assertThat(s.lines()).extracting(StatSummary.Line::event).containsOnlyOnce(RoleRows.PROCESS, "task-clock:observer");
        assertThat(s.lines().stream().filter(l -> l.event().equals("task-clock:u")).findFirst().orElseThrow().value().value())
                .isCloseTo(1500.0, within(1e-9));
        // the roles' shares are of the first task-clock's whole process, in stat's lines as in the table's rows
        StatSummary.Line app = s.lines().stream().filter(l -> l.event().equals(RoleRows.key(ThreadRole.APPLICATION)))
                .findFirst().orElseThrow();
        assertThat(app.derived().value()).isCloseTo(95.0, within(1e-9));
        assertThat(((Comment.Counter) rows.get(RoleRows.key(ThreadRole.APPLICATION)).comment()).derived().value())
                .isCloseTo(95.0, within(1e-9));
    }
}

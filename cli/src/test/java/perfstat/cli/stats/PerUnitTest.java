package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/** Rows per unit of work ({@code --per}) on the reference recordings of fstime. */
class PerUnitTest {
    private static RunData unpatched;
    private static RunData patched;

    @BeforeAll
    static void read() {
        unpatched = RecordingReader.read("../recordings/fstime-unpatched.jfr");
        patched = RecordingReader.read("../recordings/fstime-patched.jfr");
    }

    private static MetricId perUnit(String event, String unit) {
        return new MetricId(MetricId.Kind.COUNTER, event, MetricId.Statistic.PER_UNIT, unit);
    }

    @Test
    void eachCounterIsDividedByTheProbesCallsAndPlacedAfterItsTotalAndTheRowsUnderIt() {
        Map<MetricId, Measurements.Measured> total = Measurements.of(unpatched);
        Map<MetricId, Measurements.Measured> m = new PerUnit("Vfs::write").addTo(total, unpatched);
        long calls = unpatched.probes().values().stream().filter(p -> p.name().endsWith("Vfs::write")).findFirst()
                .orElseThrow().calls();
        MetricId clock = perUnit("task-clock", "ns/Vfs::write");
        double taskClockMs = total.get(new MetricId(MetricId.Kind.COUNTER, "task-clock", MetricId.Statistic.TOTAL, "ms"))
                .value().value();
        assertThat(m.get(clock).value().value()).isCloseTo(taskClockMs * 1e6 / calls, within(1e-9));
        assertThat(m.get(clock).metric().label()).isEqualTo("task-clock per Vfs::write call (ns)");
        assertThat(m.get(clock).metric().key()).isEqualTo("task-clock/Vfs::write");
        List<MetricId> order = new ArrayList<>(m.keySet());
        int at = order.indexOf(clock);
        // after task-clock and any rows indented under it, before the next counter
        String before = m.get(order.get(at - 1)).metric().label();
        assertThat(before.startsWith(" ") || before.startsWith("task-clock")).isTrue();
        assertThat(m.get(order.get(at + 1)).metric().label()).startsWith("context-switches");
        assertThat(m.size() - total.size()).isEqualTo(m.keySet().stream()
                .filter(id -> id.statistic() == MetricId.Statistic.PER_UNIT).count()).isPositive();
    }

    @Test
    void aCounterTheMachineDoesNotSupportGetsNoRowPerUnit() {
        Map<MetricId, Measurements.Measured> m = new PerUnit("write_calls").addTo(Measurements.of(unpatched), unpatched);
        m.values().stream().filter(x -> x.metric().id().statistic() == MetricId.Statistic.PER_UNIT)
                .forEach(x -> assertThat(x.value().status()).isNotEqualTo(Value.Status.NOT_SUPPORTED));
        boolean cyclesUnsupported = unpatched.perfCounters().stream()
                .anyMatch(c -> c.baseEvent().equals("cycles") && !c.supported());
        if (cyclesUnsupported) {
            assertThat(m).doesNotContainKey(perUnit("cycles", "count/write_calls"));
        }
    }

    @Test
    void aModelCounterDividesAndTheNameIsCaseBlind() {
        PerUnit.Divisor d = new PerUnit("WRITE_CALLS").divisor(unpatched);
        assertThat(d.count()).isEqualTo((double) unpatched.modelCounters().get("write_calls"));
        assertThat(new PerUnit("model:write_calls").divisor(unpatched)).isEqualTo(d);
    }

    @Test
    void anUnknownNameIsRefusedWithTheNearestNames() {
        assertThatThrownBy(() -> new PerUnit("Vfs::writ").divisor(unpatched))
                .isInstanceOf(PerUnit.UnknownUnit.class)
                .hasMessageContaining("--per Vfs::writ")
                .satisfies(e -> assertThat(((PerUnit.UnknownUnit) e).nearest()).first().isEqualTo("Vfs::write"));
        assertThatThrownBy(() -> new PerUnit("nothing").check(List.of(unpatched, patched)))
                .isInstanceOf(PerUnit.UnknownUnit.class);
    }

    /** A probe by signature is named with its types; --per, as --fail-on, may leave them out: one overload's calls, or all summed. */
    @Test
    void aProbeBySignatureMayBeNamedWithoutItsTypesWhereOneOverloadWasProbed() {
        java.util.SortedMap<String, RunData.Probe> one = new java.util.TreeMap<>();
        one.put("org.x.Hex::encode(byte[])", new RunData.Probe("org.x.Hex::encode(byte[])", 400, 400, "exact", 1, null));
        RunData run = RunData.of("a.jfr").withProbes(one);
        assertThat(new PerUnit("Hex::encode").divisor(run).count()).isEqualTo(400.0);
        assertThat(new PerUnit("Hex::encode(byte[])").divisor(run).count()).isEqualTo(400.0);
        java.util.SortedMap<String, RunData.Probe> two = new java.util.TreeMap<>(one);
        two.put("org.x.Hex::encode(String)", new RunData.Probe("org.x.Hex::encode(String)", 7, 7, "exact", 1, null));
        RunData both = RunData.of("b.jfr").withProbes(two);
        // several overloads probed: the bare name, as --probes and --fail-on take it, sums their calls and says so (it was
        // refused until the parameter types were given)
        PerUnit.Divisor summed = new PerUnit("Hex::encode").divisor(both);
        assertThat(summed.count()).isEqualTo(407.0);
        assertThat(summed.unit()).isEqualTo("Hex::encode call");
        assertThat(summed.from()).isEqualTo("the calls of its 2 overloads probed, summed (2 called; where one calls another,"
                + " a call counts in each: --per Hex::encode(byte[]) counts one overload's), over the counters' window");
        assertThat(new PerUnit("Hex::encode(String)").divisor(both).count()).isEqualTo(7.0);
    }

    @Test
    void noUnitAskedForAndNoneDeclaredAddsNothing() {
        Map<MetricId, Measurements.Measured> total = Measurements.of(unpatched);
        // the reference recordings predate the model's declared unit (format 10): the default has nothing to divide by
        assertThat(unpatched.workload().unitCounter()).isEmpty();
        assertThat(PerUnit.MODEL_DEFAULT.addTo(total, unpatched)).isEqualTo(total);
        assertThat(PerUnit.NONE.addTo(total, unpatched)).isEqualTo(total);
        assertThat(PerUnit.of("none")).isEqualTo(PerUnit.NONE);
    }

    @Test
    void theRowsPerUnitAreJudgedOnTheRunsRatios() {
        Table t = Comparison.ofColumns(List.of(Collections.nCopies(4, unpatched), Collections.nCopies(4, patched)),
                new Comparison.Options(0.95, 0).withPer(new PerUnit("write_calls")));
        Row row = t.rows().stream().filter(r -> r.metric().id().equals(perUnit("task-clock", "ns/write_calls")))
                .findFirst().orElseThrow();
        double a = row.values().get(0).value();
        double b = row.values().get(1).value();
        assertThat(row.tests().get(1)).isNotNull();
        assertThat(row.deltas().get(1)).isCloseTo(b / a - 1, within(1e-9));
        assertThat(t.notes()).contains(new Note.PerUnitOf("write_calls",
                "the model counter write_calls, over the workload's whole run, warm-up included"));
    }

    @Test
    void decimalsGiveThreeSignificantDigits() {
        assertThat(PerUnit.decimals(Value.of(100.5))).isEqualTo(1);
        assertThat(PerUnit.decimals(Value.of(12.3))).isEqualTo(1);
        assertThat(PerUnit.decimals(Value.of(1.23))).isEqualTo(2);
        assertThat(PerUnit.decimals(Value.of(0.000127))).isEqualTo(6);
    }

    @Test
    void aRunWithFarFewerUnitsThanItsSidesOthersIsNamed() {
        // the same recording four times: no run stands out
        List<List<RunData>> alike = List.of(Collections.nCopies(4, unpatched));
        assertThat(new PerUnit("write_calls").notes(alike, List.of("a"))).noneMatch(n -> n instanceof Note.FewUnits);
        assertThat(new PerUnit("write_calls").notes(alike, List.of("a"))).hasSize(1);
    }

    /** A score divides where it counts work done: not a time (what the work took), a rate, or a cost where lower is better. */
    @Test
    void aScoreIsAUnitOnlyWhereItCountsWorkDone() {
        RunData tokens = unpatched.withProgramScore(new RunData.ProgramScore("tokens", "tokens", true, 400, List.of(400.0)));
        assertThat(new PerUnit("tokens").divisor(tokens).count()).isEqualTo(400);
        assertThat(new PerUnit("token").divisor(tokens).key()).isEqualTo("token");
        for (RunData.ProgramScore notWork : List.of(new RunData.ProgramScore("loop_ms", "ms", false, 700, List.of(700.0)),
                new RunData.ProgramScore("loop", "secs", true, 2, List.of(2.0)),
                new RunData.ProgramScore("retries", "retries", false, 3, List.of(3.0)),
                new RunData.ProgramScore("rate", "ops/s", true, 9, List.of(9.0)))) {
            RunData run = unpatched.withProgramScore(notWork);
            for (String name : List.of(notWork.unit(), "m", "score")) {
                assertThatThrownBy(() -> new PerUnit(name).divisor(run)).as(notWork + " as " + name)
                        .isInstanceOf(PerUnit.UnknownUnit.class).hasMessageNotContaining("nearest: m,");
            }
        }
    }

    @Test
    void aBlankNameIsRefused() {
        assertThatThrownBy(() -> PerUnit.of(" ")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--per");
        assertThat(PerUnit.of(null)).isEqualTo(PerUnit.MODEL_DEFAULT);
    }

    /**
     * stat's lines per unit carry their unit in full in {@code -x} and {@code --json} ({@code ns/write_calls},
     * {@code /write_calls}), so that a script tells them from the totals; the text's unit column keeps perf's width.
     */
    @Test
    void statsLinesPerUnitCarryTheirFullUnitInCsvAndJson() {
        StatSummary s = StatSummary.of("fstime", List.of(unpatched), List.of(), new PerUnit("write_calls"));
        assertThat(s.perUnit()).isNotEmpty();
        StatSummary.Line clock = s.perUnit().stream().filter(l -> l.event().startsWith("task-clock")).findFirst().orElseThrow();
        assertThat(clock.unit()).isEqualTo("ns/write_calls");
        StatSummary.Line count = s.perUnit().stream().filter(l -> l.event().startsWith("page-faults")).findFirst().orElseThrow();
        assertThat(count.unit()).isEqualTo("/write_calls");
        String csv = render(perfstat.cli.render.StatRenderer.Layout.CSV, s);
        assertThat(csv).contains(",ns/write_calls," + clock.event() + ",").contains(",/write_calls," + count.event() + ",");
        assertThat(render(perfstat.cli.render.StatRenderer.Layout.JSON, s))
                .contains("\"unit\" : \"ns/write_calls\", \"event\" : \"" + clock.event() + "\"");
        String text = render(perfstat.cli.render.StatRenderer.Layout.TEXT, s);
        assertThat(text).containsPattern(" ns   " + java.util.regex.Pattern.quote(clock.event()))
                .doesNotContain("ns/write_calls");
    }

    private static String render(perfstat.cli.render.StatRenderer.Layout layout, StatSummary s) {
        java.io.StringWriter w = new java.io.StringWriter();
        new perfstat.cli.render.StatRenderer(layout, ",").render(s, new java.io.PrintWriter(w));
        return w.toString();
    }
}

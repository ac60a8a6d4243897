package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import perfstat.cli.Json;
import perfstat.cli.stats.Metric;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.Note;
import perfstat.cli.stats.Row;
import perfstat.cli.stats.Table;
import perfstat.cli.stats.Value;

/** Golden output of the table layouts, and JSON that parses with the documented keys. */
class RenderersTest {
    private static Table table(int columns) {
        Metric clock = new Metric("task-clock", "task-clock (msecs)", "ms", MetricId.Kind.COUNTER, 6, Metric.Better.LOWER);
        Metric mig = new Metric("cpu-migrations", "cpu-migrations", "count", MetricId.Kind.COUNTER, 0, Metric.Better.LOWER);
        Metric score = new Metric("score", "fstime (KB/s)", "KB/s", MetricId.Kind.SCORE, 2, Metric.Better.HIGHER);
        List<Row> rows = List.of(
                row(clock, columns, List.of(Value.of(1311.554526), Value.of(1360.624932)), List.of(Double.NaN, 0.0374)),
                row(mig, columns, List.of(Value.notSupported(), Value.notSupported()), List.of(Double.NaN, Double.NaN)),
                row(score, columns, List.of(Value.of(283750), Value.of(337200)), List.of(Double.NaN, 0.18837)));
        return new Table(perfstat.cli.stats.Title.of("fstime"), List.of("unpatched", "patched").subList(0, columns),
                List.of(List.of("a.jfr"), List.of("b.jfr")).subList(0, columns), rows, List.of(), List.of(new Note.UnmatchedProbe("a.B::c")));
    }

    private static Row row(Metric m, int columns, List<Value> v, List<Double> d) {
        return new Row(m, v.subList(0, columns), d.subList(0, columns), List.of(perfstat.cli.stats.Comment.NONE, perfstat.cli.stats.Comment.NONE).subList(0, columns));
    }

    private static String render(OutputFormat f, Table t) {
        StringWriter w = new StringWriter();
        f.render(t, new PrintWriter(w));
        return w.toString();
    }

    @Test
    void sideBySideIsIngosLayout() {
        String expected = String.join("\n",
                " ------------------------------------------",
                " | Performance counter stats for 'fstime' |",
                " ------------------------------------------",
                " |                 |",
                " |       unpatched |         patched",
                " |------------------------------------------------------------------",
                " |",
                " |     1311.554526 |     1360.624932  task-clock (msecs)  +3.74%",
                " | <not supported> | <not supported>  cpu-migrations",
                " |                 |",
                " |       283750.00 |       337200.00  fstime (KB/s)       +18.84%",
                " |                 |",
                " -------------------",
                " # probe 'a.B::c' matched no method",
                "");
        StringWriter w = new StringWriter();
        OutputFormat.TABLE.render(table(2), new PrintWriter(w), true); // every row: the layout itself
        assertThat(w.toString()).isEqualTo(expected);
    }

    @Test
    void threeColumnsNameEachChangeColumnTwoDoNot() {
        Metric clock = new Metric("task-clock", "task-clock (msecs)", "ms", MetricId.Kind.COUNTER, 6, Metric.Better.LOWER);
        Row r = new Row(clock, List.of(Value.of(100), Value.of(110), Value.of(90)), List.of(Double.NaN, 0.1, -0.1),
                List.of(perfstat.cli.stats.Comment.NONE, perfstat.cli.stats.Comment.NONE, perfstat.cli.stats.Comment.NONE));
        Table three = new Table(perfstat.cli.stats.Title.of("t"), List.of("serial", "parallel", "g1"),
                List.of(List.of("a.jfr"), List.of("b.jfr"), List.of("c.jfr")), List.of(r), List.of(), List.of());
        String head = render(OutputFormat.TABLE, three).lines().filter(l -> l.contains("serial |")).findFirst().orElseThrow();
        assertThat(head).containsSubsequence("g1", "parallel vs serial", "g1 vs serial");
        String line = render(OutputFormat.TABLE, three).lines().filter(l -> l.contains("task-clock")).findFirst().orElseThrow();
        assertThat(line.indexOf("+10.00%")).as("the change sits under its heading").isEqualTo(head.indexOf("parallel vs serial"));
        assertThat(line.indexOf("-10.00%")).isEqualTo(head.indexOf("g1 vs serial"));
        assertThat(render(OutputFormat.TABLE, table(2))).doesNotContain(" vs ");
    }

    @Test
    void oneRecordingPrintsAsPerfStatDoes() {
        String expected = String.join("\n",
                "",
                " Performance counter stats for 'fstime':",
                "",
                "     1311.554526  task-clock (msecs)",
                " <not supported>  cpu-migrations",
                "",
                "       283750.00  fstime (KB/s)",
                "",
                " # probe 'a.B::c' matched no method",
                "");
        assertThat(render(OutputFormat.TABLE, table(1))).isEqualTo(expected);
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonParsesAndCarriesNameUnitValuesAndDelta() {
        Map<String, Object> doc = (Map<String, Object>) Json.parse(render(OutputFormat.JSON, table(2)));
        assertThat(doc).containsEntry("schema", "perfstat.table/3");
        List<Map<String, Object>> metrics = (List<Map<String, Object>>) doc.get("metrics");
        Map<String, Object> clock = metrics.get(0);
        assertThat(clock).containsEntry("name", "task-clock").containsEntry("unit", "ms").containsEntry("better", "lower");
        List<Map<String, Object>> values = (List<Map<String, Object>>) clock.get("values");
        assertThat(values.get(1)).containsEntry("value", 1360.624932).containsEntry("status", "measured");
        assertThat((List<Object>) clock.get("deltas")).containsExactly(null, 0.0374);
        Map<String, Object> mig = metrics.get(1);
        assertThat(((List<Map<String, Object>>) mig.get("values")).get(0)).containsEntry("value", null)
                .containsEntry("status", "not_supported");
    }

    @Test
    void aValueTheRecordingsDoNotHaveIsNotCountedNeverADash() {
        Metric gc = new Metric("gc-count", "GCs", "count", MetricId.Kind.JDK, 0, Metric.Better.LOWER);
        Table t = new Table(perfstat.cli.stats.Title.of("tok"), List.of("a", "b"), List.of(List.of("a.jfr"), List.of("b.jfr")),
                List.of(row(gc, 2, List.of(Value.absent(), Value.of(3)), List.of(Double.NaN, Double.NaN))), List.of(), List.of());
        for (OutputFormat f : List.of(OutputFormat.TABLE, OutputFormat.MARKDOWN, OutputFormat.HTML)) {
            String out = render(f, t);
            assertThat(out).as(f.name()).contains("not counted").doesNotContainPattern("[|>]\\s*-\\s*[|<]");
        }
    }

    @Test
    void aLatencyRowOnTooFewTimedCallsIsUndecidedWithTheCountEvenWithoutAValue() {
        Metric p50 = new Metric(new MetricId(MetricId.Kind.PROBE, "a.B::c", MetricId.Statistic.P50, "ns"), "probe:B::c:p50",
                "B::c p50 (ns)", 0, Metric.Better.LOWER);
        Row r = new Row(p50, List.of(Value.notCounted(), Value.notCounted()), List.of(Double.NaN, Double.NaN), List.of(perfstat.cli.stats.Comment.NONE, perfstat.cli.stats.Comment.NONE),
                java.util.Collections.nCopies(2, null), java.util.Collections.nCopies(2, null), List.of(Double.NaN, Double.NaN),
                List.of(List.of(0L, 0L), List.of(0L, 3L)));
        Table t = new Table(perfstat.cli.stats.Title.of("tok"), List.of("a", "b"), List.of(List.of("a.jfr"), List.of("b.jfr")),
                List.of(r), List.of(), List.of());
        assertThat(render(OutputFormat.TABLE, t)).contains("B::c p50 (ns)  ? (0 timed calls < 20)");
    }

    @Test
    void aHotMethodsShareOfASideWithoutSamplesIsNotCountedNeverADashOrNaN() {
        perfstat.cli.stats.HotMethods.Section hot = new perfstat.cli.stats.HotMethods.Section("self", List.of(13L, 0L),
                List.of(new perfstat.cli.stats.HotMethods.Row("a.B::c", List.of(0.69, Double.NaN), List.of(Double.NaN, Double.NaN),
                        java.util.Arrays.asList(null, null))));
        Table t = new Table(perfstat.cli.stats.Title.of("tok"), List.of("a", "b"), List.of(List.of("a.jfr"), List.of("b.jfr")),
                List.of(), List.of(), List.of(), List.of(), List.of(hot), "tok");
        assertThat(render(OutputFormat.TABLE, t)).contains("69.00% <not counted>  B::c").doesNotContain(" - ");
        assertThat(render(OutputFormat.CSV, t)).contains("<not counted>,%,hot-self").doesNotContain("NaN");
    }
    /** The hot-methods heading names the kind of sample counted: JFR's CPU-time samples on JDK 25, execution samples else. */
    @Test
    void hotMethodsHeadingsNameTheKindOfSampleCounted() {
        perfstat.cli.stats.HotMethods.Section hot = new perfstat.cli.stats.HotMethods.Section("self", List.of(13L, 20L),
                List.of(new perfstat.cli.stats.HotMethods.Row("a.B::c", List.of(0.69, 0.5), List.of(Double.NaN, -19.0),
                        java.util.Arrays.asList(null, null))));
        for (OutputFormat f : List.of(OutputFormat.TABLE, OutputFormat.MARKDOWN, OutputFormat.HTML)) {
            Table cpu = new Table(perfstat.cli.stats.Title.of("tok"), List.of("a", "b"), List.of(List.of("a.jfr"), List.of("b.jfr")),
                    List.of(), List.of(), List.of(new Note.SampleKind(List.of("jdk.CPUTimeSample"))), List.of(), List.of(hot), "tok");
            assertThat(render(f, cpu)).as(f.name()).contains("hot methods, self (% of 13").contains(" 20 CPU-time samples)")
                    .doesNotContain("execution samples)");
            Table exec = cpu.withNotes(List.of(new Note.SampleKind(List.of("jdk.ExecutionSample"))));
            assertThat(render(f, exec)).as(f.name()).contains(" 20 execution samples)");
            Table both = cpu.withNotes(List.of(new Note.SampleKind(List.of("jdk.CPUTimeSample", "jdk.ExecutionSample"))));
            assertThat(render(f, both)).as(f.name()).contains(" 20 CPU-time and execution samples)");
        }
    }
}

package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import perfstat.cli.stats.Metric;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.PercentileCurve;
import perfstat.cli.stats.Row;
import perfstat.cli.stats.Significance;
import perfstat.cli.stats.Spread;
import perfstat.cli.stats.Table;
import perfstat.cli.stats.Value;

/**
 * Every output format against a golden file (src/test/resources/golden), on a table made
 * from seed 000's numbers: fstime's five samples a side (a significant change), a counter
 * whose samples overlap (~), one with three samples a side (too few), and one not supported.
 * To accept a deliberate change of layout: run with -Dperfstat.golden.update=true and review
 * the diff of the golden files.
 */
class GoldenFormatsTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    static Table seed000() {
        Metric score = new Metric("score", "fstime (KB/s)", "KB/s", MetricId.Kind.SCORE, 2, Metric.Better.HIGHER);
        Metric clock = new Metric("task-clock", "task-clock (msecs)", "ms", MetricId.Kind.COUNTER, 2, Metric.Better.LOWER);
        Metric faults = new Metric("page-faults", "page-faults", "count", MetricId.Kind.COUNTER, 0, Metric.Better.LOWER);
        Metric cycles = new Metric("cycles", "cycles", "count", MetricId.Kind.COUNTER, 0, Metric.Better.LOWER);
        List<Row> rows = List.of(
                row(score, new double[] {283750, 295200, 294500, 293000, 293300}, new double[] {337200, 329000, 331050, 337300, 328450}),
                row(clock, new double[] {10010, 10020, 9990, 10005, 10001}, new double[] {10003, 10012, 9995, 10015, 9998}),
                row(faults, new double[] {1200, 1210, 1190}, new double[] {1100, 1105, 1098}),
                new Row(cycles, List.of(Value.notSupported(), Value.notSupported()), List.of(Double.NaN, Double.NaN),
                        List.of(perfstat.cli.stats.Comment.NONE, perfstat.cli.stats.Comment.NONE), Arrays.asList(null, null), Arrays.asList(null, null)));
        return new Table(new perfstat.cli.stats.Title("fstime", new perfstat.cli.stats.Title.Workload(1, false, false,
                java.time.Duration.ofSeconds(10)), 5), List.of("2.6.29-rc6", "patch"),
                List.of(List.of("a1.jfr"), List.of("b1.jfr")), rows,
                List.of(new perfstat.cli.stats.Summary("patch", "2.6.29-rc6", true, 0.1392,
                        List.of(new perfstat.cli.stats.Summary.Move(score, 0.1392)), List.of())),
                List.of(new perfstat.cli.stats.Note.UnmatchedProbe("a.B::c")), List.of(new PercentileCurve("write", List.of(PercentileCurve.of(latencies(97)),
                        PercentileCurve.of(latencies(84))))));
    }

    /** 10,000 latencies around {@code typical} ns with a tail out to 100 times that. */
    private static org.HdrHistogram.Histogram latencies(long typical) {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        for (int i = 1; i <= 10_000; i++) {
            h.recordValue(typical + i % 50 + (i % 1000 == 0 ? typical * (i / 1000) * 10 : 0));
        }
        return h;
    }

    private static Row row(Metric m, double[] a, double[] b) {
        Spread sa = new Spread(a, false);
        Spread sb = new Spread(b, false);
        Value va = new Value(sa.mean(), Value.Status.MEASURED, sa.stderrPct(), sa.n());
        Value vb = new Value(sb.mean(), Value.Status.MEASURED, sb.stderrPct(), sb.n());
        return new Row(m, List.of(va, vb), List.of(Double.NaN, (sb.mean() - sa.mean()) / sa.mean()), List.of(perfstat.cli.stats.Comment.NONE, perfstat.cli.stats.Comment.NONE),
                List.of(sa, sb), Arrays.asList(null, Significance.ofRuns(sa, sb, 0.95)));
    }

    @ParameterizedTest
    @EnumSource(OutputFormat.class)
    void everyFormatMatchesItsGoldenFile(OutputFormat format) throws Exception {
        StringWriter w = new StringWriter();
        if (format == OutputFormat.TABLE) {
            TableRenderer.render(seed000(), new PrintWriter(w), false);
        } else {
            format.render(seed000(), new PrintWriter(w));
        }
        Path golden = GOLDEN.resolve("seed000." + format.name().toLowerCase(java.util.Locale.ROOT));
        if (Boolean.getBoolean("perfstat.golden.update")) {
            Files.writeString(golden, w.toString(), StandardCharsets.UTF_8);
        }
        assertThat(w.toString()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
}

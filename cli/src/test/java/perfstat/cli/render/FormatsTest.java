package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import perfstat.cli.stats.Value;

/** A mean is written with the digits the change beside it needs. */
class FormatsTest {
    private static Value mean(double v) {
        return new Value(v, Value.Status.MEASURED, 1.0, 8);
    }

    @Test
    void aMeanOfCountsThatIsNotWholeShowsItsChange() {
        // JIT compilations 3 | 3 +12.50% and monitor blocks 69 | 0 -99.51%, as a diff of 8+8 recordings printed them
        assertThat(Formats.value(mean(3), 0)).isEqualTo("3");
        assertThat(Formats.value(mean(3.375), 0)).isEqualTo("3.38");
        assertThat(Formats.value(mean(0.34), 0)).isEqualTo("0.340");
        assertThat(Formats.value(mean(41.2), 0)).isEqualTo("41.2");
        assertThat(Formats.value(mean(1137.4), 0)).isEqualTo("1137");
        assertThat(Formats.value(mean(0.0000001), 0)).isEqualTo("0.000000");
    }

    @Test
    void aRowWithDecimalsKeepsThem() {
        assertThat(Formats.value(mean(0.043), 3)).isEqualTo("0.043");
        assertThat(Formats.value(mean(7136.80781), 6)).isEqualTo("7136.807810");
        assertThat(Formats.value(Value.notCounted(), 0)).isEqualTo("<not counted>");
    }

    /** A machine row's change is a difference in its unit: over a near-0 baseline a percentage (+1657%) says nothing. */
    @Test
    void aMachineRowShowsItsChangeAsADifference() {
        perfstat.cli.stats.Metric busy = new perfstat.cli.stats.Metric(new perfstat.cli.stats.MetricId(
                perfstat.cli.stats.MetricId.Kind.MACHINE, "machine:others", perfstat.cli.stats.MetricId.Statistic.MEAN, "CPUs"),
                "machine:others", "machine busy (other processes) (CPUs)", 3, perfstat.cli.stats.Metric.Better.NEITHER);
        perfstat.cli.stats.Row one = new perfstat.cli.stats.Row(busy, java.util.List.of(mean(0.035), mean(0.615)),
                java.util.List.of(Double.NaN, 0.615 / 0.035 - 1), java.util.List.of(perfstat.cli.stats.Comment.NONE,
                perfstat.cli.stats.Comment.NONE));
        assertThat(Formats.judgedDelta(one, 1)).isEqualTo("+0.580 CPUs");
        perfstat.cli.stats.Significance t = perfstat.cli.stats.Significance.ofRuns(
                new perfstat.cli.stats.Spread(new double[] {0.03, 0.04, 0.035, 0.035}, false),
                new perfstat.cli.stats.Spread(new double[] {0.60, 0.62, 0.61, 0.63}, false), 0.95);
        String judged = Formats.judgedDelta(one.withTests(java.util.List.of(t, t), java.util.List.of(Double.NaN, Double.NaN)), 1);
        assertThat(judged).startsWith("+0.580 CPUs [+0.").doesNotContain("%");
    }

    /** Two runs a side of a noisy row: an upper bound of millions of percent is written as beyond +1000%. */
    @Test
    void anIntervalBoundBeyondAThousandPercentIsWrittenSo() {
        assertThat(Formats.bound(3473984.793)).isEqualTo(">+1000%");
        assertThat(Formats.bound(9.999)).isEqualTo("+999.9%");
        assertThat(Formats.bound(-1.0)).isEqualTo("-100.0%");
        perfstat.cli.stats.Significance t = perfstat.cli.stats.Significance.ofRuns(
                new perfstat.cli.stats.Spread(new double[] {10, 900}, false),
                new perfstat.cli.stats.Spread(new double[] {20, 30000}, false), 0.95);
        assertThat(Formats.judgedDelta(Double.NaN, t)).startsWith("~ [-100.0%, >+1000%]");
    }

    /** "[2 groups]" qualifies a change: a row with none (a side not counted) gets no tag, as a note's line had one dangling. */
    @Test
    void aRowWithoutAChangeHasNoGroupsTag() {
        perfstat.cli.stats.Metric m = new perfstat.cli.stats.Metric("x", "x (msecs)", "ms",
                perfstat.cli.stats.MetricId.Kind.COUNTER, 6, perfstat.cli.stats.Metric.Better.LOWER);
        perfstat.cli.stats.Spread split = new perfstat.cli.stats.Spread(new double[] {1.00, 1.01, 1.02, 10.0, 10.1}, false);
        perfstat.cli.stats.Spread plain = new perfstat.cli.stats.Spread(new double[] {5.0, 5.1, 4.9, 5.05, 4.95}, false);
        assertThat(split.groups()).isPositive();
        java.util.List<perfstat.cli.stats.Comment> none = java.util.List.of(perfstat.cli.stats.Comment.NONE,
                perfstat.cli.stats.Comment.NONE);
        perfstat.cli.stats.Row missing = new perfstat.cli.stats.Row(m, java.util.List.of(Value.notCounted(), mean(4.4)),
                java.util.List.of(Double.NaN, Double.NaN), none, java.util.Arrays.asList(null, split),
                java.util.Arrays.asList(null, null));
        assertThat(Formats.judgedDelta(missing, 1)).isEmpty();
        perfstat.cli.stats.Row both = new perfstat.cli.stats.Row(m, java.util.List.of(mean(5), mean(4.4)),
                java.util.List.of(Double.NaN, -0.12), none, java.util.List.of(plain, split),
                java.util.Arrays.asList(null, perfstat.cli.stats.Significance.ofRuns(plain, split, 0.95)));
        assertThat(Formats.judgedDelta(both, 1)).endsWith(" [2 groups]");
    }
}

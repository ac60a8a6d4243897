package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import perfstat.cli.stats.Metric;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.Summary;

/** The summary line's words are the renderers'; the stats layer hands over values only. */
class SummaryTextTest {
    @Test
    void aScoreIsCalledAScoreAndTimeElapsedIsNot() {
        Summary byScore = new Summary("b", "a", true, 0.1, List.of(new Summary.Move(new Metric("score", "fstime (KB/s)", "KB/s", MetricId.Kind.SCORE, 2, Metric.Better.HIGHER), 0.1)),
                List.of(new Summary.Move(new Metric("task-clock", "task-clock (msecs)", "ms", MetricId.Kind.COUNTER, 6,
                        Metric.Better.LOWER), 0.05)));
        assertThat(SummaryText.of(byScore)).isEqualTo(
                "b vs a: geomean of score ratios +10.00%; better: fstime (KB/s) +10.00%; worse: task-clock (msecs) +5.00%");
        Summary noScore = new Summary("b", "a", false, -0.02, List.of(), List.of());
        assertThat(SummaryText.of(noScore)).isEqualTo("b vs a: no score, time elapsed -2.00%; better: none; worse: none"
                + " (no significant change)");
        assertThat(SummaryText.of(new Summary("b", "a", true, Double.NaN, List.of(), List.of())))
                .doesNotContain("geomean").doesNotContain("NaN");
    }
    /** A headline where no change was shown gives its interval, as its row does. */
    @Test
    void aHeadlineWithoutAChangeShowsItsInterval() {
        Metric time = new Metric("time-elapsed", "time elapsed (msecs)", "ms", MetricId.Kind.TIME, 6, Metric.Better.LOWER);
        perfstat.cli.stats.Significance t = perfstat.cli.stats.Significance.ofRuns(
                new perfstat.cli.stats.Spread(new double[] {100, 104, 98, 101}, false),
                new perfstat.cli.stats.Spread(new double[] {99, 105, 100, 103}, false), 0.95);
        Summary s = new Summary("b", "a", false, 1.0, List.of(), List.of(), List.of(), new Summary.Headline(time, 0.01, t), 0,
                List.of());
        assertThat(SummaryText.of(s)).matches("b vs a: time elapsed \\(msecs\\) ~ \\[-[0-9.]+%, \\+[0-9.]+%\\];.*");
    }

    /** With one run a side nothing is judged: the line says so, not "no significant change". */
    @Test
    void anUndecidedHeadlineSaysNothingWasJudged() {
        Metric time = new Metric("time-elapsed", "time elapsed (msecs)", "ms", MetricId.Kind.TIME, 6, Metric.Better.LOWER);
        Summary s = new Summary("b", "a", false, 1.0, List.of(), List.of(), List.of(), new Summary.Headline(time, 0.01, null), 0,
                List.of());
        assertThat(SummaryText.of(s)).endsWith("(too few runs to judge)").doesNotContain("no significant change");
    }
}

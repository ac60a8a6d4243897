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
    /** A headline the control of false discoveries overruled shows its q beside the raw p, as its row does. */
    @Test
    void anOverruledHeadlineShowsItsQ() {
        Metric time = new Metric("time-elapsed", "time elapsed (msecs)", "ms", MetricId.Kind.TIME, 6, Metric.Better.LOWER);
        Summary s = new Summary("b", "a", false, 1.0, List.of(), List.of(), new Summary.Headline(time, 1.0,
                perfstat.cli.stats.Significance.Verdict.NOT_SIGNIFICANT, 0.029, 0.055), 0, List.of());
        assertThat(SummaryText.of(s)).startsWith("b vs a: time elapsed (msecs) ~ (p=0.029 q=0.055);");
    }
}

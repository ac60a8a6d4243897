package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import perfstat.cli.stats.Comment;
import perfstat.cli.stats.CounterMetrics;
import perfstat.cli.stats.Significance;

/** A row's comment and a test's reason are values in stats; their words are the render package's. */
class CommentTextTest {
    @Test
    void everyKindOfCommentHasItsWords() {
        List<Comment> every = List.of(Comment.NONE, Comment.Counter.of(new CounterMetrics.Derived(1.0951, "CPUs utilized")),
                new Comment.CpuFromLoad(0.98, 97.5), new Comment.MachineSwitches(), new Comment.Event("jdk.FileRead", ""),
                new Comment.Contention("jdk.ThreadPark", Optional.of(Duration.ofMillis(20)), false),
                new Comment.MeanOf("jdk.CPULoad"), new Comment.Score(Duration.ofSeconds(10), 10), new Comment.WindowScore(5),
                new Comment.OutputScore(3),
                new Comment.TimedCalls(3916), new Comment.MeanOfRuns(5), new Comment.MergedHistograms(5),
                new Comment.MissingInRuns(1, 3), new Comment.SettledRuns(15, 20), new Comment.Iterations(perfstat.cli.stats.SteadyState.Kind.WARMUP, 300, 38, 2));
        assertThat(every.stream().map(Object::getClass).distinct().count())
                .isEqualTo(Arrays.stream(Comment.class.getPermittedSubclasses()).count());
        assertThat(every.subList(1, every.size())).allSatisfy(c -> assertThat(CommentText.of(c)).as(c.toString()).isNotBlank());
        assertThat(CommentText.of(Comment.NONE)).isEmpty();
    }

    @Test
    void commentsReadAsAReportPrintsThem() {
        assertThat(CommentText.of(Comment.Counter.of(new CounterMetrics.Derived(1.0951, "CPUs utilized")))).isEqualTo("1.095 CPUs utilized");
        assertThat(CommentText.of(Comment.Counter.of(CounterMetrics.rate(1150, 5e9)))).isEqualTo("230.000 /sec");
        assertThat(CommentText.of(new Comment.Counter(new CounterMetrics.Derived(0.52, "% of all branches"), 50, "procfs")))
                .isEqualTo("0.52% of all branches  (50.00%)  [procfs]");
        assertThat(CommentText.of(new Comment.Counter(CounterMetrics.Derived.NONE, 100, "procfs"))).isEqualTo("[procfs]");
        assertThat(CommentText.of(new Comment.CpuFromLoad(0.98, 97.5))).isEqualTo("0.980 CPUs utilized  [derived: jdk.CPULoad x CPUs;"
                + " its samples cover 97.5% of the JVM's life, scaled to all of it]");
        assertThat(CommentText.of(new Comment.CpuFromLoad(Double.NaN, Double.NaN))).isEqualTo("[derived: jdk.CPULoad x CPUs over time]");
        assertThat(CommentText.of(new Comment.Event("jdk.FileRead", "calls above the threshold"))).isEqualTo("jdk.FileRead, calls above the threshold");
        assertThat(CommentText.of(new Comment.Contention("jdk.JavaMonitorEnter", Optional.of(Duration.ofNanos(10_000)), false)))
                .isEqualTo("jdk.JavaMonitorEnter >= 10us");
        assertThat(CommentText.of(new Comment.Contention("jdk.JavaMonitorEnter", Optional.empty(), true)))
                .isEqualTo("jdk.JavaMonitorEnter, threshold not recorded");
        assertThat(CommentText.of(new Comment.Contention("jdk.ThreadPark", Optional.empty(), false))).isEqualTo("jdk.ThreadPark");
        assertThat(CommentText.of(new Comment.Score(Duration.ofMillis(10_004), 1))).isEqualTo("over 10.00 s");
        assertThat(CommentText.of(new Comment.MeanOfRuns(5))).isEqualTo("mean of 5 runs");
        assertThat(CommentText.of(new Comment.OutputScore(1))).isEqualTo("from its output");
        assertThat(CommentText.of(new Comment.OutputScore(3))).isEqualTo("mean of 3 numbers in its output");
        assertThat(CommentText.of(new Comment.MissingInRuns(1, 3))).isEqualTo("missing in 1 of 3 runs");
        assertThat(CommentText.of(new Comment.SettledRuns(15, 20))).isEqualTo("mean of the 15 of 20 runs that settled");
    }

    @Test
    void aReasonReadsAsJsonGivesIt() {
        assertThat(CommentText.reason(new Significance.Reason.UTestCannotReach(3, 3, 1 - 0.95)))
                .isEqualTo("U test: 3+3 samples cannot reach p < 0.050");
        assertThat(CommentText.reason(new Significance.Reason.TooFewTimedCalls(6, 20)))
                .isEqualTo("a sample rests on 6 timed calls, fewer than 20");
        assertThat(CommentText.reason(new Significance.Reason.OneSampleASide())).isEqualTo("one sample a side");
        assertThat(CommentText.reason(Significance.Reason.NONE)).isEmpty();
    }
}

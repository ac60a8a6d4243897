package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;

/**
 * A command's iterations ({@code --iteration-score}) through a comparison: each run's score is its steady state, not
 * the mean of all its iterations, which a warm-up dilutes; the warm-up is a row of its own; the note says how the runs
 * were classed and whether the runs or the iterations set the interval. Synthetic runs whose truth is known.
 */
class IterationsTest {
    /**
     * One run: {@code warm} iterations from 3x down to {@code level}, then {@code n} at {@code level} x (1 + jvm), each
     * with noise of {@code sd} (a fraction).
     */
    private static RunData run(long seed, int warm, int n, double level, double jvm, double sd) {
        Random r = new Random(seed);
        List<Double> xs = new ArrayList<>();
        for (int i = 0; i < warm; i++) {
            xs.add(level * (3 - 2.0 * i / warm));
        }
        for (int i = 0; i < n; i++) {
            xs.add(level * (1 + jvm) * (1 + sd * r.nextGaussian()));
        }
        double mean = xs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        return RunData.of("run" + seed + ".jfr").withProgram("Loop")
                .withProgramScore(new RunData.ProgramScore("iteration ms", "ms", false, mean, xs, true));
    }

    private static List<RunData> side(long seed, double level, double jvmSd) {
        Random r = new Random(seed);
        List<RunData> out = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            out.add(run(seed * 100 + i, 40, 300, level, jvmSd * r.nextGaussian(), 0.01));
        }
        return out;
    }

    private static Row row(Table t, String key) {
        return t.rows().stream().filter(r -> r.metric().key().equals(key)).findFirst().orElseThrow();
    }

    @Test
    void theScoreIsTheSteadyStateAndTheWarmupARowOfItsOwn() {
        Table t = Comparison.ofColumns(List.of(side(1, 4.0, 0), side(2, 4.2, 0)), List.of("a", "b"), Comparison.Options.DEFAULT);
        Row score = row(t, "score");
        assertThat(score.metric().label()).isEqualTo("iteration ms, steady (ms)");
        assertThat(score.values().get(0).value()).isCloseTo(4.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(score.tests().get(1).verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(score.tests().get(1).ciLow()).isLessThan(0.05);
        assertThat(score.tests().get(1).ciHigh()).isGreaterThan(0.05);
        assertThat(score.tests().get(1).ciHigh() - score.tests().get(1).ciLow()).isLessThan(0.01);
        Row warm = row(t, "score:warmup");
        assertThat(warm.values().get(0).value()).isBetween(30.0, 45.0);
        Note.IterationRuns a = t.notes().stream().filter(n -> n instanceof Note.IterationRuns).map(n -> (Note.IterationRuns) n)
                .findFirst().orElseThrow();
        assertThat(a.side().classes()).containsEntry(SteadyState.Kind.WARMUP, 6);
        assertThat(a.side().jvmsDiffer()).as(a.side().toString()).isFalse();
        // the mean of all iterations, warm-up and all, would have been about 10% above the steady state
        assertThat(side(1, 4.0, 0).get(0).programScore().score()).isGreaterThan(4.3);
    }

    /** JVMs that settle 3% apart: the interval is the runs', wider than the iterations' noise gives, and the note says so. */
    @Test
    void jvmsThatSettleApartSetTheInterval() {
        Table t = Comparison.ofColumns(List.of(side(3, 4.0, 0.03), side(4, 4.0, 0.03)), List.of("a", "b"), Comparison.Options.DEFAULT);
        Note.IterationRuns a = t.notes().stream().filter(n -> n instanceof Note.IterationRuns).map(n -> (Note.IterationRuns) n)
                .findFirst().orElseThrow();
        assertThat(a.side().jvmsDiffer()).isTrue();
        assertThat(a.side().betweenPct()).isGreaterThan(1.0);
        Row score = row(t, "score");
        assertThat(score.tests().get(1).ciLow()).isLessThan(0);
        assertThat(score.tests().get(1).ciHigh()).isGreaterThan(0);
        assertThat(perfstat.cli.render.NoteText.of(a)).contains("the JVMs settle differently, so more runs narrow the interval");
    }

    @Test
    void aRunWithoutASteadyStateHasNoScoreAndSaysWhy() {
        List<Double> levels = new ArrayList<>();
        Random r = new Random(5);
        for (int i = 0; i < 300; i++) {
            levels.add(((i / 50) % 2 == 0 ? 4.0 : 5.0) * (1 + 0.01 * r.nextGaussian()));
        }
        RunData switching = RunData.of("s.jfr").withProgram("Loop")
                .withProgramScore(new RunData.ProgramScore("iteration ms", "ms", false, 4.5, levels, true));
        Measurements.Measured m = Measurements.of(switching).values().stream().filter(x -> x.metric().key().equals("score"))
                .findFirst().orElseThrow();
        assertThat(m.value().status()).isEqualTo(Value.Status.NOT_COUNTED);
        assertThat(m.comment()).isInstanceOf(Comment.Iterations.class);
        assertThat(((Comment.Iterations) m.comment()).kind()).isEqualTo(SteadyState.Kind.LEVELS);
    }
}

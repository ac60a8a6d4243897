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

    /** A JMH fork as perfstat's profiler records it: its measurement iterations the score's intervals. */
    private static RunData fork(Random r, int iterations, double level, double sd) {
        List<Double> xs = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            xs.add(level * (1 + sd * r.nextGaussian()));
        }
        RunData.Workload w = new RunData.Workload(11, "jmh", "", "com.example.Bench.step", 1, 0, 0, "",
                java.time.Duration.ofSeconds(5), java.time.Duration.ZERO, java.time.Duration.ZERO, "thrpt", "ops/ms", true, "",
                false, false);
        return RunData.of("f.jfr").withWorkload(w).withIntervalScores(xs);
    }

    /**
     * JMH's forks as two levels, JMH's warm-up left out: forks that settle 5% apart say that more forks, not more
     * iterations, narrow the interval; forks alike say that more iterations do as well.
     */
    @Test
    void jmhForksAreTwoLevelsOfTheirOwn() {
        Random r = new Random(9);
        List<RunData> apart = new ArrayList<>();
        List<RunData> alike = new ArrayList<>();
        for (int f = 0; f < 5; f++) {
            apart.add(fork(r, 10, 100 * (1 + 0.05 * r.nextGaussian()), 0.01));
            alike.add(fork(r, 10, 100, 0.01));
        }
        List<Note> notes = Iterations.notes(List.of(apart, alike), List.of("before", "after"));
        assertThat(notes).hasSize(2);
        Iterations.Side a = ((Note.IterationRuns) notes.get(0)).side();
        Iterations.Side b = ((Note.IterationRuns) notes.get(1)).side();
        assertThat(a.jmh()).isTrue();
        assertThat(a.runs()).isEqualTo(5);
        assertThat(a.iterations()).isEqualTo(10);
        assertThat(a.jvmsDiffer()).isTrue();
        assertThat(b.jvmsDiffer()).isFalse();
        assertThat(perfstat.cli.render.NoteText.of(notes.get(0))).startsWith("before: 5 forks of 10 measurement iterations"
                + " (median; JMH's warm-up left out): an iteration varies").contains("so more forks (-f) narrow the interval");
        assertThat(perfstat.cli.render.NoteText.of(notes.get(1))).contains("more iterations a fork (-i) narrow it");
        assertThat(IterationPlan.next(List.of(apart, alike), List.of(1L), 10).reason())
                .as("compare's pilots are for commands, not JMH").isEqualTo(IterationPlan.Reason.UNKNOWN);
    }
}

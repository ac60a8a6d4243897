package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The steady-state finder on synthetic series whose changepoints are known, before it meets a real run: each class is
 * found, the changepoints where they were put, and noise alone (heavy-tailed too, as GCs make it) is flat.
 */
class SteadyStateTest {
    private static final int N = 300;

    /** {@code n} iterations of {@code level(i)} plus Gaussian noise of SD {@code sd}. */
    private static double[] series(long seed, int n, double sd, java.util.function.IntToDoubleFunction level) {
        Random r = new Random(seed);
        double[] xs = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = level.applyAsDouble(i) + sd * r.nextGaussian();
        }
        return xs;
    }

    @Test
    void noiseAloneIsFlat() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            SteadyState s = SteadyState.of(series(seed, N, 1, i -> 100));
            assertThat(s.kind()).as("seed %d: %s", seed, s).isEqualTo(SteadyState.Kind.FLAT);
            assertThat(s.warmupIterations()).isZero();
        });
    }

    @Test
    void heavyTailedNoiseIsFlatToo() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            double[] xs = series(seed, N, 1, i -> 100);
            Random r = new Random(seed ^ 0x5DEECE66DL);
            for (int i = 0; i < N; i++) {
                if (r.nextDouble() < 0.03) {
                    xs[i] += 20 + 30 * r.nextDouble(); // a GC now and then: one slow iteration
                }
            }
            SteadyState s = SteadyState.of(xs);
            // three or more slow ones among the first five (a few seeds in ten thousand) are a warm-up of five
            // iterations as far as any series can tell: so classed, never longer
            assertThat(s.kind() == SteadyState.Kind.FLAT
                    || s.kind() == SteadyState.Kind.WARMUP && s.warmupIterations() <= Changepoints.MIN_SEGMENT)
                    .as("seed %d: %s", seed, s).isTrue();
        });
    }

    @Test
    void aWarmupIsFoundWhereItEnds() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            SteadyState s = SteadyState.of(series(seed, N, 1, i -> i < 40 ? 130 : i < 60 ? 110 : 100));
            assertThat(s.kind()).as("seed %d: %s", seed, s).isEqualTo(SteadyState.Kind.WARMUP);
            assertThat(s.warmupIterations()).as("seed %d: %s", seed, s).isBetween(58, 62);
            assertThat(s.steadySegment().median()).isCloseTo(100, org.assertj.core.data.Offset.offset(0.5));
        });
    }

    @Test
    void aSlowdownIsFound() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            SteadyState s = SteadyState.of(series(seed, N, 1, i -> i < 30 ? 120 : i < 150 ? 100 : 106));
            assertThat(s.kind()).as("seed %d: %s", seed, s).isEqualTo(SteadyState.Kind.SLOWDOWN);
            assertThat(s.warmupIterations()).as("seed %d: %s", seed, s).isBetween(148, 152);
        });
    }

    @Test
    void levelsAreRunsThatSwitchBackAndForth() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            SteadyState s = SteadyState.of(series(seed, N, 1, i -> (i / 60) % 2 == 0 ? 100 : 112));
            assertThat(s.kind()).as("seed %d: %s", seed, s).isEqualTo(SteadyState.Kind.LEVELS);
            assertThat(s.segments()).hasSize(5);
            assertThat(s.steadySegment()).isNull();
        });
    }

    /** A run that left its level for a while and came back for good (a deoptimisation, then the method compiled again) has settled. */
    @Test
    void aRunThatComesBackToItsLevelForGoodHasSettled() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            SteadyState s = SteadyState.of(series(seed, N, 1, i -> i < 30 ? 300 : i >= 130 && i < 185 ? 300 : 100));
            assertThat(s.kind()).as("seed %d: %s", seed, s).isEqualTo(SteadyState.Kind.WARMUP);
            assertThat(s.warmupIterations()).as("seed %d: %s", seed, s).isBetween(183, 187);
        });
    }

    /** A burst of slow iterations in two short steps, near the end, is a burst within the level, not two levels. */
    @Test
    void aBurstOfTwoStepsIsNoLevel() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            SteadyState s = SteadyState.of(series(seed, N, 1, i -> i < 40 ? 150 : i >= 270 && i < 278 ? 130 : i >= 278 && i < 286 ? 145 : 100));
            assertThat(s.kind()).as("seed %d: %s", seed, s).isEqualTo(SteadyState.Kind.WARMUP);
            assertThat(s.warmupIterations()).as("seed %d: %s", seed, s).isBetween(38, 42);
        });
    }

    @Test
    void aChangeNearTheEndLeavesNoSteadyState() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            SteadyState s = SteadyState.of(series(seed, N, 1, i -> i < 260 ? 100 : 115));
            assertThat(s.kind()).as("seed %d: %s", seed, s).isEqualTo(SteadyState.Kind.NO_STEADY_STATE);
            assertThat(s.warmupIterations()).isEqualTo(-1);
        });
    }

    @Test
    void tooFewIterationsAreTooShort() {
        assertThat(SteadyState.of(series(1, SteadyState.FEWEST - 1, 1, i -> i < 5 ? 200 : 100)).kind())
                .isEqualTo(SteadyState.Kind.TOO_SHORT);
        assertThat(SteadyState.of(new double[0]).kind()).isEqualTo(SteadyState.Kind.TOO_SHORT);
    }

    @Test
    void aSeriesWithoutNoiseIsClassedByItsLevels() {
        double[] xs = new double[100];
        java.util.Arrays.fill(xs, 5.0);
        assertThat(SteadyState.of(xs).kind()).isEqualTo(SteadyState.Kind.FLAT);
    }

    @Test
    void changepointsLieWhereTheLevelsChange() {
        double[] xs = series(7, 200, 1, i -> i < 50 ? 100 : i < 120 ? 110 : 95);
        assertThat(Changepoints.of(xs)).hasSize(2).allSatisfy(c -> assertThat(c).isIn(48, 49, 50, 51, 52, 118, 119, 120, 121, 122));
    }
}

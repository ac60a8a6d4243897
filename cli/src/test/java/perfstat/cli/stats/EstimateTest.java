package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** {@link Estimate}: the change B/A with its interval, from one value a run, checked against values worked by hand. */
class EstimateTest {
    private static Spread s(double... xs) {
        return new Spread(xs, false);
    }

    /**
     * Five runs a side, B 17% above A with a spread of a few percent: the log-scale Welch interval, worked by hand (mean
     * logs, their variances over n, Welch's degrees of freedom, the t quantile 2.306 at df = 8 from tables).
     */
    @Test
    void aRatioAndItsIntervalOnTheLogScale() {
        Spread a = s(100, 104, 96, 102, 98);
        Spread b = s(117, 121.68, 112.32, 119.34, 114.66); // every run 1.17 times A's
        Estimate e = Estimate.of(a, b);
        assertThat(e.method()).isEqualTo(Estimate.Method.LOG_T);
        assertThat(e.change()).isCloseTo(0.17, within(1e-9)); // the ratio of geometric means
        assertThat(e.df()).isCloseTo(8, within(1e-9)); // equal spreads on the log scale: df = 2n - 2
        double[] ci = e.interval(0.95);
        // by hand: sd of the logs 0.03162, se 0.03162 * sqrt(2/5) = 0.02000, t(0.975, 8) = 2.306: exp(ln 1.17 -+ 0.04612) - 1
        assertThat(ci[0]).isCloseTo(0.1172, within(5e-4));
        assertThat(ci[1]).isCloseTo(0.2252, within(5e-4));
        // the interval maps back from the log scale: asymmetric around the ratio, wider above
        assertThat(ci[1] - 0.17).isGreaterThan(0.17 - ci[0]);
        assertThat(e.pValue()).isLessThan(0.001);
    }

    /** Three runs a side can show a doubling: no floor, as the U test's 0.1 at 3+3 was. */
    @Test
    void threeRunsASideShowADoubling() {
        Estimate e = Estimate.of(s(717, 690, 745), s(1529, 1480, 1601));
        assertThat(e.pValue()).isLessThan(0.001);
        assertThat(e.interval(0.95)[0]).isGreaterThan(0.9);
        assertThat(Significance.smallestUPValue(3, 3)).isGreaterThan(0.05); // what the rank test could never do
    }

    /** Values with a 0 among them have no logs: the difference of means over A's mean, never below -100% for counts. */
    @Test
    void zerosFallBackToTheDifferenceOfMeans() {
        Estimate e = Estimate.of(s(0, 2, 1, 1), s(3, 4, 2, 3));
        assertThat(e.method()).isEqualTo(Estimate.Method.DIFF_T);
        assertThat(e.change()).isCloseTo(2.0, within(1e-9)); // means 1 and 3
        assertThat(e.interval(0.999)[0]).isGreaterThanOrEqualTo(-1);
        Estimate fromZero = Estimate.of(s(0, 0, 0), s(1, 2, 1));
        assertThat(fromZero.method()).isEqualTo(Estimate.Method.FROM_ZERO);
        assertThat(fromZero.exists()).isFalse();
        assertThat(fromZero.change()).isNaN();
        assertThat(fromZero.pValue()).isBetween(0.0, 1.0);
        assertThat(Estimate.of(s(0, 0), s(0, 0)).pValue()).isEqualTo(1); // nothing varies, nothing changed
    }

    /** Counts that agree run for run (4 GCs twice, then 3 twice) are known to a whole event, not without error. */
    @Test
    void countsThatAgreeToTheLastDigitAreNotACertainChange() {
        Estimate exact = Estimate.of(s(4, 4), s(3, 3));
        assertThat(exact.pValue()).isZero(); // the resolution not known: no spread, a certain change
        Estimate counts = Estimate.of(s(4, 4), s(3, 3), 1);
        assertThat(counts.change()).isCloseTo(-0.25, within(1e-9));
        assertThat(counts.pValue()).isGreaterThan(0.05);
        double[] ci = counts.interval(0.95);
        assertThat(ci[0]).isLessThan(-0.25);
        assertThat(ci[1]).isGreaterThan(-0.25);
        // a floor far below the spread changes nothing
        Estimate spread = Estimate.of(s(717, 690, 745), s(1529, 1480, 1601), 0.01);
        assertThat(spread.pValue()).isCloseTo(Estimate.of(s(717, 690, 745), s(1529, 1480, 1601)).pValue(), within(1e-12));
        // nor where it is small against the values' size: 100000 and 120000 KB/s, each alike
        assertThat(Estimate.of(s(100000, 100000), s(120000, 120000), 0.01).pValue()).isLessThan(0.001);
    }

    @Test
    void oneRunASideHasNoEstimate() {
        Estimate e = Estimate.of(s(100), s(120, 130));
        assertThat(e.exists()).isFalse();
        assertThat(e.pValue()).isNaN();
        assertThat(e.interval(0.95)[0]).isNaN();
    }

    /**
     * One-sided answers agree with the two-sided interval at the matching level: beyond a limit at α/2 one-sided exactly
     * where the 1 - α interval's near end lies past it.
     */
    @Test
    void oneSidedTestsAgreeWithTheInterval() {
        Estimate e = Estimate.of(s(100, 103, 97, 101, 99), s(110, 112, 107, 111, 109));
        double[] ci = e.interval(0.95);
        for (double limit : new double[] {0.02, 0.05, ci[0] - 1e-6, ci[0] + 1e-6, 0.2}) {
            assertThat(e.pBeyond(limit) < 0.025).as("beyond %s", limit).isEqualTo(ci[0] > limit);
            assertThat(e.pWithin(limit) < 0.025).as("within %s", limit).isEqualTo(ci[1] < limit);
        }
        assertThat(e.pBeyond(-0.05)).isGreaterThan(0.5); // a rise is no evidence of a fall
        assertThat(e.pSame(0.2)).isLessThan(0.025);
    }

    /** The smallest change found with 80% power grows with the spread and shrinks with the runs. */
    @Test
    void theDetectableChangeFollowsSpreadAndRuns() {
        Estimate tight = Estimate.of(s(100, 101, 99, 100, 100), s(100, 101, 99, 100, 100));
        Estimate loose = Estimate.of(s(100, 110, 90, 105, 95), s(100, 110, 90, 105, 95));
        Estimate more = Estimate.of(s(100, 110, 90, 105, 95, 100, 110, 90, 105, 95),
                s(100, 110, 90, 105, 95, 100, 110, 90, 105, 95));
        assertThat(tight.detectable(0.05, 0.8)).isLessThan(loose.detectable(0.05, 0.8));
        assertThat(more.detectable(0.05, 0.8)).isLessThan(loose.detectable(0.05, 0.8));
    }

    /**
     * Yuen's trimmed means on the logs: ten runs a side, one JVM of A settled 20% slower. Welch's interval takes that JVM
     * for spread; the trimmed one is of the typical JVM and holds the true +5%. Below ten runs a side nothing is
     * trimmed: Welch's t itself. Worked by hand for ten: g = 1, the winsorized SD of the logs.
     */
    @Test
    void aJvmThatSettledApartDoesNotWidenTheTrimmedInterval() {
        Spread a = s(100, 101, 99, 100.5, 99.5, 120, 100.2, 99.8, 100.7, 99.3);
        Spread b = s(105, 106.05, 103.95, 105.5, 104.5, 105.2, 104.8, 105.7, 104.3, 105.1);
        double[] welch = Estimate.of(a, b).interval(0.95);
        double[] yuen = Estimate.trimmed(a, b, 0).interval(0.95);
        assertThat(welch[1] - welch[0]).isGreaterThan(0.08);
        assertThat(yuen[1] - yuen[0]).isLessThan(0.02);
        assertThat(yuen[0]).isLessThan(0.05);
        assertThat(yuen[1]).isGreaterThan(0.05);
        Spread a9 = s(100, 104, 96, 102, 98, 101, 99, 103, 97);
        Spread b9 = s(117, 121, 112, 119, 115, 118, 116, 120, 114);
        assertThat(Estimate.trimmed(a9, b9, 0).interval(0.95)).containsExactly(Estimate.of(a9, b9).interval(0.95), within(1e-12));
        // ten a side: one trimmed from each end of {96, 97, ..., 104, 120}; winsorized {97, 97, 98, ..., 104, 104}
        double[] ten = {96, 97, 98, 99, 100, 101, 102, 103, 104, 120};
        Estimate e10 = Estimate.trimmed(s(ten), s(ten), 0);
        assertThat(e10.change()).isCloseTo(0, within(1e-12));
        double[] w = {97, 97, 98, 99, 100, 101, 102, 103, 104, 104};
        double mean = 0;
        for (double x : w) {
            mean += Math.log(x) / 10;
        }
        double var = 0;
        for (double x : w) {
            var += (Math.log(x) - mean) * (Math.log(x) - mean) / 9;
        }
        assertThat(e10.se()).isCloseTo(Math.sqrt(2 * 9 * var / (8 * 7)), within(1e-12));
        assertThat(e10.df()).isCloseTo(14, within(1e-9)); // (h - 1) a side, equal spreads
        assertThat(Estimate.trimmed(s(1, 0, 2, 1, 1), s(1, 2, 3, 1, 1), 0)).isNull(); // a value of 0: Welch on the values
    }

    /**
     * A/A by Yuen's test, 4,000 draws of 10 runs a side with one JVM in ten settled 15% apart: false changes at most 5%
     * (about 3%: where two JVMs of ten fall apart, the winsorized variance still holds one of them).
     */
    @Test
    void yuensTestHoldsItsLevelWhereJvmsSettleApart() {
        java.util.Random r = new java.util.Random(7);
        int changed = 0;
        int trials = 4000;
        for (int t = 0; t < trials; t++) {
            double[] a = new double[10];
            double[] b = new double[10];
            for (int i = 0; i < 10; i++) {
                a[i] = 100 * (1 + 0.02 * r.nextGaussian()) * (r.nextDouble() < 0.1 ? 1.15 : 1);
                b[i] = 100 * (1 + 0.02 * r.nextGaussian()) * (r.nextDouble() < 0.1 ? 1.15 : 1);
            }
            changed += Estimate.trimmed(s(a), s(b), 0).pValue() < 0.05 ? 1 : 0;
        }
        assertThat(changed).isBetween(60, 240); // 5% is 200
    }
}

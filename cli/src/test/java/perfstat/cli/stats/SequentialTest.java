package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Sequential}: looks at 5, 10, 20 runs a side, α spent across them, and the error across looks held. */
class SequentialTest {
    @Test
    void looksDoubleAndSpendAlphaThatAddsUpToIt() {
        Sequential s = Sequential.upTo(20, 0.05);
        assertThat(s.runs()).containsExactly(5, 10, 20);
        assertThat(s.alphas().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(0.05, within(1e-12));
        assertThat(s.alphas().get(0)).isCloseTo(0.05 * Math.log(1 + (Math.E - 1) * 0.25), within(1e-12));
        assertThat(Sequential.upTo(12, 0.05).runs()).containsExactly(5, 10, 12);
        assertThat(Sequential.upTo(3, 0.05).runs()).containsExactly(3);
        assertThat(Sequential.fixed(7, 0.05).alphas()).containsExactly(0.05);
    }

    /**
     * The error across looks: simulated A/A comparisons of runs with a 6% spread, run until decided, show a change at
     * some look at most α of the time with the α spent across looks; judged at the whole α at every look, they would not.
     * A rule whose limit equals the true change (+5% against +5%) is falsely beyond it at most α/2 (one-sided).
     */
    @Test
    void anAaComparisonRunUntilDecidedIsFalselyChangedAtMostAlphaOfTheTime() {
        Sequential spent = Sequential.upTo(20, 0.05);
        Sequential naive = new Sequential(List.of(5, 10, 20), List.of(0.05, 0.05, 0.05));
        assertThat(falseRate(spent, 1.0, Double.NaN)).isLessThan(0.05);
        assertThat(falseRate(naive, 1.0, Double.NaN)).isGreaterThan(0.06);
        assertThat(falseRate(spent, 1.05, 0.05)).isLessThan(0.025);
    }

    /** How often a comparison whose B is {@code ratio} times A is judged changed (or, with a limit, beyond it) at some look. */
    private static double falseRate(Sequential s, double ratio, double limit) {
        Random r = new Random(3);
        int wrong = 0;
        int trials = 4000;
        for (int t = 0; t < trials; t++) {
            double[] a = new double[20];
            double[] b = new double[20];
            for (int i = 0; i < 20; i++) {
                a[i] = 100 * Math.exp(0.06 * r.nextGaussian());
                b[i] = ratio * 100 * Math.exp(0.06 * r.nextGaussian());
            }
            for (int k = 0; k < s.runs().size(); k++) {
                int n = s.runs().get(k);
                Estimate e = Estimate.of(new Spread(Arrays.copyOf(a, n), false), new Spread(Arrays.copyOf(b, n), false));
                double alpha = s.alphas().get(k);
                double p = Double.isNaN(limit) ? e.pValue() : 2 * e.pBeyond(limit); // the gate's one-sided test at α/2
                if (p < alpha) {
                    wrong++;
                    break;
                }
                boolean decided = Double.isNaN(limit) ? e.pSame(0.05) < alpha / 2 : e.pWithin(limit) < alpha / 2;
                if (decided) {
                    break;
                }
            }
        }
        return (double) wrong / trials;
    }
}

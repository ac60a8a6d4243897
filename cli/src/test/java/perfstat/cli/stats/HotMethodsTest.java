package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The two-proportion test behind the hot-method verdicts, on figures worked by hand. */
class HotMethodsTest {
    @Test
    void aLargeShiftInManySamplesIsSignificantAndASmallOneIsNot() {
        // 300 of 1000 against 200 of 1000: pooled 0.25, se = sqrt(0.25*0.75*0.002) = 0.019365, z = 5.164, p = 2.4e-7
        Significance big = HotMethods.twoProportions(300, 1000, 200, 1000, 0.95);
        assertThat(big.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(big.pValue()).isBetween(2.0e-7, 2.8e-7);
        assertThat(big.meanDelta()).isCloseTo(-0.1, org.assertj.core.api.Assertions.within(1e-12));
        // 100 of 1000 against 110 of 1000: z = 0.7255, p = 0.468
        Significance small = HotMethods.twoProportions(100, 1000, 110, 1000, 0.95);
        assertThat(small.verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT);
        assertThat(small.pValue()).isBetween(0.46, 0.475);
        // 1 of 20 against 2 of 20: too few expected samples to use the normal approximation
        assertThat(HotMethods.twoProportions(1, 20, 2, 20, 0.95).verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
        assertThat(HotMethods.twoProportions(0, 0, 5, 100, 0.95).verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
    }
}

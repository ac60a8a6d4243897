package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The verdicts on the seed threads' own numbers, and the statistics against values worked
 * out independently: by hand (the exact U-test p-value of completely separated samples is
 * 2 / C(n+m, n)) and from the t distribution's tables (t(0.975, 8) = 2.306).
 */
class SignificanceTest {
    static Spread s(double... xs) {
        return new Spread(xs, false);
    }

    @Test
    void seed000sFiveSamplesASideAreASignificantRegression() {
        // 2.6.29-rc6 against 2.6.29-rc6 + patch, fstime KB/s, 5 samples each (seed 000)
        Spread unpatched = s(283750, 295200, 294500, 293000, 293300);
        Spread patched = s(337200, 329000, 331050, 337300, 328450);
        Significance r = Significance.of(unpatched, patched, Significance.Test.U, 0.95);
        // every patched sample above every unpatched one: U = 0, exact two-sided p = 2 / C(10, 5) = 2 / 252
        assertThat(r.pValue()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(r.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        // means 291950 and 332600: +13.92%, the "13%" of the thread
        assertThat(r.meanDelta()).isCloseTo((332600.0 - 291950) / 291950, within(1e-12));
        assertThat(r.ciLow()).isPositive();
        assertThat(r.ciHigh()).isGreaterThan(r.meanDelta());
    }

    @Test
    void seed001sThreeRunsASideAreNotASettledVerdict() {
        // CFQ, 8 threads, 2.6.29 against 2.6.30, three runs each (seed 001): "on the boundary"
        Significance cfq = Significance.of(s(38.01, 40.26, 39.69), s(36.67, 36.81, 38.20), Significance.Test.U, 0.95);
        assertThat(cfq.verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
        assertThat(cfq.reason()).isEqualTo(new Significance.Reason.UTestCannotReach(3, 3, 1 - 0.95));
        assertThat(Significance.smallestUPValue(3, 3)).isCloseTo(0.1, within(1e-12)); // 2 / C(6, 3)
        // NOOP: no change, and no verdict either way
        Significance noop = Significance.of(s(38.67, 38.66, 37.55), s(38.31, 38.47, 38.16), Significance.Test.U, 0.95);
        assertThat(noop.verdict()).isNotEqualTo(Significance.Verdict.SIGNIFICANT);
        // Welch's test can run on three a side; it does not call the NOOP samples a change either
        Significance noopWelch = Significance.of(s(38.67, 38.66, 37.55), s(38.31, 38.47, 38.16), Significance.Test.WELCH, 0.95);
        assertThat(noopWelch.verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT);
    }

    @Test
    void welchAgainstTheTextbook() {
        // 1..5 against 6..10: t = -5, df = 8 (equal variances), p = 2 * P(T8 < -5) = 0.00105
        Significance r = Significance.of(s(1, 2, 3, 4, 5), s(6, 7, 8, 9, 10), Significance.Test.WELCH, 0.95);
        assertThat(r.pValue()).isCloseTo(0.001053, within(1e-6));
        // difference 5 +- t(0.975, 8) * 1 = 5 +- 2.306, relative to A's mean 3
        assertThat(r.ciLow() * 3).isCloseTo(5 - 2.306004, within(1e-5));
        assertThat(r.ciHigh() * 3).isCloseTo(5 + 2.306004, within(1e-5));
        assertThat(r.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
    }

    @Test
    void overlappingSamplesAreNotSignificant() {
        Significance r = Significance.of(s(10, 12, 11, 13, 9, 11), s(11, 10, 12, 12, 10, 13), Significance.Test.U, 0.95);
        assertThat(r.verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT);
        assertThat(r.pValue()).isGreaterThan(0.05);
        assertThat(Significance.of(s(5), s(6), Significance.Test.U, 0.95).verdict())
                .isEqualTo(Significance.Verdict.TOO_FEW);
    }

    @Test
    void spreadDescribesASide() {
        Spread x = Spread.of(List.of(4.0, 1.0, 3.0, 2.0), false);
        assertThat(x.mean()).isEqualTo(2.5);
        assertThat(x.median()).isEqualTo(2.5);
        assertThat(x.sd()).isCloseTo(Math.sqrt(5.0 / 3), within(1e-12));
        assertThat(x.min()).isEqualTo(1);
        assertThat(x.max()).isEqualTo(4);
        assertThat(x.stderrPct()).isCloseTo(100 * Math.sqrt(5.0 / 3) / 2 / 2.5, within(1e-12));
    }
}

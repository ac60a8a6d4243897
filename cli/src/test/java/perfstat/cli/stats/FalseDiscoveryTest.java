package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FalseDiscoveryTest {
    @Test
    void benjaminiHochbergAdjustsInTheOrderGiven() {
        // m = 5: sorted 0.01 0.02 0.03 0.04 0.50 -> 0.05 0.05 0.05 0.05 0.50 (each the min of p(j)*5/j over j >= i)
        double[] q = FalseDiscovery.adjust(new double[] {0.04, 0.50, 0.01, 0.03, 0.02});
        assertThat(q[0]).isCloseTo(0.05, within(1e-12));
        assertThat(q[1]).isCloseTo(0.50, within(1e-12));
        assertThat(q[2]).isCloseTo(0.05, within(1e-12));
        assertThat(q[3]).isCloseTo(0.05, within(1e-12));
        assertThat(q[4]).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void aSingleTestIsUnchangedAndNaNsAreNotCounted() {
        double[] q = FalseDiscovery.adjust(new double[] {Double.NaN, 0.03, Double.NaN});
        assertThat(q[0]).isNaN();
        assertThat(q[1]).isEqualTo(0.03);
        assertThat(q[2]).isNaN();
    }

    @Test
    void neverAboveOneNorBelowTheRawValue() {
        double[] p = {0.9, 0.8, 0.95, 0.001};
        double[] q = FalseDiscovery.adjust(p);
        for (int i = 0; i < p.length; i++) {
            assertThat(q[i]).isBetween(p[i], 1.0);
        }
        assertThat(q[3]).isCloseTo(0.004, within(1e-12));
    }
}

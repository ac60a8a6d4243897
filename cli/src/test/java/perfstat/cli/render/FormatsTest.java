package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import perfstat.cli.stats.Value;

/** A mean is written with the digits the change beside it needs. */
class FormatsTest {
    private static Value mean(double v) {
        return new Value(v, Value.Status.MEASURED, 1.0, 8);
    }

    @Test
    void aMeanOfCountsThatIsNotWholeShowsItsChange() {
        // JIT compilations 3 | 3 +12.50% and monitor blocks 69 | 0 -99.51%, as a diff of 8+8 recordings printed them
        assertThat(Formats.value(mean(3), 0)).isEqualTo("3");
        assertThat(Formats.value(mean(3.375), 0)).isEqualTo("3.38");
        assertThat(Formats.value(mean(0.34), 0)).isEqualTo("0.340");
        assertThat(Formats.value(mean(41.2), 0)).isEqualTo("41.2");
        assertThat(Formats.value(mean(1137.4), 0)).isEqualTo("1137");
        assertThat(Formats.value(mean(0.0000001), 0)).isEqualTo("0.000000");
    }

    @Test
    void aRowWithDecimalsKeepsThem() {
        assertThat(Formats.value(mean(0.043), 3)).isEqualTo("0.043");
        assertThat(Formats.value(mean(7136.80781), 6)).isEqualTo("7136.807810");
        assertThat(Formats.value(Value.notCounted(), 0)).isEqualTo("<not counted>");
    }
}

package perfstat.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramCodecTest {

    @Test
    void roundTripKeepsEveryPercentile() {
        Histogram h = new Histogram(3);
        SplittableRandom r = new SplittableRandom(42);
        for (int i = 0; i < 100_000; i++) {
            h.recordValue(20 + (long) (Math.exp(r.nextDouble() * 12)));
        }
        String text = HistogramCodec.encode(h);
        assertThat(text).doesNotContain("\n");
        Histogram back = HistogramCodec.decode(text);
        assertThat(back.getTotalCount()).isEqualTo(h.getTotalCount());
        for (double p : new double[] {0, 50, 90, 99, 99.9, 100}) {
            assertThat(back.getValueAtPercentile(p)).isEqualTo(h.getValueAtPercentile(p));
        }
        assertThat(back.getMaxValue()).isEqualTo(h.getMaxValue());
    }

    @Test
    void rejectsTextThatIsNotAnEncodedHistogram() {
        assertThatThrownBy(() -> HistogramCodec.decode("bm90IGEgaGlzdG9ncmFt")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HistogramCodec.decode("%%%")).isInstanceOf(IllegalArgumentException.class);
    }
}

package perfstat.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import org.junit.jupiter.api.Test;

class SeriesCodecTest {
    @Test
    void anySeriesComesBackAsItWas() {
        qt().forAll(lists().of(longs().all()).ofSizeBetween(0, 200)).checkAssert(xs -> {
            long[] plain = xs.stream().mapToLong(Long::longValue).toArray();
            assertThat(SeriesCodec.decode(SeriesCodec.encode(plain, plain.length), plain.length)).containsExactly(plain);
        });
    }

    @Test
    void aMillisecondTakesThreeBytesAndMinusOneOne() {
        assertThat(java.util.Base64.getDecoder().decode(SeriesCodec.encode(new long[] {1_000_000L}, 1))).hasSize(3);
        assertThat(java.util.Base64.getDecoder().decode(SeriesCodec.encode(new long[] {-1L}, 1))).hasSize(1);
    }

    @Test
    void onlyThePrefixAskedForIsWritten() {
        assertThat(SeriesCodec.decode(SeriesCodec.encode(new long[] {5, 6, 7}, 2), 2)).containsExactly(5, 6);
    }

    @Test
    void aWrongCountOrACutNumberIsRefused() {
        String two = SeriesCodec.encode(new long[] {300, 4}, 2);
        assertThatThrownBy(() -> SeriesCodec.decode(two, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 numbers, not 3");
        assertThatThrownBy(() -> SeriesCodec.decode(two, 1)).hasMessageContaining("more than 1");
        String cut = java.util.Base64.getEncoder().encodeToString(new byte[] {(byte) 0x80});
        assertThatThrownBy(() -> SeriesCodec.decode(cut, 1)).hasMessageContaining("ends inside");
        assertThatThrownBy(() -> SeriesCodec.decode("%%", 1)).hasMessageContaining("not an encoded series");
    }
}

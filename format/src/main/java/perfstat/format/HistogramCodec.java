package perfstat.format;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The compact histogram encoding in perfstat's events: HdrHistogram's compressed form
 * (as its own log format uses), in Base64. Decoding gives back the exact histogram, so
 * any percentile can be computed later with the recorded precision.
 */
public final class HistogramCodec {
    private HistogramCodec() {
    }

    public static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
    }

    /** @throws IllegalArgumentException when {@code text} is not such an encoding */
    public static Histogram decode(String text) {
        try {
            byte[] bytes = Base64.getDecoder().decode(text);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
        }
    }
}

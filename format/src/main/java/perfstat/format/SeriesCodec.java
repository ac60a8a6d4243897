package perfstat.format;

import java.io.ByteArrayOutputStream;
import java.util.Base64;

/**
 * The compact encoding of a series of whole numbers in perfstat's events ({@link Events.Iterations}): each number
 * zig-zagged (so that a small negative one stays short) and written as a variable-length integer, seven bits a byte,
 * low bits first, the high bit set on every byte but a number's last; the bytes in Base64. A call's wall time of a
 * millisecond takes three bytes, four characters.
 */
public final class SeriesCodec {
    private SeriesCodec() {
    }

    /** The first {@code count} numbers of {@code values}, encoded. */
    public static String encode(long[] values, int count) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(count * 3 + 8);
        for (int i = 0; i < count; i++) {
            long z = (values[i] << 1) ^ (values[i] >> 63);
            while ((z & ~0x7FL) != 0) {
                out.write((int) ((z & 0x7F) | 0x80));
                z >>>= 7;
            }
            out.write((int) z);
        }
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }

    /**
     * The {@code count} numbers of {@code text}.
     *
     * @throws IllegalArgumentException where {@code text} is not Base64, ends inside a number, or holds another count
     */
    public static long[] decode(String text, int count) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not an encoded series: " + e.getMessage(), e);
        }
        long[] out = new long[count];
        int n = 0;
        int i = 0;
        while (i < bytes.length) {
            long z = 0;
            int shift = 0;
            int b;
            do {
                if (i == bytes.length || shift > 63) {
                    throw new IllegalArgumentException("not an encoded series: it ends inside a number");
                }
                b = bytes[i++];
                z |= (long) (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            if (n == count) {
                throw new IllegalArgumentException("not an encoded series: more than " + count + " numbers");
            }
            out[n++] = (z >>> 1) ^ -(z & 1);
        }
        if (n != count) {
            throw new IllegalArgumentException("not an encoded series: " + n + " numbers, not " + count);
        }
        return out;
    }
}

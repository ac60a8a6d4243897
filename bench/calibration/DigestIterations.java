import org.apache.commons.codec.digest.DigestUtils;

/**
 * A CPU-bound loop on a third-party library that settles flat, for calibrating perfstat's steady-state verdicts: N
 * iterations, each WORK SHA-256 digests (Apache Commons Codec) of a 4 KB buffer, each iteration's time printed on a
 * line of its own (each iteration is also a method of its own, for {@code --iteration}), then a checksum. A known change is WORK on one side against WORK x 1.05 on the other.
 */
public final class DigestIterations {
    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int work = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        byte[] data = new byte[4096];
        new java.util.Random(42).nextBytes(data);
        long sum = 0;
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            sum += iteration(data, work);
            System.out.printf(java.util.Locale.ROOT, "iteration ms=%.4f%n", (System.nanoTime() - t0) / 1e6);
        }
        System.out.println("checksum=" + sum);
    }

    /** One iteration, a method of its own for {@code --iteration DigestIterations::iteration}. */
    static long iteration(byte[] data, int work) {
        long sum = 0;
        for (int k = 0; k < work; k++) {
            data[k & 4095]++;
            sum += DigestUtils.sha256(data)[0];
        }
        return sum;
    }
}

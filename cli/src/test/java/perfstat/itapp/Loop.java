package perfstat.itapp;

/**
 * A program that repeats its work in a loop and prints each iteration's time on a line of its own, as a harness does,
 * for perfstat's --iteration-score and --iteration: ITERATIONS iterations of WORK rounds of a hash, each printed as {@code iteration
 * us=…}, then a checksum so that the JIT keeps the work.
 */
public final class Loop {
    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int work = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        long h = 17;
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            h = step(h, work);
            System.out.printf(java.util.Locale.ROOT, "iteration us=%.3f%n", (System.nanoTime() - t0) / 1e3);
        }
        System.out.println("checksum=" + h);
    }

    /** One iteration (for --iteration perfstat.itapp.Loop::step). */
    static long step(long h, int work) {
        for (int k = 0; k < work; k++) {
            h = h * 31 + Long.rotateLeft(h ^ k, 7);
        }
        return h;
    }
}

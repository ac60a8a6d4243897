import org.apache.commons.math3.util.FastMath;

/**
 * A CPU-bound loop on a third-party library that allocates nothing in its loop, for calibrating perfstat's steady-state
 * verdicts: N iterations, each WORK passes of Apache Commons Math's FastMath (exp, log, sin, atan2) over 1,000 doubles,
 * each iteration's time printed on a line of its own (each iteration also a method of its own, for {@code --iteration}),
 * then a checksum so that the JIT cannot drop the work. A known change is WORK on one side against WORK x 1.05 on the
 * other.
 */
public final class FastMathIterations {
    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        int work = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        double[] xs = new double[1000];
        java.util.Random r = new java.util.Random(42);
        for (int i = 0; i < xs.length; i++) {
            xs[i] = r.nextDouble() * 10;
        }
        double sum = 0;
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            sum += iteration(xs, work);
            System.out.printf(java.util.Locale.ROOT, "iteration ms=%.4f%n", (System.nanoTime() - t0) / 1e6);
        }
        System.out.println("checksum=" + sum);
    }

    /** One iteration, a method of its own for {@code --iteration FastMathIterations::iteration}. */
    static double iteration(double[] xs, int work) {
        double s = 0;
        for (int k = 0; k < work; k++) {
            for (double x : xs) {
                s += FastMath.exp(-x) + FastMath.log(1 + x) + FastMath.sin(x + k) + FastMath.atan2(x, 1 + k);
            }
        }
        return s;
    }
}

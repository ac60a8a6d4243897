import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * A CPU-bound loop on a third-party library, for calibrating perfstat's steady-state verdicts: N iterations, each
 * WORK LU decompositions of a 48x48 matrix with Apache Commons Math, each iteration's time printed on a line of its
 * own (as JMH and many harnesses print), then a checksum so that the JIT cannot drop the work. A known change is WORK
 * on one side against WORK x 1.05 on the other.
 */
public final class MathIterations {
    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int work = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        java.util.Random r = new java.util.Random(42);
        double[][] a = new double[48][48];
        for (double[] row : a) {
            for (int j = 0; j < row.length; j++) {
                row[j] = r.nextDouble();
            }
        }
        RealMatrix m = new Array2DRowRealMatrix(a);
        double sum = 0;
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            sum += iteration(m, work);
            System.out.printf(java.util.Locale.ROOT, "iteration ms=%.4f%n", (System.nanoTime() - t0) / 1e6);
        }
        System.out.println("checksum=" + sum);
    }

    /** One iteration, a method of its own for {@code --iteration MathIterations::iteration}. */
    static double iteration(RealMatrix m, int work) {
        double sum = 0;
        for (int k = 0; k < work; k++) {
            sum += new LUDecomposition(m).getDeterminant();
        }
        return sum;
    }
}

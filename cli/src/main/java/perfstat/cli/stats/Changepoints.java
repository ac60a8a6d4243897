package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a series of iterations changes level: optimal partitioning by PELT (Killick, Fearnhead and Eckley, 2012) with a
 * cost for a change in mean, as the warm-up study of Barrett et al. (OOPSLA 2017) segments its in-process iterations. The
 * cost of a segment is its sum of squared deviations from its own mean over the noise's variance; each changepoint costs
 * {@link #penalty} more. The variance is estimated from the series' successive differences (their median absolute
 * value), which a change of level moves little, so that the finder needs no guess of how noisy the program is; a
 * segment is at least {@link #MIN_SEGMENT} iterations, so that one slow iteration (a GC) is an outlier within its
 * segment, not a segment.
 */
public final class Changepoints {
    /** The fewest iterations a segment holds. */
    public static final int MIN_SEGMENT = 5;

    private Changepoints() {
    }

    /**
     * The indices at which a new segment starts (ascending, none for a series of one level), each between
     * {@link #MIN_SEGMENT} and {@code n - MIN_SEGMENT}.
     */
    public static List<Integer> of(double[] xs) {
        int n = xs.length;
        if (n < 2 * MIN_SEGMENT) {
            return List.of();
        }
        double sigma2 = noiseVariance(xs);
        if (!(sigma2 > 0)) {
            return List.of(); // every step the same: no noise to judge a change against
        }
        xs = clipped(xs, Math.sqrt(sigma2));
        double[] s1 = new double[n + 1];
        double[] s2 = new double[n + 1];
        for (int i = 0; i < n; i++) {
            s1[i + 1] = s1[i] + xs[i];
            s2[i + 1] = s2[i] + xs[i] * xs[i];
        }
        double beta = penalty(n);
        double[] f = new double[n + 1]; // f[t]: the least cost of xs[0..t)
        int[] last = new int[n + 1];
        Arrays.fill(f, Double.POSITIVE_INFINITY);
        f[0] = -beta;
        List<Integer> candidates = new ArrayList<>();
        for (int t = MIN_SEGMENT; t <= n; t++) {
            int admitted = t - MIN_SEGMENT; // a segment ending at t may start here at the latest
            if (admitted == 0 || admitted >= MIN_SEGMENT) {
                candidates.add(admitted);
            }
            double best = Double.POSITIVE_INFINITY;
            int arg = -1;
            for (int s : candidates) {
                double c = f[s] + cost(s1, s2, s, t) / sigma2 + beta;
                if (c < best) {
                    best = c;
                    arg = s;
                }
            }
            f[t] = best;
            last[t] = arg;
            // pruning: a start that cannot beat the best now never will (the cost of a segment only grows)
            List<Integer> kept = new ArrayList<>();
            for (int s : candidates) {
                if (f[s] + cost(s1, s2, s, t) / sigma2 <= best) {
                    kept.add(s);
                }
            }
            candidates = kept;
        }
        List<Integer> out = new ArrayList<>();
        for (int t = last[n]; t > 0; t = last[t]) {
            out.add(0, t);
        }
        return out;
    }

    /**
     * The series with each value held within 3 noise deviations of the running median about it (11 iterations): a level
     * moves the median with it, one slow iteration does not, so that a GC's iteration weighs as a large deviation, not
     * as a segment of its own.
     */
    static double[] clipped(double[] xs, double sigma) {
        int n = xs.length;
        int h = MIN_SEGMENT;
        double[] out = new double[n];
        double[] w = new double[2 * h + 1];
        for (int i = 0; i < n; i++) {
            int from = Math.max(0, Math.min(i - h, n - w.length));
            int to = Math.min(n, from + w.length);
            int k = to - from;
            System.arraycopy(xs, from, w, 0, k);
            Arrays.sort(w, 0, k);
            double median = k % 2 == 1 ? w[k / 2] : (w[k / 2 - 1] + w[k / 2]) / 2;
            out[i] = median + Math.max(-3 * sigma, Math.min(3 * sigma, xs[i] - median));
        }
        return out;
    }

    /** The penalty of one more changepoint, in units of the noise's variance: 3 log n, a little above BIC's 2 log n. */
    static double penalty(int n) {
        return 3 * Math.log(n);
    }

    /** The sum of squared deviations of xs[s..t) from their mean. */
    private static double cost(double[] s1, double[] s2, int s, int t) {
        double sum = s1[t] - s1[s];
        return Math.max(0, s2[t] - s2[s] - sum * sum / (t - s));
    }

    /**
     * The noise's variance, from successive differences: each is the difference of two draws (variance 2σ²) except at a
     * change; their median absolute value over 0.6745 is a robust standard deviation (where most steps are 0, their
     * mean stands in).
     */
    static double noiseVariance(double[] xs) {
        double[] d = new double[xs.length - 1];
        for (int i = 1; i < xs.length; i++) {
            d[i - 1] = Math.abs(xs[i] - xs[i - 1]);
        }
        Arrays.sort(d);
        double mad = d.length % 2 == 1 ? d[d.length / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
        double sigma = mad / 0.6745 / Math.sqrt(2);
        if (sigma == 0) { // coarse values (whole ms) whose steps are mostly 0: the mean step, 2σ/√π for such noise
            sigma = Arrays.stream(d).average().orElse(0) * Math.sqrt(Math.PI) / 2;
        }
        return sigma * sigma;
    }
}

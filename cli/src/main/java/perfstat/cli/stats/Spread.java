package perfstat.cli.stats;

import java.util.Arrays;
import java.util.List;

/**
 * One side's samples of one metric, described: n, mean, median, standard deviation, min
 * and max, and the ± perf prints (standard error as a percentage of the mean).
 *
 * @param samples       the values, in the order measured
 * @param fromIntervals the samples are one run's intervals, not runs: they hide run-to-run variation
 */
public record Spread(double[] samples, boolean fromIntervals) {

    public static Spread of(List<Double> xs, boolean fromIntervals) {
        return new Spread(xs.stream().mapToDouble(Double::doubleValue).toArray(), fromIntervals);
    }

    public int n() {
        return samples.length;
    }

    public double mean() {
        return Arrays.stream(samples).average().orElse(Double.NaN);
    }

    public double median() {
        if (samples.length == 0) {
            return Double.NaN;
        }
        double[] s = samples.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    /** Sample standard deviation (n - 1); NaN below two samples. */
    public double sd() {
        if (samples.length < 2) {
            return Double.NaN;
        }
        double mean = mean();
        double ss = 0;
        for (double x : samples) {
            ss += (x - mean) * (x - mean);
        }
        return Math.sqrt(ss / (samples.length - 1));
    }

    public double min() {
        return Arrays.stream(samples).min().orElse(Double.NaN);
    }

    public double max() {
        return Arrays.stream(samples).max().orElse(Double.NaN);
    }

    /** perf's ±: the standard error of the mean as a percentage of the mean; NaN below two samples. */
    public double stderrPct() {
        return 100 * sd() / Math.sqrt(samples.length) / Math.abs(mean());
    }
}

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

    /**
     * The value of these samples as a table's column and {@code stat}'s line hold it, over runs: their mean, with perf's
     * {@code ±} (NaN below two samples, or where the mean is 0: nothing to take a percentage of).
     */
    public Value value() {
        double m = mean();
        return new Value(m, Value.Status.MEASURED, n() < 2 || m == 0 ? Double.NaN : stderrPct(), n());
    }

    /** The {@link #value} of {@code xs}, each a run's. */
    public static Value meanOverRuns(List<Double> xs) {
        return of(xs, false).value();
    }

    /** perf's ±: the standard error of the mean as a percentage of the mean; NaN below two samples. */
    public double stderrPct() {
        return 100 * sd() / Math.sqrt(samples.length) / Math.abs(mean());
    }

    /** The fewest runs a side in which two groups are told from chance: with 4, two pairs split too often. */
    static final int GROUPS_MINIMUM = 5;

    /** How much wider than the wider group's range the gap between two groups must be. */
    static final double GROUPS_GAP = 5;

    /**
     * Where the samples, sorted, split into two groups: the size of the lower group, or 0 where they do not. They
     * split where the widest gap between neighbours, with at least two samples either side, is more than {@link
     * #GROUPS_GAP} times the wider group's range, among at least {@link #GROUPS_MINIMUM} samples (docs/statistics.md:
     * normal samples do so by chance in about 1% of sides of 5, 0.2% of 6, under 0.01% of 8 or more). Interval scores
     * are not runs, and values that do not vary within either group are a measurement's resolution (a latency
     * histogram's buckets: 60, 60, 60, 70, 70 ns): never split; nor are values whose gap is under a thousandth of their
     * mean (an iteration's bytes, 62,160.0 against 62,160.4: one value, rounded apart).
     */
    public int groups() {
        if (fromIntervals || samples.length < GROUPS_MINIMUM) {
            return 0;
        }
        double[] s = samples.clone();
        Arrays.sort(s);
        int n = s.length;
        for (int i = 2; i <= n - 2; i++) {
            double gap = s[i] - s[i - 1];
            double wider = Math.max(s[i - 1] - s[0], s[n - 1] - s[i]);
            if (wider > 0 && gap > GROUPS_GAP * wider && gap > 1e-3 * Math.abs(s[n / 2])) { // two runs of one value each side: a histogram's buckets, not groups
                return i; // at most one gap can be wider than five times everything else
            }
        }
        return 0;
    }
}

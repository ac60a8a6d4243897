package perfstat.cli.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The change of one row from side A to side B as an estimate with its uncertainty, from one value per run: the ratio
 * B/A (printed as a relative change, B/A − 1) and the intervals and one-sided tests around it.
 *
 * <p>Assumptions and guarantees:
 * <ol>
 *   <li>Each sample is one run (one JVM). Runs are independent; values within a run (intervals, calls) are not, so they
 *       never count as samples here.</li>
 *   <li>Where every run value of both sides is positive, the change is estimated on the log scale: the difference of
 *       the sides' mean logs, with Welch's t (unequal variances, Welch–Satterthwaite degrees of freedom). A ratio is
 *       what a performance engineer reads (+17% writes), a run's multiplicative noise is symmetric there, and the
 *       interval maps back to a ratio exactly: exp(bound) − 1.</li>
 *   <li>Where a value is 0 or negative (a count that can be 0: monitor blocks, GC pauses), the log is undefined; the
 *       change is then the difference of the means relative to A's mean, with Welch's t on the raw values (A's mean
 *       taken as the scale, as perf's relative change does). Where A's mean is 0 there is no relative change at all:
 *       {@link Method#NONE}.</li>
 *   <li>A side's variance is never taken below its values' rounding ({@code resolution}, the row's last printed digit:
 *       1 for a count): resolution²/12, the variance of a value rounded to that step. Runs that agree to the last digit
 *       (4 GCs twice, then 3 twice) are then not a certain change; where the resolution is 0 (not known) and every value
 *       of both sides is alike, the interval is the point, and the change is certain or absent.</li>
 *   <li>Fewer than two runs a side: no estimate of the spread, {@link Method#NONE}.</li>
 * </ol>
 *
 * @param method how it was estimated
 * @param centre the change on the method's scale: the difference of the mean logs, or of the means over |mean A|
 * @param se     the standard error of {@code centre}, on the same scale (0 where no side varies)
 * @param df     Welch's degrees of freedom (NaN where se is 0)
 * @param nA     runs of side A
 * @param nB     runs of side B
 * @param nonNegative no run value is below 0, so no change goes below −100%: an interval is cut there
 */
public record Estimate(Method method, double centre, double se, double df, int nA, int nB, boolean nonNegative) {

    /** How a change was estimated. */
    public enum Method {
        /** Welch's t on the logs of the run values: all positive. */
        LOG_T,
        /** Welch's t on the run values, the difference relative to A's mean: some values 0 or negative. */
        DIFF_T,
        /** A's values are all 0 and B's are not: Welch's t on the raw values gives a p, but no relative change exists. */
        FROM_ZERO,
        /** Nothing can be estimated: a side has fewer than two runs. */
        NONE
    }

    /** An estimate of nothing. */
    static Estimate none(int nA, int nB) {
        return new Estimate(Method.NONE, Double.NaN, Double.NaN, Double.NaN, nA, nB, false);
    }

    /** The change from {@code a} to {@code b}, one value a run on each side, their resolution not known. */
    public static Estimate of(Spread a, Spread b) {
        return of(a, b, 0);
    }

    /**
     * The change from {@code a} to {@code b}, one value a run on each side, each value known to {@code resolution} (the
     * step it is rounded to: 1 for a count; 0 where not known).
     */
    public static Estimate of(Spread a, Spread b, double resolution) {
        if (a.n() < 2 || b.n() < 2) {
            return none(a.n(), b.n());
        }
        boolean positive = java.util.Arrays.stream(a.samples()).allMatch(x -> x > 0)
                && java.util.Arrays.stream(b.samples()).allMatch(x -> x > 0);
        if (positive) {
            // on the log scale a step of r at the value x is a step of r/x: the rounding floor of each side at its mean
            return welch(Method.LOG_T, logs(a.samples()), logs(b.samples()), 1, resolution / a.mean(), resolution / b.mean());
        }
        double meanA = a.mean();
        if (!Double.isFinite(meanA)) {
            return none(a.n(), b.n());
        }
        return meanA == 0 ? welch(Method.FROM_ZERO, a.samples(), b.samples(), 1, resolution, resolution)
                : welch(Method.DIFF_T, a.samples(), b.samples(), Math.abs(meanA), resolution, resolution);
    }

    /** The share of each side's runs trimmed from each end of a steady row ({@link #trimmed}): 10%. */
    static final double TRIM_RUNS = 0.1;

    /** The share of the rounds' log ratios trimmed from each end ({@link #paired}): 20%, as Yuen's test takes. */
    static final double TRIM = 0.2;

    /**
     * The change from {@code a} to {@code b} where run i of each side ran in round i ({@code compare} interleaves them), by
     * the rounds' own log ratios: what the machine did to a round it did to both of its runs, and the ratio leaves it.
     * Yuen's trimmed mean (a fifth of the ratios off each end, the winsorized variance, t with h - 1 degrees of freedom
     * for the h kept), so that a round the machine changed in the middle of (one run slowed, the other not) does not
     * stand for the change; null where the sides are not whole rounds (unequal counts, fewer than 3) or a value is not
     * positive.
     */
    public static Estimate paired(Spread a, Spread b) {
        int n = a.n();
        if (n != b.n() || n < 3) {
            return null;
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(a.samples()[i] > 0) || !(b.samples()[i] > 0)) {
                return null;
            }
            d[i] = Math.log(b.samples()[i]) - Math.log(a.samples()[i]);
        }
        java.util.Arrays.sort(d);
        int g = (int) Math.floor(TRIM * n);
        int h = n - 2 * g;
        double trimmed = 0;
        for (int i = g; i < n - g; i++) {
            trimmed += d[i];
        }
        trimmed /= h;
        double[] w = d.clone();
        for (int i = 0; i < g; i++) {
            w[i] = d[g];
            w[n - 1 - i] = d[n - 1 - g];
        }
        Spread ws = new Spread(w, false);
        double se = Math.sqrt((n - 1) * ws.sd() * ws.sd() / ((double) h * (h - 1)));
        return new Estimate(Method.LOG_T, trimmed, se, h - 1, n, n, false);
    }

    /**
     * The change from {@code a} to {@code b} by Yuen's two-sample test on the logs: each side's 10%-trimmed mean (a tenth
     * of its runs off each end, {@link #TRIM_RUNS}), its winsorized variance, Welch-Satterthwaite degrees of freedom over
     * the runs kept. For rows where whole JVMs settle apart (a steady state: Barrett et al.'s slowdown, a JIT's other
     * compiled shape), so that one JVM at +20% in ten does not make the interval of the typical JVM's iteration. A tenth,
     * not the rounds' fifth: at 5 runs a side a fifth would keep 3 and a t of 2 degrees of freedom a side, which costs
     * more power than one far JVM does; below 10 runs a side nothing is trimmed and it is Welch's t. Null where a value is
     * not positive (then Welch's t on the values stands).
     */
    public static Estimate trimmed(Spread a, Spread b, double resolution) {
        if (a.n() < 2 || b.n() < 2) {
            return none(a.n(), b.n());
        }
        if (!java.util.Arrays.stream(a.samples()).allMatch(x -> x > 0) || !java.util.Arrays.stream(b.samples()).allMatch(x -> x > 0)) {
            return null;
        }
        double[] ta = yuen(logs(a.samples()), resolution / a.mean());
        double[] tb = yuen(logs(b.samples()), resolution / b.mean());
        double se = Math.sqrt(ta[1] + tb[1]);
        double df = se == 0 ? Double.NaN : (ta[1] + tb[1]) * (ta[1] + tb[1]) / (ta[1] * ta[1] / (ta[2] - 1) + tb[1] * tb[1] / (tb[2] - 1));
        return new Estimate(Method.LOG_T, tb[0] - ta[0], se, df, a.n(), b.n(), false);
    }

    /** A side's trimmed mean, the squared standard error Yuen gives it, and the count kept: {@code {mean, d, h}}. */
    private static double[] yuen(double[] xs, double step) {
        double[] d = xs.clone();
        java.util.Arrays.sort(d);
        int n = d.length;
        int g = (int) Math.floor(TRIM_RUNS * n + 1e-9);
        int h = n - 2 * g;
        double mean = 0;
        for (int i = g; i < n - g; i++) {
            mean += d[i];
        }
        mean /= h;
        for (int i = 0; i < g; i++) {
            d[i] = d[g];
            d[n - 1 - i] = d[n - 1 - g];
        }
        Spread w = new Spread(d, false);
        double var = Math.max(w.sd() * w.sd(), step * step / 12);
        return new double[] {mean, (n - 1) * var / ((double) h * (h - 1)), h};
    }

    private static double[] logs(double[] xs) {
        double[] out = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            out[i] = Math.log(xs[i]);
        }
        return out;
    }

    /** Welch's t; {@code stepA}, {@code stepB}: each side's rounding step on the scale of {@code a} and {@code b}. */
    private static Estimate welch(Method m, double[] a, double[] b, double scale, double stepA, double stepB) {
        Spread sa = new Spread(a, false);
        Spread sb = new Spread(b, false);
        double va = Math.max(sa.sd() * sa.sd(), stepA * stepA / 12) / a.length / (scale * scale);
        double vb = Math.max(sb.sd() * sb.sd(), stepB * stepB / 12) / b.length / (scale * scale);
        double centre = (sb.mean() - sa.mean()) / scale;
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? Double.NaN : (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        boolean nonNegative = java.util.Arrays.stream(a).allMatch(x -> x >= 0) && java.util.Arrays.stream(b).allMatch(x -> x >= 0);
        return new Estimate(m, centre, se, df, a.length, b.length, nonNegative);
    }

    /** Whether there is an estimate of a relative change. */
    public boolean exists() {
        return method == Method.LOG_T || method == Method.DIFF_T;
    }

    /** The relative change B/A − 1 (0.17 is +17%); NaN where there is no estimate. */
    public double change() {
        return exists() ? fromScale(centre) : Double.NaN;
    }

    /**
     * The two-sided interval of the relative change at {@code level} (0.95): {@code {low, high}} as fractions;
     * NaNs where there is no estimate.
     */
    public double[] interval(double level) {
        if (!exists()) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double t = se == 0 ? 0 : quantile(1 - (1 - level) / 2);
        double low = fromScale(centre - t * se);
        return new double[] {nonNegative ? Math.max(-1, low) : low, fromScale(centre + t * se)};
    }

    /** The two-sided p of "no change"; NaN where there is no estimate. */
    public double pValue() {
        if (method == Method.NONE) {
            return Double.NaN;
        }
        if (se == 0) {
            return centre == 0 ? 1 : 0;
        }
        return 2 * TDistribution.of(df).survivalProbability(Math.abs(centre) / se);
    }

    /**
     * The one-sided p of "the change does not go beyond {@code limit}" (for a limit above 0: it is at most the limit; below
     * 0: at least): small where the runs show a change beyond the limit, in its direction.
     */
    public double pBeyond(double limit) {
        return oneSided(limit > 0 ? centre - toScale(limit) : toScale(limit) - centre);
    }

    /**
     * The one-sided p of "the change goes beyond {@code limit}" (for a limit above 0: it is at least the limit; below 0: at
     * most): small where the runs show the change within the limit (non-inferiority).
     */
    public double pWithin(double limit) {
        return oneSided(limit > 0 ? toScale(limit) - centre : centre - toScale(limit));
    }

    /** The p of the two one-sided tests of "the change lies within ±{@code limit}" (equivalence): the larger. */
    public double pSame(double limit) {
        return Math.max(pWithin(Math.abs(limit)), pWithin(-Math.abs(limit)));
    }

    private double oneSided(double distance) {
        if (!exists() || Double.isNaN(distance)) {
            return Double.NaN;
        }
        if (se == 0) {
            return distance > 0 ? 0 : 1;
        }
        return TDistribution.of(df).survivalProbability(distance / se);
    }

    /**
     * The smallest change (as a fraction, in either direction) that runs as many and as spread as these would find with
     * {@code power} (0.8) by a two-sided test at {@code alpha}: (t(1 − α/2) + t(power)) · se, mapped to a ratio (the rise;
     * the fall of the same size on the log scale is smaller); NaN where there is no estimate.
     */
    public double detectable(double alpha, double power) {
        if (!exists()) {
            return Double.NaN;
        }
        if (se == 0) {
            return 0;
        }
        TDistribution t = TDistribution.of(df);
        return fromScale(Math.abs(t.inverseCumulativeProbability(1 - alpha / 2) + t.inverseCumulativeProbability(power)) * se);
    }

    private double quantile(double p) {
        return TDistribution.of(df).inverseCumulativeProbability(p);
    }

    private double toScale(double change) {
        return method == Method.LOG_T ? Math.log1p(change) : change;
    }

    private double fromScale(double x) {
        return method == Method.LOG_T ? Math.expm1(x) : x;
    }
}

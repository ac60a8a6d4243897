package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Rounds as blocks: {@code compare} runs the sides interleaved, run i of each in round i, so that what the machine does
 * to a stretch of time (another program's load, a throttled CPU) it does to both runs of a round. Where a row's values
 * rise and fall together across the rounds (the logs of the two sides' runs correlate, one-sided p under
 * {@link #ALPHA}, over {@link #FEWEST} rounds or more), the rounds drifted, and the row is judged by the rounds' own
 * ratios ({@link Estimate#paired}), from which the drift drops out; elsewhere by the runs as two samples. Either test
 * holds its level without drift; the paired one only gains where the rounds move together. The table says over which
 * rounds the primary's level moved (the mean of the two sides' logs, each round against the rounds' median:
 * {@link #apart}).
 */
public final class RoundDrift {
    /** The one-sided level at which the two sides' rounds are taken to move together. */
    static final double ALPHA = 0.05;
    /** How far from the rounds' usual level a stretch must be to be named: 5%. */
    static final double APART = 0.05;
    /** The fewest whole rounds the test is made on. */
    static final int FEWEST = 5;

    private RoundDrift() {
    }

    /**
     * Two sides' values of a row over the rounds where both have one: run i of each side ran in round i + 1, and a steady
     * row lacks the runs that did not settle, so a round is kept only where both of its runs settled. {@code rounds}
     * holds each kept round's number (from 1), {@code of} how many rounds there were.
     */
    record Aligned(Spread a, Spread b, int[] rounds, int of) {
    }

    /** The rounds where both sides have {@code metric}; null where the sides ran different counts or a run lacks it otherwise. */
    static Aligned aligned(Metric metric, List<java.util.Map<MetricId, Measurements.Measured>> a,
                           List<java.util.Map<MetricId, Measurements.Measured>> b) {
        if (a.size() != b.size()) {
            return null;
        }
        List<Double> xa = new ArrayList<>();
        List<Double> xb = new ArrayList<>();
        List<Integer> rounds = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            Measurements.Measured x = a.get(i).get(metric.id());
            Measurements.Measured y = b.get(i).get(metric.id());
            if (x == null || y == null) {
                return null;
            }
            if (x.value().measured() && y.value().measured()) {
                xa.add(x.value().value());
                xb.add(y.value().value());
                rounds.add(i + 1);
            } else if (!x.value().measured() && !Comparison.unsettled(x) || !y.value().measured() && !Comparison.unsettled(y)) {
                return null;
            }
        }
        return new Aligned(Spread.of(xa, false), Spread.of(xb, false), rounds.stream().mapToInt(Integer::intValue).toArray(),
                a.size());
    }

    /** Whether the sides' runs, round by round, move together: whole rounds, positive values, r > 0 at one-sided {@link #ALPHA}. */
    static boolean drifts(Spread a, Spread b) {
        int n = a.n();
        if (n != b.n() || n < FEWEST || a.fromIntervals() || b.fromIntervals()) {
            return false;
        }
        double r = correlation(a.samples(), b.samples());
        if (Double.isNaN(r) || r <= 0) {
            return false;
        }
        double t = r * Math.sqrt((n - 2) / Math.max(1e-12, 1 - r * r));
        return org.apache.commons.statistics.distribution.TDistribution.of(n - 2).survivalProbability(t) < ALPHA;
    }

    /** Pearson's r of the two sides' logs, round by round; NaN where a value is not positive or either does not vary. */
    static double correlation(double[] a, double[] b) {
        int n = a.length;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(a[i] > 0) || !(b[i] > 0)) {
                return Double.NaN;
            }
            x[i] = Math.log(a[i]);
            y[i] = Math.log(b[i]);
        }
        return SpreadSources.pearson(x, y);
    }

    /**
     * For each column judged by its rounds on its primary row: the rounds whose level (the mean of the two sides' logs)
     * the changepoint finder sets apart from the rounds' usual level, with how much slower or faster they ran.
     */
    static List<Note> notes(List<Row> rows, List<String> labels,
                            List<List<java.util.Map<MetricId, Measurements.Measured>>> measured) {
        List<Note> out = new ArrayList<>();
        for (int c = 1; c < labels.size(); c++) {
            Row p = Families.primary(rows, c);
            Significance s = p == null ? null : p.tests().get(c);
            Aligned al = s == null || !"paired-log".equals(s.test()) ? null : aligned(p.metric(), measured.get(0), measured.get(c));
            if (al == null) {
                continue;
            }
            double[] a = al.a().samples();
            double[] b = al.b().samples();
            double[] level = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                level[i] = (Math.log(a[i]) + Math.log(b[i])) / 2;
            }
            List<Note.RoundDrift.Stretch> apart = new ArrayList<>();
            for (Note.RoundDrift.Stretch x : apart(level)) { // positions among the rounds kept, as the rounds' own numbers
                apart.add(new Note.RoundDrift.Stretch(al.rounds()[x.first() - 1], al.rounds()[x.last() - 1], x.ratio()));
            }
            out.add(new Note.RoundDrift(labels.get(c), labels.get(0), p.metric().label().trim(), a.length, correlation(a, b),
                    apart, al.of() - a.length));
        }
        return out;
    }

    /**
     * The stretches of rounds whose level stands apart from the rounds' usual one (their median): each round more than
     * {@link #APART} and 3 noise deviations from it (the noise from the median of the steps between successive rounds,
     * as {@link Changepoints} takes it), consecutive rounds on the same side of it one stretch, as a ratio of its mean
     * level to the usual.
     */
    static List<Note.RoundDrift.Stretch> apart(double[] level) {
        int n = level.length;
        double usual = median(level);
        // the rounds' noise from one round to the next (as the changepoint finder takes it): a stretch apart moves
        // few of these differences, where it would move the deviations from the median of most rounds
        double[] steps = new double[Math.max(1, n - 1)];
        for (int i = 0; i + 1 < n; i++) {
            steps[i] = Math.abs(level[i + 1] - level[i]);
        }
        double limit = Math.max(Math.log(1 + APART), 3 * 1.4826 * median(steps) / Math.sqrt(2));
        List<Note.RoundDrift.Stretch> out = new ArrayList<>();
        int i = 0;
        while (i < n) {
            int side = level[i] - usual > limit ? 1 : usual - level[i] > limit ? -1 : 0;
            int j = i + 1;
            while (side != 0 && j < n && (side > 0 ? level[j] - usual > limit : usual - level[j] > limit)) {
                j++;
            }
            if (side != 0) {
                double sum = 0;
                for (int k = i; k < j; k++) {
                    sum += level[k];
                }
                out.add(new Note.RoundDrift.Stretch(i + 1, j, Math.exp(sum / (j - i) - usual)));
            }
            i = j;
        }
        return out;
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        java.util.Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }


}

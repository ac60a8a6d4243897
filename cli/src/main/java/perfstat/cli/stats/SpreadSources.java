package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import perfstat.cli.read.RunData;

/**
 * Where the spread of a table's primary measure comes from, side by side, in one line: how much its runs differ
 * between them, against how much it varies within a run where the runs can say (a command's iterations in steady
 * state, a model's intervals), whether the runs differ more than that explains (Kalibera and Jones's two levels), and
 * the conditions and the runtime's rows its runs move with (the machine's and the JDK's rows whose values, run by run,
 * correlate with it: |r| of 0.8 or more over 5 runs or more). What coincides, not what caused it.
 */
public final class SpreadSources {
    /** The least |r| a row must reach with the primary's runs to be named. */
    static final double FOLLOWS = 0.8;
    /** The fewest runs a side for a correlation to be named. */
    static final int FEWEST = 5;

    private SpreadSources() {
    }

    /**
     * One side.
     *
     * @param column     the side
     * @param runs       its runs with a value
     * @param betweenPct the runs' standard deviation, as % of their mean (NaN below two)
     * @param withinPct  the standard deviation within a run (pooled, % of the run's mean), NaN where the runs cannot say
     * @param within     what varies within a run: "iterations", "intervals", or "" where nothing does
     * @param differ     whether the runs differ more than what varies within them explains (the chi-squared 99th
     *                   percentile, as {@link Iterations.Side#jvmsDiffer})
     * @param follows    the rows its runs move with, each with r ({@code waited for a CPU (msecs) r=+0.91})
     */
    public record Side(String column, int runs, double betweenPct, double withinPct, String within, boolean differ,
                       List<String> follows) {
        public Side {
            follows = List.copyOf(follows);
        }
    }

    /** The primary measure's spread on each side, or nothing where no row is the primary. */
    static List<Note> notes(List<Row> rows, List<List<RunData>> columns, List<List<Map<MetricId, Measurements.Measured>>> measured,
                            List<String> labels) {
        Row primary = Families.primary(rows, Math.min(1, columns.size() - 1));
        if (primary == null) {
            return List.of();
        }
        List<Side> sides = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            sides.add(side(primary, rows, columns.get(c), measured.get(c), labels.get(c)));
        }
        return List.of(new Note.SpreadSource(primary.metric().label().trim(), sides));
    }

    private static Side side(Row primary, List<Row> rows, List<RunData> runs, List<Map<MetricId, Measurements.Measured>> measured,
                             String column) {
        List<Double> xs = new ArrayList<>();
        List<Integer> have = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            Measurements.Measured m = measured.get(i).get(primary.metric().id());
            if (m != null && m.value().measured() && Double.isFinite(m.value().value())) {
                xs.add(m.value().value());
                have.add(i);
            }
        }
        Spread between = xs.isEmpty() ? null : Spread.of(xs, false);
        double betweenPct = between == null || between.n() < 2 ? Double.NaN : 100 * between.sd() / Math.abs(between.mean());
        double withinPct = Double.NaN;
        String within = "";
        int perRun = 0;
        Iterations.Side it = Iterations.side(runs, column);
        if (RowCatalogue.isScore(primary.metric()) && it != null && it.steadyRuns() > 0) {
            withinPct = it.withinPct();
            within = "iterations";
            perRun = it.steadyLength();
        } else if (RowCatalogue.isScore(primary.metric()) && runs.stream().allMatch(r -> r.intervalScores().size() > 1)) {
            double pooled = 0;
            int df = 0;
            for (RunData r : runs) {
                Spread s = Spread.of(r.intervalScores(), true);
                pooled += s.sd() * s.sd() / (s.mean() * s.mean()) * (s.n() - 1);
                df += s.n() - 1;
                perRun = s.n();
            }
            withinPct = df > 0 ? 100 * Math.sqrt(pooled / df) : Double.NaN;
            within = "intervals";
        }
        boolean differ = false;
        if (!Double.isNaN(betweenPct) && !Double.isNaN(withinPct) && perRun > 0) {
            int df = xs.size() - 1;
            double limit = org.apache.commons.statistics.distribution.ChiSquaredDistribution.of(df)
                    .inverseSurvivalProbability(0.01) / df;
            differ = betweenPct * betweenPct > limit * withinPct * withinPct / perRun;
        }
        return new Side(column, xs.size(), betweenPct, withinPct, within, differ, follows(primary, rows, measured, have, xs));
    }

    /** The machine's and the JDK's rows whose values, run by run, correlate with the primary's, strongest first (two). */
    private static List<String> follows(Row primary, List<Row> rows, List<Map<MetricId, Measurements.Measured>> measured,
                                        List<Integer> have, List<Double> xs) {
        if (xs.size() < FEWEST) {
            return List.of();
        }
        List<double[]> found = new ArrayList<>(); // {|r|, r, row index}
        for (int k = 0; k < rows.size(); k++) {
            Row r = rows.get(k);
            MetricId.Kind kind = r.metric().kind();
            if (r == primary || kind != MetricId.Kind.MACHINE && kind != MetricId.Kind.JDK) {
                continue;
            }
            double[] ys = new double[have.size()];
            boolean all = true;
            for (int j = 0; j < have.size() && all; j++) {
                Measurements.Measured m = measured.get(have.get(j)).get(r.metric().id());
                all = m != null && m.value().measured() && Double.isFinite(m.value().value());
                ys[j] = all ? m.value().value() : 0;
            }
            double rho = all ? pearson(xs.stream().mapToDouble(Double::doubleValue).toArray(), ys) : Double.NaN;
            if (Math.abs(rho) >= FOLLOWS) {
                found.add(new double[] {Math.abs(rho), rho, k});
            }
        }
        found.sort((a, b) -> Double.compare(b[0], a[0]));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.min(2, found.size()); i++) {
            out.add(rows.get((int) found.get(i)[2]).metric().label().trim()
                    + String.format(java.util.Locale.ROOT, " r=%+.2f", found.get(i)[1]));
        }
        return out;
    }

    /** Pearson's r of {@code xs} and {@code ys}; NaN where either does not vary. */
    static double pearson(double[] xs, double[] ys) {
        int n = ys.length;
        double mx = java.util.Arrays.stream(xs).average().orElse(0);
        double my = java.util.Arrays.stream(ys).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            double dx = xs[i] - mx;
            double dy = ys[i] - my;
            sxy += dx * dy;
            sxx += dx * dx;
            syy += dy * dy;
        }
        return sxx == 0 || syy == 0 ? Double.NaN : sxy / Math.sqrt(sxx * syy);
    }
}

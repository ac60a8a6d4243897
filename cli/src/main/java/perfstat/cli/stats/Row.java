package perfstat.cli.stats;

import java.util.Collections;
import java.util.List;

/**
 * One metric across the columns of a table.
 *
 * @param values     one per column: the mean, with perf's +- when it is a mean of several samples
 * @param deltas     relative change of each column's mean from the first (first entry NaN), as a
 *                   fraction: 0.0374 is +3.74%; NaN where it cannot be computed
 * @param comments   one per column: perf's derived figure for it (1.98 CPUs utilized), what it is the mean of, where
 *                   it comes from; {@link Comment#NONE} for nothing (the render package words them)
 * @param spreads    one per column: the samples behind the value (null where there are none)
 * @param tests      one per column: whether it differs from the first (null for the first, and
 *                   where there is nothing to test); its verdict is the one after the control of
 *                   the false discovery rate across the table ({@code qValues}), its p the raw one
 * @param qValues    one per column: the Benjamini–Hochberg adjusted p-value of the test across the
 *                   table's judged rows of that column (NaN where there is none)
 * @param timedCalls one per column, for a latency percentile: the timed calls each sample rests on
 *                   (one per recording); null for other metrics and where the column has none
 */
public record Row(Metric metric, List<Value> values, List<Double> deltas, List<Comment> comments,
                  List<Spread> spreads, List<Significance> tests, List<Double> qValues, List<List<Long>> timedCalls) {

    public Row(Metric metric, List<Value> values, List<Double> deltas, List<Comment> comments,
               List<Spread> spreads, List<Significance> tests) {
        this(metric, values, deltas, comments, spreads, tests, Collections.nCopies(values.size(), Double.NaN),
                Collections.nCopies(values.size(), null));
    }

    /** A row without samples (one recording per column and no intervals). */
    public Row(Metric metric, List<Value> values, List<Double> deltas, List<Comment> comments) {
        this(metric, values, deltas, comments, Collections.nCopies(values.size(), null),
                Collections.nCopies(values.size(), null));
    }

    /**
     * Whether column {@code c}'s value is derived and scaled rather than counted (task-clock from jdk.CPULoad over part
     * of the JVM's life, in a recording without perfstat's counters; a role's share of it from jdk.ThreadCPULoad, which
     * its label says): every format says so ({@code derived} as its
     * status in json and csv, a note under the table).
     */
    public boolean derived(int c) {
        return values.get(c).measured() && (comments.get(c) instanceof Comment.CpuFromLoad || RoleRows.isDerived(metric.key()));
    }

    /** Column {@code c}'s status in words, as json and csv give it: {@code derived} for a derived value, else its status's name. */
    public String status(int c) {
        return derived(c) ? "derived" : values.get(c).status().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The same row with other tests and q-values. */
    public Row withTests(List<Significance> tests, List<Double> qValues) {
        return new Row(metric, values, deltas, comments, spreads, tests, qValues, timedCalls);
    }

    /**
     * Whether column {@code c}'s own interval leaves out 0 while its family, judged together, does not show the change:
     * printed {@code ~ [...] q=}.
     */
    public boolean overruled(int c) {
        Significance s = tests.get(c);
        double q = qValues.get(c);
        return s != null && s.verdict() == Significance.Verdict.NOT_SIGNIFICANT && !Double.isNaN(q)
                && (s.ciLow() > 0 || s.ciHigh() < 0);
    }

    /** The fewest timed calls a sample of column 0 or column {@code c} rests on; -1 where the row is not a percentile. */
    public long fewestTimedCalls(int c) {
        long fewest = Long.MAX_VALUE;
        for (int i : new int[] {0, c}) {
            List<Long> t = timedCalls.get(i);
            if (t != null) {
                for (long x : t) {
                    fewest = Math.min(fewest, x);
                }
            }
        }
        return fewest == Long.MAX_VALUE ? -1 : fewest;
    }
}

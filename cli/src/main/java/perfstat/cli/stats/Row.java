package perfstat.cli.stats;

import java.util.List;

/**
 * One metric across the columns of a table.
 *
 * @param values   one per column: the mean, with perf's +- when it is a mean of several samples
 * @param deltas   relative change of each column's mean from the first (first entry NaN), as a
 *                 fraction: 0.0374 is +3.74%; NaN where it cannot be computed
 * @param comments one per column: perf's derived figure for it ("1.98 CPUs utilized"), or ""
 * @param spreads  one per column: the samples behind the value (null where there are none)
 * @param tests    one per column: whether it differs from the first (null for the first, and
 *                 where there is nothing to test)
 */
public record Row(Metric metric, List<Value> values, List<Double> deltas, List<String> comments,
                  List<Spread> spreads, List<Significance> tests) {

    /** A row without samples (one recording per column and no intervals). */
    public Row(Metric metric, List<Value> values, List<Double> deltas, List<String> comments) {
        this(metric, values, deltas, comments, java.util.Collections.nCopies(values.size(), null),
                java.util.Collections.nCopies(values.size(), null));
    }
}

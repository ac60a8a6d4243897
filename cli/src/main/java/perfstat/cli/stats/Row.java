package perfstat.cli.stats;

import java.util.List;

/**
 * One metric across the columns of a table.
 *
 * @param values   one per column
 * @param deltas   relative change of each column from the first (first entry NaN), as a
 *                 fraction: 0.0374 is +3.74%; NaN where it cannot be computed
 * @param comments one per column: perf's derived figure for it ("1.98 CPUs utilized"), or ""
 */
public record Row(Metric metric, List<Value> values, List<Double> deltas, List<String> comments) {
}

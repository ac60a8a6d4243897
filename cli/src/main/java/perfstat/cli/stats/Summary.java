package perfstat.cli.stats;

import java.util.List;

/**
 * How one configuration compares with the baseline, as values: the renderers put it into words.
 *
 * @param label     the configuration
 * @param baseline  the configuration it is compared with
 * @param byScore   whether {@code geomeanRatio} is of the workloads' scores (else of time elapsed: the recordings have no score)
 * @param geomeanRatio the geometric mean of the ratios {@code label / baseline}, minus 1; NaN where nothing could be compared
 * @param better    the metrics that moved significantly in their better direction, in table order
 * @param worse     those that moved significantly in their worse direction
 */
public record Summary(String label, String baseline, boolean byScore, double geomeanRatio, List<Move> better,
                      List<Move> worse) {
    public Summary {
        better = List.copyOf(better);
        worse = List.copyOf(worse);
    }

    /** A significant change of one metric: the metric and its relative change (0.1 is +10%). */
    public record Move(Metric metric, double delta) {
    }
}

package perfstat.cli.stats;

import java.util.List;

/**
 * How one configuration compares with the baseline, as values: the renderers put it into words.
 * The headline first (the score's judged change, else time elapsed's or task-clock's), then the
 * significant moves by size, at most {@link #MOST_MOVES}: max rows and rows left undecided (too
 * few samples or timed calls) are never among them; then the hot methods that moved significantly.
 *
 * @param label     the configuration
 * @param baseline  the configuration it is compared with
 * @param byScore   whether {@code geomeanRatio} is of the workloads' scores (else of time elapsed: the recordings have no score)
 * @param geomeanRatio the geometric mean of the ratios {@code label / baseline}, minus 1; NaN where nothing could be compared
 * @param better    the largest significant moves in their better direction, by size
 * @param worse     the largest in their worse direction, by size (with {@code better} at most {@link #MOST_MOVES})
 * @param changed   the largest significant moves of rows without a better direction (JIT compilations), by size
 * @param headline  the score's change, or time elapsed's or task-clock's, judged; null where the table has none
 * @param more      significant moves left out of {@code better} and {@code worse}
 * @param hot       hot methods whose share moved significantly, largest first
 */
public record Summary(String label, String baseline, boolean byScore, double geomeanRatio, List<Move> better,
                      List<Move> worse, List<Move> changed, Headline headline, int more, List<HotMove> hot) {
    /** The most moves a summary lists. */
    public static final int MOST_MOVES = 5;

    public Summary {
        better = List.copyOf(better);
        worse = List.copyOf(worse);
        changed = List.copyOf(changed);
        hot = List.copyOf(hot);
    }

    public Summary(String label, String baseline, boolean byScore, double geomeanRatio, List<Move> better, List<Move> worse) {
        this(label, baseline, byScore, geomeanRatio, better, worse, List.of(), null, 0, List.of());
    }

    /**
     * A significant change of one metric: the metric and its relative change (0.1 is +10%); infinite for a change from 0,
     * which ranks before every finite one.
     */
    public record Move(Metric metric, double delta) {
    }

    /**
     * The headline metric's change, judged: its verdict, interval and answer against the threshold are its row's
     * ({@code test}; null where the row has no test).
     */
    public record Headline(Metric metric, double delta, Significance test) {
        /** Its verdict; undecided where there is no test. */
        public Significance.Verdict verdict() {
            return test == null ? Significance.Verdict.TOO_FEW : test.verdict();
        }
    }

    /** A hot method whose share of samples moved significantly: section kind (self, total), method, change in points. */
    public record HotMove(String kind, String method, double deltaPp) {
    }
}

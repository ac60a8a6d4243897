package perfstat.cli.stats;

import java.util.List;

/**
 * Everything a renderer prints: a title, column labels, rows, a summary, notes. Owns the
 * numbers; renderers only lay them out and word them.
 *
 * @param title   what the heading names (the renderers word it)
 *
 * @param files   the recordings each column came from (several when a configuration ran repeatedly)
 * @param summary per configuration after the first, how it compares with the first: the geometric
 *                mean of the score ratios and which metrics moved significantly, better or worse
 *                (empty for one column)
 * @param notes   the footer, as values (the renderers word them): sources that are fallbacks, what a recording
 *                lacks, where samples came from
 * @param curves  per probe, its latency distribution in each column (for plots)
 * @param hot     the hot methods of the execution samples, side by side (empty without samples)
 * @param subject what was measured, in short: the workload or benchmark (where several tables are
 *                printed together, as by a diff of two JMH runs, a CSV line names it)
 * @param stacks  the samples' stacks: each column's folded stacks, and the differential flame graphs
 */
public record Table(Title title, List<String> columns, List<List<String>> files, List<Row> rows,
                    List<Summary> summary, List<Note> notes, List<PercentileCurve> curves, List<HotMethods.Section> hot,
                    String subject, FlameGraph.Stacks stacks) {

    public Table(Title title, List<String> columns, List<List<String>> files, List<Row> rows, List<Summary> summary,
                 List<Note> notes, List<PercentileCurve> curves, List<HotMethods.Section> hot, String subject) {
        this(title, columns, files, rows, summary, notes, curves, hot, subject, FlameGraph.Stacks.NONE);
    }

    public Table(Title title, List<String> columns, List<List<String>> files, List<Row> rows, List<Summary> summary,
                 List<Note> notes) {
        this(title, columns, files, rows, summary, notes, List.of(), List.of(), "");
    }

    public Table(Title title, List<String> columns, List<List<String>> files, List<Row> rows, List<Summary> summary,
                 List<Note> notes, List<PercentileCurve> curves) {
        this(title, columns, files, rows, summary, notes, curves, List.of(), "");
    }

    /** The same table with other notes. */
    public Table withNotes(List<Note> notes) {
        return new Table(title, columns, files, rows, summary, notes, curves, hot, subject, stacks);
    }

    /** The same table with another title. */
    public Table withTitle(Title title) {
        return new Table(title, columns, files, rows, summary, notes, curves, hot, subject, stacks);
    }

    /** The same table with another summary and other notes. */
    public Table with(List<Summary> summary, List<Note> notes) {
        return new Table(title, columns, files, rows, summary, notes, curves, hot, subject, stacks);
    }
}

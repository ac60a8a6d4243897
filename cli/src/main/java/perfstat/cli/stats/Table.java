package perfstat.cli.stats;

import java.util.List;

/**
 * Everything a renderer prints: a title, column labels, rows, notes. Owns the numbers;
 * renderers only lay them out.
 *
 * @param files the recordings each column came from (several when a configuration ran repeatedly)
 * @param notes lines for the footer: sources that are fallbacks, what a recording lacks
 */
public record Table(String title, List<String> columns, List<List<String>> files, List<Row> rows, List<String> notes) {
}

/**
 * From recordings to a {@code Table} of values: measurements (metric, unit, samples, source),
 * tests and verdicts, deltas, the summary as values. Knows no output format and writes no
 * sentence that a renderer would print; must not depend on render.
 */
package perfstat.cli.stats;

/**
 * From recordings to a {@code Table} of values: measurements (each metric with its identity,
 * {@code MetricId}: what is measured, of what, which statistic, in which unit), samples, tests
 * and verdicts, deltas; the summary, the notes ({@code Note}), the rows' comments ({@code Comment}),
 * a test's reason for not deciding ({@code Significance.Reason}) and the gate's regressions
 * ({@code Gate.Violation}) as values. Knows no output format and writes no sentence that a
 * renderer would print; must not depend on render.
 */
package perfstat.cli.stats;

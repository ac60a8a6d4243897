/**
 * Output formats, one renderer each, registered in {@code OutputFormat}: they lay out a
 * {@code Table} and word its values: the summary line in {@code SummaryText}, the notes in
 * {@code NoteText}, the rows' comments and tests' reasons in {@code CommentText}, the gate's
 * regressions in {@code ViolationText}, the same words in every
 * format. They group and order rows by the metric's identity ({@code MetricId}), never by its
 * printed name. Renderers own no data and compute no statistics; must not depend on read or launch.
 */
package perfstat.cli.render;

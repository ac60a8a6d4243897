/**
 * Output formats, one renderer each, registered in {@code OutputFormat}: they lay out a
 * {@code Table} and word its values (the summary line in {@code SummaryText}). Renderers own no
 * data and compute no statistics; must not depend on read or launch.
 */
package perfstat.cli.render;

/**
 * The {@code perfstat} command's entry ({@code Main}, the only place that exits) and the one
 * kind of user error ({@code UserError}). Everything else of the CLI lives in the packages below.
 */
package perfstat.cli;

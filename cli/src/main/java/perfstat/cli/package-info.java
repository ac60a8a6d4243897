/**
 * The {@code perfstat} command's entry ({@code Main}, the only place that exits): the top of the CLI, which
 * names the commands below it and which nothing below names. Everything else of the CLI lives in the packages
 * below; what they all need (the user's durations and errors) in {@code perfstat.cli.user}, at their bottom.
 */
package perfstat.cli;

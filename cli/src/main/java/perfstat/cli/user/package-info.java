/**
 * What the user writes and is told, at the bottom of the CLI's packages: durations as users write them
 * ({@code Durations}) and the one kind of user error ({@code UserError}: one line on stderr, exit 1 or 2).
 * It names no other package of the CLI.
 */
package perfstat.cli.user;

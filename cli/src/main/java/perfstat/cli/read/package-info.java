/**
 * Reading recordings into {@code RunData}: the recording format's reader side. Knows the
 * format and nothing of statistics or output; must not depend on stats or render.
 */
package perfstat.cli.read;

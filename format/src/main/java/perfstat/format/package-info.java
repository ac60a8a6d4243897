/**
 * The recording format, shared by every writer and the reader: its version, every perfstat
 * event's name and field names ({@code Events}), the phases ({@code Phase}), a counter's status
 * ({@code CounterStatus}) and sources ({@code CounterSource}). Depends on nothing; everything
 * else may depend on it. Writers reference only its compile-time constants, except the agent,
 * which uses {@code CounterStatus} at run time (perfstat.jar holds this module); the models
 * must not, as they also run from jars without it.
 */
package perfstat.format;

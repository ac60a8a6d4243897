/**
 * perfstat inside JMH: the {@code -prof perfstat} profiler, which loads the agent into each
 * fork and reads its counters at iteration boundaries. Depends on JMH (provided by the
 * benchmarks' jar) and the agent; must not depend on the rest of the CLI.
 */
package perfstat.cli.jmh;

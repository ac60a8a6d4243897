/**
 * perfstat inside JMH: the {@code -prof perfstat} profiler, which loads the agent into each
 * fork and reads its counters at iteration boundaries. {@link perfstat.cli.jmh.PerfstatProfiler}
 * is the class JMH makes (as {@code perfstat}, in the unnamed package) and hands each call to
 * its role: {@link perfstat.cli.jmh.JmhHost} in the JMH host, {@link perfstat.cli.jmh.JmhFork}
 * in each fork. {@link perfstat.cli.jmh.ProfilerOptions} declares the options for JMH's own
 * option parser; {@link perfstat.cli.jmh.ProbePercentileResult} is a probe's percentile, which
 * JMH aggregates by merging histograms. A new option is one declaration there and its use.
 * Depends on JMH (provided by the benchmarks' jar) and the agent; the module of its own
 * ({@code jmh/}, for the JVMs JMH starts, Java 17 and up) keeps it from the CLI, whose package
 * name it keeps.
 */
package perfstat.cli.jmh;

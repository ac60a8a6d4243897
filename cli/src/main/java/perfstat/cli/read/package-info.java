/**
 * Reading recordings into {@code RunData}: the recording format's reader side. One streaming
 * pass ({@code RecordingReader}) hands each event to the collector of its concern (counters,
 * probes, workload and score, JMH iterations, the agent, the JVM's figures, contention, hot
 * methods, the JDK's totals), each of which owns its handlers and builds its part of
 * {@code RunData}; the JDK's totals follow one table, {@code JdkTotal}. perfstat's own events
 * and fields are named by the format module's constants, never by string literals; the JDK's
 * events ({@code jdk.*}) by their JDK names, in the collectors and in {@code JdkTotal}. Knows the format and nothing
 * of statistics or output; must not depend on stats or render.
 */
package perfstat.cli.read;

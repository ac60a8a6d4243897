package perfstat.cli.stats;

/**
 * What a metric is, as a value: what is measured, of what, which statistic of it, in which
 * unit. Rows of recordings line up by it, renderers group and order by it; no part of
 * perfstat takes it apart from a string.
 *
 * @param kind      what is measured
 * @param subject   of what: a counter's event name (perf's, without modifiers), a probed
 *                  method's full name ({@code pkg.Class::method}, an overload's parameter types
 *                  included), a model counter's name, a JDK total's name; "" for the score
 * @param statistic which figure of it
 * @param unit      the unit of its values ({@code ms}, {@code ns}, {@code count}, {@code bytes},
 *                  {@code %}, or the workload's own)
 */
public record MetricId(Kind kind, String subject, Statistic statistic, String unit) {

    /** What is measured; also the order of perf's table and the blocks it prints in. */
    public enum Kind {
        /** A process counter: perf_event_open's, procfs's, or one derived from the JDK's events. */
        COUNTER,
        /** The workload's own score. */
        SCORE,
        /** A model's own counter (perfstat.ModelCounter). */
        MODEL_COUNTER,
        /** A probed method. */
        PROBE,
        /** A total or mean from the JDK's own events (GC, contention, allocation, I/O, CPU load). */
        JDK,
        /**
         * How busy the machine was while the run ran (perfstat.Machine): the other processes' CPU, steal, the run-queue
         * wait, the CPUs' frequency. Context for the program's rows, not its performance: judged in a family of its own
         * ({@link Significance.Family#CONTEXT}), never the primary, never in the summary.
         */
        MACHINE,
        /** The time the counters cover (perf's "time elapsed"). */
        TIME
    }

    /** Which figure of the subject. */
    public enum Statistic {
        /** A count or sum over the window. */
        TOTAL,
        /** A mean over the window (the score, the JVM's CPU load). */
        MEAN,
        /** A probe's calls. */
        CALLS,
        /** A latency percentile: the median. */
        P50,
        /** A latency percentile: the 99th. */
        P99,
        /** A latency percentile: the largest. */
        MAX,
        /** A total divided by the run's count of a unit of work ({@link PerUnit}): the unit's name is in the unit. */
        PER_UNIT;

        /** Whether it is a percentile of a latency distribution (p50, p99, max). */
        public boolean isPercentile() {
            return this == P50 || this == P99 || this == MAX;
        }
    }
}

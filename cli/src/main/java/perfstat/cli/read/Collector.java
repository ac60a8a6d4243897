package perfstat.cli.read;

/**
 * One concern of the reader (counters, probes, workload and score, the JDK's totals,
 * contention, hot methods, JMH iterations, the agent, the JVM's own figures): it adds a
 * handler per event type it reads, accumulates while the pass runs, and builds its own part
 * of {@link RunData} after it.
 */
interface Collector {
    /** Adds this collector's handlers. */
    void register(Handlers h);
}

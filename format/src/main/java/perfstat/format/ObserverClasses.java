package perfstat.format;

/**
 * perfstat's own classes in a measured JVM, by the prefix of their binary names, as both ends see them: the agent leaves
 * its own unprobed, and the reader counts a frame of any of them as the observer's (hot methods' {@code [perfstat
 * probes]}, the contention blocks left out). perfstat's models ({@code perfstat.models}) and benchmarks
 * ({@code perfstat.bench}) are programs measured like any other, so they are none of these.
 */
public final class ObserverClasses {
    /** The agent's own packages and the libraries it carries shaded: what a probe must never rewrite. */
    public static final String AGENT = "perfstat.agent.";
    public static final String SHADED = "perfstat.shaded.";
    /** The recording format the agent writes, and the part of perfstat's JMH profiler that runs inside a fork. */
    public static final String FORMAT = "perfstat.format.";
    public static final String JMH_PROFILER = "perfstat.cli.jmh.";

    private ObserverClasses() {
    }

    /** The agent's, or a library it carries shaded. */
    public static boolean agents(String className) {
        return className.startsWith(AGENT) || className.startsWith(SHADED);
    }

    /** Any of perfstat's own code in the measured JVM. */
    public static boolean perfstats(String className) {
        return agents(className) || className.startsWith(FORMAT) || className.startsWith(JMH_PROFILER);
    }
}

package perfstat.cli.read;

/**
 * Which classes in a measured JVM are the observer's rather than the program's: perfstat's agent with what it carries
 * shaded and the recording format it writes, its JMH profiler's part inside a fork, and JFR. perfstat's models
 * ({@code perfstat.models}) and benchmarks ({@code perfstat.bench}) are programs measured like any other.
 */
final class ObserverCode {
    private ObserverCode() {
    }

    /** perfstat's own code in the measured JVM, by binary class name. */
    static boolean perfstats(String className) {
        return perfstat.format.ObserverClasses.perfstats(className); // the prefixes both ends share
    }

    /** perfstat's or JFR's code ({@code jdk.jfr.*}; not {@code jdk.internal.event.*}, which the program's I/O raises). */
    static boolean perfstatsOrJfrs(String className) {
        return perfstats(className) || className.startsWith("jdk.jfr.");
    }
}

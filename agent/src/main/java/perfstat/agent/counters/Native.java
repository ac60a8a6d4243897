package perfstat.agent.counters;

/**
 * The native layer below Java 22: there is none. The jar's Java 22 layer
 * ({@code META-INF/versions/22}) replaces this class with one that calls perf_event_open
 * through the Foreign Function &amp; Memory API; a Java 17 to 21 target loads this one and
 * counts from procfs.
 */
final class Native {
    private Native() {
    }

    /** The system calls, or null when this JVM cannot make them. */
    static PerfSyscalls syscalls() {
        return null;
    }

    /** Why {@link #syscalls()} is null. */
    static String unavailableReason() {
        return "perf_event_open needs Java 22+ in the target (FFM); this JVM is " + Runtime.version().feature();
    }
}

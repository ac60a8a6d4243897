package perfstat.format;

/**
 * Where a counter's value came from: {@code perfstat.PerfCounter}'s {@code source} (which may
 * add a reason after these) and {@code perfstat.CounterReader}'s {@code mode}. Compile-time
 * constants.
 */
public final class CounterSource {
    /** perf_event_open(2), kernel and user. */
    public static final String PERF_EVENT_OPEN = "perf_event_open";
    /** perf_event_open(2), every event with {@code :u}: the kernel refused kernel counting. */
    public static final String PERF_EVENT_OPEN_USER = "perf_event_open (user only)";
    /** getrusage(2), for context switches in user-only mode. */
    public static final String GETRUSAGE = "getrusage";
    /** The counter reader's mode without perf_event_open. */
    public static final String PROCFS = "procfs";
    public static final String PROCFS_STAT = "procfs /proc/self/stat (10 ms ticks)";
    public static final String PROCFS_STAT_FAULTS = "procfs /proc/self/stat";
    public static final String PROCFS_THREADS = "procfs, live threads only";

    private CounterSource() {
    }
}

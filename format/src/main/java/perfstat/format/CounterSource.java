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

    /** Per thread, new in version 7: each thread's CPU time from {@code /proc/self/task/TID/schedstat}, in ns. */
    public static final String PROCFS_SCHEDSTAT = "procfs schedstat (ns)";
    /**
     * The whole process's task-clock where part of it is threads that ended between two reads: their
     * share is {@code /proc/self/stat}'s (10 ms ticks) less the live threads' schedstat.
     */
    public static final String PROCFS_SCHEDSTAT_AND_STAT = "procfs schedstat (ns), ended threads from /proc/self/stat (10 ms ticks)";

    /**
     * Per role, new in version 7: the per-thread perf_event_open task-clock counters (inherit=1) of the threads present
     * as the window opened, each in its role with the threads it started; later-born threads seen by schedstat moved
     * to their own role.
     */
    public static final String PERF_EVENT_OPEN_PER_THREAD = "perf_event_open per thread";
    /** As {@link #PERF_EVENT_OPEN_PER_THREAD}, counted in user space only. */
    public static final String PERF_EVENT_OPEN_USER_PER_THREAD = "perf_event_open (user only) per thread";

    /**
     * Added to a procfs source where the event carried {@code :u} or {@code :k}: procfs cannot leave the kernel's (or
     * the user's) part out, so the value is both.
     */
    public static final String MODIFIER_NOT_HONOURED = ", user and kernel together (procfs cannot honour :u or :k)";

    /** Whether a value from {@code source} rests, wholly or in part, on 10 ms clock ticks (then it has no digits below 10 ms). */
    public static boolean ticks(String source) {
        return source != null && source.contains("10 ms ticks");
    }

    private CounterSource() {
    }
}

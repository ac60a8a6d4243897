package perfstat.format;

/**
 * The values of the {@code phase} field of {@code perfstat.Counters}, {@code perfstat.PerfCounter},
 * {@code perfstat.Probe}, {@code perfstat.ThreadRole}, {@code perfstat.ThreadRoleCounter} and {@code perfstat.Machine}: when in the run the totals were taken. Compile-time constants
 * (the agent's class files carry the text).
 */
public final class Phase {
    /** perfstat.Counters as the agent's window opens. */
    public static final String START = "start";
    /** perfstat.Counters and perfstat.PerfCounter at the end of a chunk (the latest wins). */
    public static final String END = "end";
    /** perfstat.PerfCounter at an interval boundary. */
    public static final String INTERVAL = "interval";
    /** perfstat.Probe's totals at the end of a chunk: no phase. */
    public static final String TOTALS = "";
    /** The totals as a window opened on a JVM whose agent already runs (perfstat attach). */
    public static final String WINDOW_START = "window-start";
    /** The totals as that window closed. */
    public static final String WINDOW_END = "window-end";

    /**
     * The totals as the counters' window opened late (agent options {@code delay}, {@code from}; new in version 10): the
     * agent's own recording's counts are its totals at the end less these.
     */
    public static final String LATE_START = "late-start";

    private Phase() {
    }
}

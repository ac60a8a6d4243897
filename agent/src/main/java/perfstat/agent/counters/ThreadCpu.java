package perfstat.agent.counters;

/**
 * The calling thread's CPU time from the native layer (clock_gettime(CLOCK_THREAD_CPUTIME_ID) through FFM, the clock
 * {@code ThreadMXBean} reads), for code that must not load {@code java.lang.management} into the host: loaded there
 * by perfstat, it would make the host's own first use of it cheaper than in a run without perfstat. Where the native
 * layer is not linked (Java 17 to 21, no native access) it is not available, and the caller uses {@code ThreadMXBean}.
 */
public final class ThreadCpu {
    private ThreadCpu() {
    }

    /** The calling thread's CPU time in ns, or -1 where the native layer cannot read it. Links FFM on its first call. */
    public static long nowNs() {
        PerfSyscalls s = Native.syscalls();
        return s == null ? -1 : s.threadCpuNs();
    }
}

package perfstat.agent.counters;

/**
 * The few system calls perf counting needs. Implemented with the Foreign Function &amp;
 * Memory API in the jar's Java 22 layer ({@link Native}); absent below Java 22. Failures
 * come back as a negative errno, never as an exception.
 */
public interface PerfSyscalls {
    /** perf_event_open(attr, pid = tid, cpu, group_fd, flags): a file descriptor, or -errno. */
    long perfEventOpen(byte[] attr, int tid, int cpu, int groupFd, long flags);

    /** Reads {value, time enabled, time running} into {@code out}: 0, or -errno. */
    long readCounter(int fd, long[] out);

    void close(int fd);

    /**
     * getrusage(RUSAGE_SELF): {user ns, system ns, minor faults, major faults, voluntary
     * context switches, involuntary context switches} for the whole process, exited threads
     * included; null if it failed.
     */
    long[] rusageSelf();

    /** clock_gettime(CLOCK_THREAD_CPUTIME_ID): the calling thread's CPU time in ns, or -1 where it failed. */
    default long threadCpuNs() {
        return -1;
    }
}

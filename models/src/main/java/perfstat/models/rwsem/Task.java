package perfstat.models.rwsem;

import java.util.concurrent.locks.LockSupport;

/**
 * A task running on one simulated CPU: a worker thread with the scheduler state the rwsem
 * consults. {@link #needResched()} turns true when the task's time slice is used up (a
 * documented default, {@link #DEFAULT_SLICE_NS}, as CFS's minimum granularity is a few
 * milliseconds); {@link #onCpu} is true while the task runs and false while it sleeps in
 * {@link #schedule}. Sleeping, being woken and being preempted at the end of a slice are the
 * only ways a task leaves its CPU here.
 */
final class Task {
    /** The time slice: 3 ms, the order of CFS's sched_min_granularity times a few runnable tasks. */
    static final long DEFAULT_SLICE_NS = 3_000_000L;

    final int cpu;
    final Thread thread;
    private final long sliceNs;
    private long sliceEnd;
    volatile boolean onCpu = true;

    Task(int cpu, long sliceNs) {
        this.cpu = cpu;
        this.thread = Thread.currentThread();
        this.sliceNs = sliceNs;
        this.sliceEnd = System.nanoTime() + sliceNs;
    }

    /** The scheduler wants the CPU back: the slice is over. */
    boolean needResched() {
        return System.nanoTime() - sliceEnd >= 0;
    }

    /** Returning to user space: if the slice is over, give the CPU up (a yield) and start a new one. */
    void preemptionPoint() {
        if (needResched()) {
            Thread.yield();
            sliceEnd = System.nanoTime() + sliceNs;
        }
    }

    /** Sleeps until woken (or spuriously): off the CPU meanwhile; a new slice after. */
    void schedule() {
        onCpu = false;
        LockSupport.park(this);
        onCpu = true;
        sliceEnd = System.nanoTime() + sliceNs;
    }

    /** Waits {@code ns} off the CPU (for a page read in from disk, say); a new slice after. */
    void sleepFor(long ns) {
        onCpu = false;
        LockSupport.parkNanos(this, ns);
        onCpu = true;
        sliceEnd = System.nanoTime() + sliceNs;
    }

    void wake() {
        LockSupport.unpark(thread);
    }
}

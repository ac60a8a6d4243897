package perfstat.models.writepath;

/**
 * The model's {@code current}: one simulated task running on one simulated CPU.
 *
 * <p>Per-CPU means per-CPU: a task is bound to its CPU for its whole life, so every
 * operation runs on one CPU from start to end, as kernel code does with preemption
 * disabled. No two live tasks share a CPU slot (the workloads give each worker its
 * own CPU), so per-CPU data touched by {@code cpu} needs no lock against other tasks,
 * only against cross-CPU readers such as a remount.
 *
 * <p>A task also stands for its process: it has its own descriptor table, which is why
 * {@code fget_light} takes no reference, as for a single-threaded process.
 */
public final class Task {
    /** {@code smp_processor_id()} while this task runs. */
    final int cpu;
    /** {@code current->ioac.wchar}: bytes written through write(). */
    long wchar;
    /** {@code current->ioac.syscw}: write() calls. */
    long syscw;
    /** {@code preempt_count()}: raised by preempt_disable() and pagefault_disable(). */
    int preemptCount;
    /** {@code TIF_NEED_RESCHED}: the model has no scheduler to set it, but every preempt_enable() checks it. */
    boolean needResched;
    /** Calls into balance_dirty_pages by this task, for the model's own counters. */
    long balanceDirtyPagesCalls;
    /** RLIMIT_FSIZE in bytes. */
    final long rlimitFsize = Long.MAX_VALUE;
    final File[] fdTable = new File[64];

    public Task(int cpu) {
        this.cpu = cpu;
    }

    /** {@code preempt_disable()}: this task stays on {@link #cpu} until the matching enable. */
    void preemptDisable() {
        preemptCount++;
    }

    /** {@code preempt_enable()}: drops the count and would reschedule if asked to. */
    void preemptEnable() {
        if (--preemptCount == 0 && needResched) {
            throw new IllegalStateException("the model has no scheduler");
        }
    }

    public int cpu() {
        return cpu;
    }

    public long bytesWritten() {
        return wchar;
    }

    public long writeCalls() {
        return syscw;
    }
}

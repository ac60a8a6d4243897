package perfstat.models.writepath;

/**
 * The model's {@code current}: one simulated task running on one simulated CPU.
 *
 * <p>Per-CPU means per-CPU: a task is bound to its CPU for its whole life, so every
 * operation runs on one CPU from start to end, as kernel code does with preemption
 * disabled. No two live tasks share a CPU slot (the workloads give each worker its
 * own CPU), so per-CPU data touched by {@code cpu} needs no lock against other tasks,
 * only against cross-CPU readers such as a remount. Its fields ({@link TaskFields}) sit
 * between paddings, on lines no other task's data shares, as a task's own stack and
 * {@code task_struct} are in the kernel.
 *
 * <p>A task also stands for its process: it has its own descriptor table, which is why
 * {@code fget_light} takes no reference, as for a single-threaded process.
 */
public final class Task extends TaskFields {
    long p11, p12, p13, p14, p15, p16, p17, p18;

    public Task(int cpu) {
        super(cpu);
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

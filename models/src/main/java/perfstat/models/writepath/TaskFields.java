package perfstat.models.writepath;

/** The fields of a {@link Task}, between its paddings (see {@link PaddedLeft}). */
abstract class TaskFields extends PaddedLeft {
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

    TaskFields(int cpu) {
        this.cpu = cpu;
    }
}

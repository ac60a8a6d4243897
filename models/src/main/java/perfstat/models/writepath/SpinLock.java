package perfstat.models.writepath;

/** A free-standing spinlock on its own cache line, such as {@code vfsmount_lock} or {@code files_lock}. */
final class SpinLock extends TicketSpinLock {
    long p11, p12, p13, p14, p15, p16, p17, p18;
}

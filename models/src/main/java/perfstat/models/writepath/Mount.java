package perfstat.models.writepath;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code struct vfsmount}: one mount of a {@link SuperBlock}. Besides the flags, it
 * carries the writer-tracking state that each kernel version kept in the mount; which
 * of those fields are used depends on the {@link MountWriteTracking} algorithm.
 */
public final class Mount {
    static final int MNT_READONLY = 0x40;
    /** 2.6.31 reuses the old debug bit as "remount is counting writers, hold off". */
    static final int MNT_WRITE_HOLD = 0x200;
    /** 2.6.26 to 2.6.30: set once a negative writer count was reported. */
    static final int MNT_IMBALANCED_WRITE_COUNT = 0x200;

    private static final VarHandle FLAGS;
    private static final VarHandle WRITERS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            FLAGS = l.findVarHandle(Mount.class, "flags", int.class);
            WRITERS = l.findVarHandle(Mount.class, "mntWriters", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final SuperBlock sb;
    /** The global {@code vfsmount_lock} of the namespace this mount is in. */
    final SpinLock vfsmountLock;
    /** {@code mnt_flags}; written under {@code vfsmount_lock}, read without it. */
    private int flags;
    /**
     * 2.6.26 to 2.6.30: {@code __mnt_writers}, the residual count that per-CPU caches
     * flush into. Exact only while every CPU's writer lock is held.
     */
    private int mntWriters;
    /**
     * 2.6.31: {@code mnt_writers}, this mount's own per-CPU counters, one cache line
     * per CPU ({@link PerMountPerCpuCounters#STRIDE} ints apart). Null in other versions.
     */
    final int[] perCpuWriters;
    /** Optional, for tests: observes write access from outside the algorithm. */
    final WriteAccessAudit audit;

    Mount(Vfs vfs, SuperBlock sb, int[] perCpuWriters, WriteAccessAudit audit) {
        this.sb = sb;
        this.vfsmountLock = vfs.vfsmountLock;
        this.perCpuWriters = perCpuWriters;
        this.audit = audit;
    }

    int flagsOnce() {
        return (int) FLAGS.getOpaque(this); // READ_ONCE
    }

    /** {@code mnt_flags |= bits}; the caller holds {@code vfsmount_lock}. */
    void setFlags(int bits) {
        FLAGS.setOpaque(this, flagsOnce() | bits);
    }

    /** {@code mnt_flags &= ~bits}; the caller holds {@code vfsmount_lock}. */
    void clearFlags(int bits) {
        FLAGS.setOpaque(this, flagsOnce() & ~bits);
    }

    /** {@code __mnt_is_readonly}: the mount flag or the superblock flag. */
    boolean isReadonly() {
        return (flagsOnce() & MNT_READONLY) != 0 || sb.readonly;
    }

    public boolean readonly() {
        return isReadonly();
    }

    int mntWritersRead() {
        return (int) WRITERS.getVolatile(this); // atomic_read
    }

    void mntWritersAdd(int delta) {
        WRITERS.getAndAdd(this, delta); // atomic_add / atomic_dec
    }
}

package perfstat.models.writepath;

import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code unpatched}: commit 3d733633 (2.6.26 to 2.6.30). One writer slot per CPU,
 * shared by all mounts and guarded by its own spinlock; the slot caches a count for
 * the one mount it is bound to and flushes that count into the mount's shared
 * {@code __mnt_writers} when the CPU moves to another mount. A drop on a CPU whose
 * slot holds nothing for the mount decrements the shared count instead, and if that
 * count sinks below {@link #UNDERFLOW_LIMIT} every CPU's lock is taken to fold the
 * slots back in.
 *
 * <p>Every want and every drop takes this CPU's spinlock: one locked instruction each,
 * which is the cost seed 000 measured on {@code write()}.
 */
public class PerCpuWriterLocks implements MountWriteTracking {
    /** {@code MNT_WRITER_UNDERFLOW_LIMIT}. */
    static final int UNDERFLOW_LIMIT = -(1 << 16);

    /** {@code struct mnt_writer}: one per CPU, cache-line aligned, lock embedded. */
    abstract static class CpuWriterFields extends TicketSpinLock {
        /** Writers taken on this CPU for {@link #mnt} and not yet flushed. */
        long count;
        /** The mount this CPU's cache is bound to. */
        Mount mnt;
    }

    /** The right padding of a {@link CpuWriterFields} (see {@link PaddedLeft}). */
    static final class CpuWriter extends CpuWriterFields {
        long p11, p12, p13, p14, p15, p16, p17, p18;
    }

    private final CpuWriter[] cpuWriters;
    /** Slow-path events, for the model's own counters: flushes to a mount's shared count. */
    final AtomicLong sharedCountFlushes = new AtomicLong();
    /** Times every CPU's lock was taken (remount or underflow). */
    final AtomicLong lockAllCount = new AtomicLong();
    private final AtomicLong leakWarnings = new AtomicLong();

    public PerCpuWriterLocks(int cpus) {
        cpuWriters = new CpuWriter[cpus];
        for (int i = 0; i < cpus; i++) {
            cpuWriters[i] = new CpuWriter();
        }
    }

    @Override
    public String variant() {
        return "unpatched";
    }

    @Override
    public Mount newMount(Vfs vfs, SuperBlock sb, WriteAccessAudit audit) {
        return new Mount(vfs, sb, null, audit);
    }

    @Override
    public int wantWrite(Task task, Mount mnt) {
        return mntWantWrite(task, mnt);
    }

    @Override
    public void dropWrite(Task task, Mount mnt) {
        mntDropWrite(task, mnt);
    }

    int mntWantWrite(Task task, Mount mnt) {
        task.preemptDisable(); // get_cpu_var(mnt_writers)
        CpuWriter w = cpuWriters[task.cpu];
        w.spinLock();
        int ret = 0;
        if (mnt.isReadonly()) {
            ret = -Errno.EROFS;
        } else {
            useCpuWriterForMount(w, mnt);
            w.count++;
        }
        w.spinUnlock();
        task.preemptEnable(); // put_cpu_var(mnt_writers)
        return ret;
    }

    void mntDropWrite(Task task, Mount mnt) {
        task.preemptDisable();
        CpuWriter w = cpuWriters[task.cpu];
        w.spinLock();
        useCpuWriterForMount(w, mnt);
        boolean mustCheckUnderflow = false;
        if (w.count > 0) {
            w.count--;
        } else {
            mustCheckUnderflow = true;
            mnt.mntWritersAdd(-1);
        }
        w.spinUnlock();
        if (mustCheckUnderflow) {
            handleWriteCountUnderflow(mnt);
        }
        task.preemptEnable(); // after the check: it bounds how far the shared count can underflow
    }

    /** {@code use_cpu_writer_for_mount}; the caller holds {@code w}'s lock. */
    private void useCpuWriterForMount(CpuWriter w, Mount mnt) {
        if (w.mnt == mnt) {
            return;
        }
        clearMntCount(w);
        w.mnt = mnt;
    }

    /** {@code __clear_mnt_count}: flush the cached count into the bound mount. */
    private void clearMntCount(CpuWriter w) {
        if (w.mnt == null) {
            return;
        }
        if (w.count != 0) {
            w.mnt.mntWritersAdd((int) w.count);
            sharedCountFlushes.incrementAndGet();
        }
        w.count = 0;
    }

    /** {@code lock_mnt_writers}: every CPU's lock in CPU order, each slot flushed and unbound. */
    private void lockMntWriters() {
        lockAllCount.incrementAndGet();
        for (CpuWriter w : cpuWriters) {
            w.spinLock();
            clearMntCount(w);
            w.mnt = null;
        }
    }

    private void unlockMntWriters() {
        for (int i = cpuWriters.length - 1; i >= 0; i--) {
            cpuWriters[i].spinUnlock();
        }
    }

    private void handleWriteCountUnderflow(Mount mnt) {
        if (mnt.mntWritersRead() >= UNDERFLOW_LIMIT) {
            return;
        }
        lockMntWriters();
        mnt.vfsmountLock.spinLock();
        if (mnt.mntWritersRead() < 0 && (mnt.flagsOnce() & Mount.MNT_IMBALANCED_WRITE_COUNT) == 0) {
            leakWarnings.incrementAndGet(); // "leak detected on mount"
            mnt.setFlags(Mount.MNT_IMBALANCED_WRITE_COUNT);
        }
        mnt.vfsmountLock.spinUnlock();
        unlockMntWriters();
    }

    @Override
    public int makeReadonly(Vfs vfs, Mount mnt) {
        int ret = 0;
        lockMntWriters();
        if (mnt.mntWritersRead() > 0) {
            ret = -Errno.EBUSY;
        } else {
            vfs.vfsmountLock.spinLock();
            mnt.setFlags(Mount.MNT_READONLY);
            vfs.vfsmountLock.spinUnlock();
        }
        unlockMntWriters();
        return ret;
    }

    @Override
    public long writers(Mount mnt) {
        lockMntWriters();
        long n = mnt.mntWritersRead();
        unlockMntWriters();
        return n;
    }

    @Override
    public long leakWarnings() {
        return leakWarnings.get();
    }
}

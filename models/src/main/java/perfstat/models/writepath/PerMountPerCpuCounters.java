package perfstat.models.writepath;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code piggin}: Nick Piggin's two patches, d3ef3d73 and 96029c4e (2.6.31). Each mount
 * has its own per-CPU counters; want increments this CPU's counter without a lock,
 * then a full fence, then waits while a remount holds {@link Mount#MNT_WRITE_HOLD},
 * then a read fence before it reads the read-only flag. Drop is a plain decrement.
 * A remount sets the hold, fences, and sums every CPU's counter; only the sum matters,
 * so a counter may go negative when a reference moves between CPUs.
 *
 * <p>For a file already open for write, {@code mnt_want_write_file} clones the file's
 * reference: a read-only check and an increment, no fence and no hold wait. That is
 * the path {@code write()} takes through {@code file_update_time} in this version.
 *
 * <h2>Why the fences suffice (the kernel comment, in our words)</h2>
 * A writer publishes its increment before it reads the flags; the remount publishes
 * the hold before it reads the counters. Either the remount sees the increment (and
 * fails with EBUSY) or the writer sees the hold and waits, then sees READONLY.
 */
public final class PerMountPerCpuCounters implements MountWriteTracking {
    /** Ints per CPU slot: one 64-byte cache line each. */
    static final int STRIDE = 16;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(int[].class);

    private final int cpus;

    public PerMountPerCpuCounters(int cpus) {
        this.cpus = cpus;
    }

    @Override
    public String variant() {
        return "piggin";
    }

    @Override
    public Mount newMount(Vfs vfs, SuperBlock sb, WriteAccessAudit audit) {
        // alloc_percpu(int), padded: slot c at (c + 1) * STRIDE, a line of padding at each end.
        return new Mount(vfs, sb, new int[(cpus + 2) * STRIDE], audit);
    }

    private static int slot(Task task) {
        return (task.cpu + 1) * STRIDE;
    }

    @Override
    public int wantWrite(Task task, Mount mnt) {
        return mntWantWrite(task, mnt);
    }

    @Override
    public void dropWrite(Task task, Mount mnt) {
        mntDropWrite(task, mnt);
    }

    @Override
    public int wantWriteFile(Task task, File file) {
        return mntWantWriteFile(task, file);
    }

    int mntWantWrite(Task task, Mount mnt) {
        task.preemptDisable();
        int[] writers = mnt.perCpuWriters;
        int i = slot(task);
        writers[i]++;                 // inc_mnt_writers
        VarHandle.fullFence();        // smp_mb(): the increment before the flag read
        for (int turn = 0; (mnt.flagsOnce() & Mount.MNT_WRITE_HOLD) != 0; turn++) {
            TicketSpinLock.cpuRelax(turn); // cpu_relax(), while a remount counts
        }
        VarHandle.acquireFence();     // smp_rmb(): READONLY only after HOLD seen clear
        int ret = 0;
        if (mnt.isReadonly()) {
            writers[i]--;
            ret = -Errno.EROFS;
        }
        task.preemptEnable();
        return ret;
    }

    /** {@code mnt_clone_write}: the caller already holds a write reference. */
    int mntCloneWrite(Task task, Mount mnt) {
        if (mnt.isReadonly()) {
            return -Errno.EROFS;
        }
        task.preemptDisable();
        mnt.perCpuWriters[slot(task)]++;
        task.preemptEnable();
        return 0;
    }

    /** {@code mnt_want_write_file}. */
    int mntWantWriteFile(Task task, File file) {
        if (!file.isOpenForWrite()) {
            return mntWantWrite(task, file.mnt);
        }
        return mntCloneWrite(task, file.mnt);
    }

    void mntDropWrite(Task task, Mount mnt) {
        task.preemptDisable();
        mnt.perCpuWriters[slot(task)]--; // dec_mnt_writers
        task.preemptEnable();
    }

    private long countMntWriters(Mount mnt) {
        int[] writers = mnt.perCpuWriters;
        long sum = 0;
        for (int c = 0; c < cpus; c++) {
            sum += (int) SLOT.getOpaque(writers, (c + 1) * STRIDE);
        }
        return sum;
    }

    @Override
    public int makeReadonly(Vfs vfs, Mount mnt) {
        int ret = 0;
        vfs.vfsmountLock.spinLock();
        mnt.setFlags(Mount.MNT_WRITE_HOLD);
        VarHandle.fullFence();        // smp_mb(): HOLD visible before the counters are read
        if (countMntWriters(mnt) > 0) {
            ret = -Errno.EBUSY;
        } else {
            mnt.setFlags(Mount.MNT_READONLY);
        }
        VarHandle.releaseFence();     // smp_wmb(): READONLY visible before HOLD clears
        mnt.clearFlags(Mount.MNT_WRITE_HOLD);
        vfs.vfsmountLock.spinUnlock();
        return ret;
    }

    @Override
    public long writers(Mount mnt) {
        return countMntWriters(mnt);
    }
}

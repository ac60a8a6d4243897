package perfstat.models.writepath;

/**
 * How a kernel version tracks writers to a mount: the one algorithm the write-path
 * model's variants differ in. Everything around it (the syscalls, the page cache,
 * {@code file_update_time}) is shared code in {@link Vfs}.
 *
 * <p>Each implementation names its methods as its kernel version did
 * ({@code mntWantWrite}, {@code mntDropWrite}, {@code mntCloneWrite}), so that a probe
 * on {@code ::mntWantWrite} counts exactly the calls that version makes. The
 * interface methods are the call sites in the shared code and delegate to them.
 *
 * <h2>Assumptions and guarantees</h2>
 * <ol>
 *   <li>Callers run on {@link Task#cpu}, and no other task uses that CPU's per-CPU
 *       data at the same time (preemption is disabled for the span of each call).</li>
 *   <li>For the tracking versions ({@code unpatched}, {@code piggin}): a successful
 *       {@link #makeReadonly} never overlaps a successful {@link #wantWrite} that has
 *       not yet been matched by {@link #dropWrite}, and every {@code wantWrite} that
 *       starts after it returns {@code -EROFS}.</li>
 *   <li>{@link #writers} is exact when no want or drop is in flight, whatever CPUs
 *       the wants and drops ran on; balanced wants and drops leave it at zero.</li>
 * </ol>
 */
public interface MountWriteTracking {

    /** The variant name, as in the seed threads. */
    String variant();

    /** A new mount of {@code sb}, with the per-mount state this algorithm keeps. */
    Mount newMount(Vfs vfs, SuperBlock sb, WriteAccessAudit audit);

    /** Get write access to {@code mnt}: 0, or {@code -EROFS}. */
    int wantWrite(Task task, Mount mnt);

    /** Give up write access taken by {@link #wantWrite} (possibly on another CPU). */
    void dropWrite(Task task, Mount mnt);

    /**
     * Write access for {@code file_update_time}: up to 2.6.30 a plain want; 2.6.31's
     * {@code mnt_want_write_file} clones the reference of a file open for write.
     */
    default int wantWriteFile(Task task, File file) {
        return wantWrite(task, file.mnt);
    }

    /** Remount {@code mnt} read-only: 0, or {@code -EBUSY} while it has writers. */
    int makeReadonly(Vfs vfs, Mount mnt);

    /** Remount {@code mnt} read-write: clear the mount's read-only flag under {@code vfsmount_lock}. */
    default void makeReadwrite(Vfs vfs, Mount mnt) {
        vfs.vfsmountLock.spinLock();
        mnt.clearFlags(Mount.MNT_READONLY);
        vfs.vfsmountLock.spinUnlock();
    }

    /** The exact number of writers of {@code mnt} (may take every CPU's lock). */
    long writers(Mount mnt);

    /** How often the algorithm found a negative writer count ("leak detected"). */
    default long leakWarnings() {
        return 0;
    }
}

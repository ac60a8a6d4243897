package perfstat.models.writepath;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code struct super_block}: the filesystem instance under one or more mounts.
 * Holds the superblock-wide read-only flag ({@code MS_RDONLY}) and the list of
 * open files ({@code s_files}, guarded by the global {@code files_lock}) that
 * 2.6.18's remount walks.
 */
public final class SuperBlock {
    /** {@code s_maxbytes}. */
    final long maxBytes = Long.MAX_VALUE;
    /** {@code s_time_gran}: timestamp granularity in nanoseconds (1 for an in-memory fs). */
    final long timeGranNs = 1;
    /** {@code MS_RDONLY} in {@code s_flags}. */
    volatile boolean readonly;
    /** {@code s_files}, guarded by {@link #filesLock}. */
    final List<File> files = new ArrayList<>();
    /** {@code files_lock}. */
    final SpinLock filesLock = new SpinLock();
    /** The superblock's dirty-inode list ({@code s_dirty}), guarded by {@code inode_lock}. */
    final List<Inode> dirtyInodes = new ArrayList<>();
    /** {@code inode_lock}. */
    final SpinLock inodeLock = new SpinLock();
}

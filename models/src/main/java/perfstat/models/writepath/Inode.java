package perfstat.models.writepath;

/** {@code struct inode} of a regular file on an in-memory filesystem (ramfs-like). */
final class Inode {
    static final int I_DIRTY_SYNC = 1;

    final SuperBlock sb;
    final AddressSpace mapping;
    final Mutex iMutex = new Mutex();
    /** {@code i_mode} set-uid/set-gid bits, which a write must clear. */
    int mode = 0644;
    long size;
    long mtimeNs;
    long ctimeNs;
    /** {@code i_state}, under {@code inode_lock}. */
    int state;
    /** {@code i_writecount}: open-for-write references. */
    final java.util.concurrent.atomic.AtomicInteger writeCount = new java.util.concurrent.atomic.AtomicInteger();
    /** {@code i_dnotify_mask} / inotify watches: none in the model, but checked on every write. */
    int notifyMask;

    Inode(SuperBlock sb, long maxBytes) {
        this.sb = sb;
        this.mapping = new AddressSpace(maxBytes);
    }
}

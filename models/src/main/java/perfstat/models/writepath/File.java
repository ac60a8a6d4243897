package perfstat.models.writepath;

/** {@code struct file}: an open file description. */
public final class File {
    static final int FMODE_READ = 1;
    static final int FMODE_WRITE = 2;

    final Inode inode;
    final Mount mnt;
    final int mode;
    /** {@code f_pos}. */
    long pos;
    /** Whether the file holds its writer reference on the mount (taken at open). */
    boolean holdsWrite;

    File(Inode inode, Mount mnt, int mode) {
        this.inode = inode;
        this.mnt = mnt;
        this.mode = mode;
    }

    boolean isOpenForWrite() {
        return (mode & FMODE_WRITE) != 0;
    }
}

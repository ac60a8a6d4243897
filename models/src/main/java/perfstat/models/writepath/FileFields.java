package perfstat.models.writepath;

/** The fields of a {@link File}, between its paddings (see {@link PaddedLeft}). */
abstract class FileFields extends PaddedLeft {
    final Inode inode;
    final Mount mnt;
    final int mode;
    /** {@code f_pos}. */
    long pos;
    /** Whether the file holds its writer reference on the mount (taken at open). */
    boolean holdsWrite;

    FileFields(Inode inode, Mount mnt, int mode) {
        this.inode = inode;
        this.mnt = mnt;
        this.mode = mode;
    }
}

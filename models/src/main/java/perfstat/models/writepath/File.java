package perfstat.models.writepath;

/**
 * {@code struct file}: an open file description. Its fields ({@link FileFields}; {@code f_pos}
 * is written by every {@code write()}) sit between paddings, as the kernel's {@code struct file}
 * is cache-line aligned.
 */
public final class File extends FileFields {
    static final int FMODE_READ = 1;
    static final int FMODE_WRITE = 2;

    long p11, p12, p13, p14, p15, p16, p17, p18;

    File(Inode inode, Mount mnt, int mode) {
        super(inode, mnt, mode);
    }

    boolean isOpenForWrite() {
        return (mode & FMODE_WRITE) != 0;
    }
}

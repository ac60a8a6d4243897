package perfstat.models.writepath;

/**
 * {@code 2.6.18}: before read-only bind mounts. Nothing is tracked per mount and the
 * write path makes no writer call at all; read-only exists only for the whole
 * superblock, and remounting it read-only walks the superblock's open files under
 * {@code files_lock}, refusing while one is open for write.
 *
 * <p>That walk races with an open that has passed its read-only check but is not yet
 * on the list: 2.6.18 could end with a file open for write on a read-only superblock.
 * The model keeps the race; tests state it.
 */
public final class NoWriterTracking implements MountWriteTracking {

    @Override
    public String variant() {
        return "2.6.18";
    }

    @Override
    public Mount newMount(Vfs vfs, SuperBlock sb, WriteAccessAudit audit) {
        return new Mount(vfs, sb, null, audit);
    }

    @Override
    public int wantWrite(Task task, Mount mnt) {
        return 0;
    }

    @Override
    public void dropWrite(Task task, Mount mnt) {
    }

    @Override
    public int makeReadonly(Vfs vfs, Mount mnt) {
        SuperBlock sb = mnt.sb;
        sb.filesLock.spinLock();
        try {
            for (File f : sb.files) { // fs_may_remount_ro
                if (f.isOpenForWrite()) {
                    return -Errno.EBUSY;
                }
            }
            sb.readonly = true;
            return 0;
        } finally {
            sb.filesLock.spinUnlock();
        }
    }

    @Override
    public void makeReadwrite(Vfs vfs, Mount mnt) {
        mnt.sb.readonly = false;
    }

    @Override
    public long writers(Mount mnt) {
        SuperBlock sb = mnt.sb;
        sb.filesLock.spinLock();
        try {
            return sb.files.stream().filter(File::isOpenForWrite).count();
        } finally {
            sb.filesLock.spinUnlock();
        }
    }
}

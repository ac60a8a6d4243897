package perfstat.models.writepath;

/**
 * {@code patched}: seed 000's demonstration patch on top of 3d733633. Want keeps only
 * the read-only check and drop does nothing; the per-CPU slots, their locks and the
 * remount that sums them stay as they were. Its author said it is no fix: with nothing
 * counted, a read-only remount succeeds while files are open for write, and tests show it.
 */
public final class ReadonlyCheckOnly extends PerCpuWriterLocks {

    public ReadonlyCheckOnly(int cpus) {
        super(cpus);
    }

    @Override
    public String variant() {
        return "patched";
    }

    @Override
    int mntWantWrite(Task task, Mount mnt) {
        if (mnt.isReadonly()) {
            return -Errno.EROFS;
        }
        return 0;
    }

    @Override
    void mntDropWrite(Task task, Mount mnt) {
    }
}

import perfstat.models.writepath.Mount;
import perfstat.models.writepath.Task;
import perfstat.models.writepath.Timekeeping;
import perfstat.models.writepath.Vfs;
import perfstat.models.writepath.WritePathModel;

/** fstime's loop on one copy of the write-path model (one per class loader, see ProbeTwin). */
public final class TwinLoop {
    private static final int BLOCK = 256;
    private static final int BLOCKS_PER_PASS = 2000 * 1024 / BLOCK;
    private static Vfs vfs;
    private static Task task;
    private static int fd;
    private static final byte[] BUF = new byte[BLOCK];
    private static long writes;

    private TwinLoop() {
    }

    public static void init(String variant) {
        vfs = new Vfs(WritePathModel.tracking(variant, 1), 1, new Timekeeping());
        Mount mnt = vfs.mountNewFilesystem(null);
        task = new Task(0);
        fd = vfs.open(task, mnt, "dummy0", true, (long) BLOCKS_PER_PASS * BLOCK);
    }

    /** Writes passes of fstime's file for about {@code ns}; returns nanoseconds per write(). */
    public static double phase(long ns) {
        Vfs v = vfs;
        Task t = task;
        long n = 0;
        long t0 = System.nanoTime();
        long end = t0 + ns;
        do {
            for (int i = 0; i < BLOCKS_PER_PASS; i++) {
                if (v.write(t, fd, BUF, BLOCK) != BLOCK) {
                    throw new IllegalStateException("short write");
                }
            }
            v.lseek(t, fd, 0);
            n += BLOCKS_PER_PASS;
        } while (System.nanoTime() < end);
        writes += n;
        return (System.nanoTime() - t0) / (double) n;
    }

    /** The write() calls this copy has made. */
    public static long writes() {
        return writes;
    }
}

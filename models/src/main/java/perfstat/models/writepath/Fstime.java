package perfstat.models.writepath;

import java.util.LinkedHashMap;
import java.util.Map;
import perfstat.models.spi.Execution;
import perfstat.models.spi.Progress;
import perfstat.models.spi.RunRequest;

/**
 * UnixBench's fstime write test ({@code w_test}, 4.1.0 with the seed's settings): each
 * copy writes {@code max-blocks * 1024 / block-size} buffers of {@code block-size}
 * bytes to its own file, rewinds with {@code lseek(fd, 0, SEEK_SET)}, and repeats until
 * the alarm. The file never grows past {@code max-blocks} KB, so every write overwrites
 * a page already in the page cache. One unit of progress is 256 bytes (COUNTSIZE);
 * the score is KB/s over the measured elapsed time, as UnixBench 5.1.2 computes it,
 * summed over the parallel copies.
 *
 * <p>Options: {@code block-size} (bytes, default 256), {@code max-blocks} (KB, default 2000).
 */
final class Fstime implements Execution {
    private static final int COUNTSIZE = 256;

    private final Timekeeping clock = new Timekeeping();
    private final Vfs vfs;
    private final Mount mnt;
    private final int blockSize;
    private final int blocksPerPass;
    private final Progress progress;
    private final Task[] tasks;

    Fstime(MountWriteTracking tracking, RunRequest request) {
        vfs = new Vfs(tracking, request.cpus(), clock);
        mnt = vfs.mountNewFilesystem(null);
        blockSize = (int) request.longOption("block-size");
        long maxBlocks = request.longOption("max-blocks");
        if (blockSize < COUNTSIZE || blockSize % COUNTSIZE != 0 || maxBlocks < 1) {
            throw new IllegalArgumentException("block-size must be a multiple of 256 and max-blocks at least 1");
        }
        blocksPerPass = (int) (maxBlocks * 1024 / blockSize);
        progress = new Progress(request.threads());
        tasks = new Task[request.threads()];
    }

    @Override
    public void work(int worker, Stop stop) {
        Task task = new Task(worker);
        tasks[worker] = task;
        int fd = vfs.open(task, mnt, "dummy" + worker, true, (long) blocksPerPass * blockSize);
        if (fd < 0) {
            throw new IllegalStateException("open failed: " + fd);
        }
        byte[] buf = new byte[blockSize];
        for (int i = 0; i < blockSize; i++) {
            buf[i] = (byte) i;
        }
        int unitsPerWrite = blockSize / COUNTSIZE;
        try {
            while (!stop.stopped()) {
                for (int b = 0; b < blocksPerPass; b++) {
                    long n = vfs.write(task, fd, buf, blockSize);
                    if (n != blockSize) {
                        throw new IllegalStateException("write returned " + n);
                    }
                    progress.add(worker, unitsPerWrite);
                    if (stop.stopped()) {
                        return;
                    }
                }
                vfs.lseek(task, fd, 0);
            }
        } finally {
            vfs.close(task, fd);
        }
    }

    @Override
    public long progress() {
        return progress.sum();
    }

    /** KB/s: units of 256 bytes over (seconds * 4). */
    @Override
    public double score(long units, long elapsedNs, int threads) {
        return units / (elapsedNs / 1e9 * 4);
    }

    @Override
    public Map<String, Long> finish() {
        long bytes = 0;
        long writes = 0;
        long balance = 0;
        for (Task t : tasks) {
            bytes += t.bytesWritten();
            writes += t.writeCalls();
            balance += t.balanceDirtyPagesCalls;
        }
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("bytes_written", bytes);
        counters.put("write_calls", writes);
        counters.put("writers_at_end", vfs.writers(mnt));
        counters.put("leak_warnings", vfs.tracking.leakWarnings());
        counters.put("balance_dirty_pages", balance);
        if (bytes != progress.sum() * COUNTSIZE) {
            throw new IllegalStateException("fstime counted " + progress.sum() * COUNTSIZE
                    + " bytes but the VFS wrote " + bytes);
        }
        WritePathChecks.balanced(counters);
        return counters;
    }

    @Override
    public void close() {
        clock.close();
    }
}

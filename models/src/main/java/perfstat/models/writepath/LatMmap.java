package perfstat.models.writepath;

import java.util.LinkedHashMap;
import java.util.Map;
import perfstat.models.spi.Execution;
import perfstat.models.spi.Progress;
import perfstat.models.spi.RunRequest;

/**
 * lmbench's {@code lat_mmap} as Nick Piggin ran it for seed 003: map a file on an
 * in-memory filesystem shared and writable, write one byte into every page (each a
 * write fault through {@code __do_fault}, which calls {@code file_update_time} and so
 * takes a want/drop pair), unmap. One unit of progress is one such iteration; the score
 * is the mean latency of an iteration in microseconds. Each copy maps its own file.
 *
 * <p>Option: {@code size-mb} (default 64).
 */
final class LatMmap implements Execution {
    private final Timekeeping clock = new Timekeeping();
    private final Vfs vfs;
    private final Mount mnt;
    private final long size;
    private final Progress progress;
    private final Task[] tasks;
    private long faults;

    LatMmap(MountWriteTracking tracking, RunRequest request) {
        vfs = new Vfs(tracking, request.cpus(), clock);
        mnt = vfs.mountNewFilesystem(null);
        size = request.longOption("size-mb") << 20;
        if (size <= 0) {
            throw new IllegalArgumentException("size-mb must be positive");
        }
        progress = new Progress(request.threads());
        tasks = new Task[request.threads()];
    }

    @Override
    public void work(int worker, Stop stop) {
        Task task = new Task(worker);
        tasks[worker] = task;
        int fd = vfs.open(task, mnt, "lat_mmap" + worker, true, size);
        if (fd < 0) {
            throw new IllegalStateException("open failed: " + fd);
        }
        long myFaults = 0;
        try {
            while (!stop.stopped()) {
                Vma vma = vfs.mmapShared(task, fd, size);
                for (long off = 0; off < size; off += Page.PAGE_SIZE) {
                    vfs.touchForWrite(task, vma, off, (byte) 1);
                }
                myFaults += vma.pages;
                vfs.munmap(task, vma);
                progress.add(worker, 1);
            }
        } finally {
            vfs.close(task, fd);
            synchronized (this) {
                faults += myFaults;
            }
        }
    }

    @Override
    public long progress() {
        return progress.sum();
    }

    /** Mean microseconds per iteration of one copy. */
    @Override
    public double score(long units, long elapsedNs, int threads) {
        return units == 0 ? Double.NaN : elapsedNs * (double) threads / units / 1e3;
    }

    @Override
    public synchronized Map<String, Long> finish() {
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("page_faults", faults);
        counters.put("writers_at_end", vfs.writers(mnt));
        counters.put("leak_warnings", vfs.tracking.leakWarnings());
        WritePathChecks.balanced(counters);
        return counters;
    }

    @Override
    public void close() {
        clock.close();
    }
}

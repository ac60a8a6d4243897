package perfstat.models.writepath;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import perfstat.models.spi.Execution;
import perfstat.models.spi.Progress;
import perfstat.models.spi.RunRequest;

/**
 * Why writer tracking exists: writers open a file for write, write {@code writes}
 * blocks of 256 bytes, and close it, while a remounter flips the mount read-only and
 * back every {@code remount-us} microseconds. A {@link WriteAccessAudit} witnesses
 * write access from outside the algorithm and counts every remount that succeeded
 * while someone held write access, and every write access granted on a read-only mount.
 *
 * <p>Tracking variants ({@code unpatched}, {@code piggin}) must show no violation.
 * {@code patched} (nothing counted) and {@code 2.6.18} (a racy file-list walk) may.
 * One unit of progress is one write(); the score is writes per second.
 */
final class RemountDuringWrites implements Execution {
    private final Timekeeping clock = new Timekeeping();
    private final WriteAccessAudit audit = new WriteAccessAudit();
    private final Vfs vfs;
    private final Mount mnt;
    private final int writesPerOpen;
    private final long remountPeriodNs;
    private final Progress progress;
    private final AtomicLong openErofs = new AtomicLong();
    private final AtomicLong remountOk = new AtomicLong();
    private final AtomicLong remountBusy = new AtomicLong();
    private volatile boolean done;
    private final Thread remounter;

    RemountDuringWrites(MountWriteTracking tracking, RunRequest request) {
        vfs = new Vfs(tracking, request.cpus(), clock);
        mnt = vfs.mountNewFilesystem(audit);
        writesPerOpen = (int) request.longOption("writes");
        remountPeriodNs = request.longOption("remount-us") * 1000;
        progress = new Progress(request.threads());
        remounter = new Thread(this::remountLoop, "remount");
        remounter.setDaemon(true);
        remounter.start();
    }

    private void remountLoop() {
        while (!done) {
            if (vfs.remountReadonly(mnt) == 0) {
                remountOk.incrementAndGet();
                LockSupport.parkNanos(remountPeriodNs / 4);
                vfs.remountReadwrite(mnt);
            } else {
                remountBusy.incrementAndGet();
            }
            LockSupport.parkNanos(remountPeriodNs);
        }
    }

    @Override
    public void work(int worker, Stop stop) {
        Task task = new Task(worker);
        byte[] buf = new byte[256];
        String name = "file" + worker;
        while (!stop.stopped()) {
            int fd = vfs.open(task, mnt, name, true, 1 << 20);
            if (fd == -Errno.EROFS) {
                openErofs.incrementAndGet();
                Thread.yield();
                continue;
            }
            if (fd < 0) {
                throw new IllegalStateException("open failed: " + fd);
            }
            for (int i = 0; i < writesPerOpen; i++) {
                long n = vfs.write(task, fd, buf, buf.length);
                if (n != buf.length) {
                    throw new IllegalStateException("write on a file open for write returned " + n);
                }
            }
            vfs.lseek(task, fd, 0);
            vfs.close(task, fd);
            progress.add(worker, writesPerOpen);
        }
    }

    @Override
    public long progress() {
        return progress.sum();
    }

    @Override
    public double score(long units, long elapsedNs, int threads) {
        return units / (elapsedNs / 1e9);
    }

    @Override
    public Map<String, Long> finish() {
        stopRemounter();
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("remount_ro_ok", remountOk.get());
        counters.put("remount_ro_ebusy", remountBusy.get());
        counters.put("open_erofs", openErofs.get());
        counters.put("violations", audit.violations());
        counters.put("writers_at_end", vfs.writers(mnt));
        counters.put("leak_warnings", vfs.tracking.leakWarnings());
        WritePathChecks.balanced(counters);
        return counters;
    }

    private void stopRemounter() {
        done = true;
        try {
            remounter.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (mnt.readonly()) {
            vfs.remountReadwrite(mnt);
        }
    }

    @Override
    public void close() {
        stopRemounter();
        clock.close();
    }
}

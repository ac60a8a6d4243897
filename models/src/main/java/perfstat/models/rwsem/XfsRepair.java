package perfstat.models.rwsem;

import java.util.LinkedHashMap;
import java.util.Map;
import perfstat.models.spi.Execution;
import perfstat.models.spi.Progress;
import perfstat.models.spi.RunRequest;

/**
 * xfs_repair's use of {@code mmap_sem} (seed 004): many threads fault pages in (the fault
 * handler takes the semaphore for read) and now and then change a mapping with mprotect
 * (for write). Each thread performs a fixed amount of work once the measured window starts,
 * so that the time and CPU the work takes are what is measured; before that, during the
 * warm-up, it runs the same operations uncounted.
 *
 * <p>Options, with their defaults: {@code ops} (operations per thread, 100000),
 * {@code faults-per-mprotect} (16), {@code fault-bytes} (bytes a fault touches, 4096: one
 * page), {@code mprotect-entries} (mapping-table entries an mprotect rewrites, 64),
 * {@code io-every} (one fault in this many waits for I/O while it holds the semaphore for
 * read, as a fault that reads its page in does, 64; 0: none), {@code io-us} (how long it
 * waits, 100), {@code slice-us} (the scheduler's time slice, {@link Task#DEFAULT_SLICE_NS} / 1000).
 * A reader waiting for I/O holds the semaphore with no owner set and off the CPU: the case
 * the fix is about.
 * The score is operations per second over the window.
 */
final class XfsRepair implements Execution {
    private static final int PAGES = 4096;
    private final RwSemaphore sem;
    private final RwsemStats stats;
    private final Progress progress;
    private final long ops;
    private final int faultsPerMprotect;
    private final int faultBytes;
    private final int mprotectEntries;
    private final long sliceNs;
    private final long ioEvery;
    private final long ioNs;
    /** The "address space": page contents the faults touch, and the mapping table mprotect rewrites. */
    private final byte[][] memory;
    private final int[] mappingTable = new int[PAGES];
    private volatile boolean measuring;
    private final CriticalSectionCheck check = new CriticalSectionCheck();

    XfsRepair(RwSemaphore.Variant variant, RunRequest request) {
        stats = new RwsemStats();
        sem = new RwSemaphore(variant, request.cpus(), stats);
        progress = new Progress(request.threads());
        // until stopped, the work does not end: each thread goes on until Ctrl-C or SIGTERM
        ops = request.untilStopped() ? Long.MAX_VALUE : request.longOption("ops");
        faultsPerMprotect = (int) request.longOption("faults-per-mprotect");
        faultBytes = (int) request.longOption("fault-bytes");
        mprotectEntries = (int) request.longOption("mprotect-entries");
        sliceNs = request.longOption("slice-us") * 1000;
        ioEvery = request.longOption("io-every");
        ioNs = request.longOption("io-us") * 1000;
        if (ops <= 0 || faultsPerMprotect <= 0 || faultBytes <= 0 || faultBytes > 1 << 20 || mprotectEntries <= 0
                || mprotectEntries > PAGES || sliceNs <= 0 || ioEvery < 0 || ioNs < 0) {
            throw new IllegalArgumentException("xfs_repair options must be positive (fault-bytes up to 1 MiB, "
                    + "mprotect-entries up to " + PAGES + ")");
        }
        memory = new byte[request.threads()][];
    }

    @Override
    public void measuring() {
        measuring = true;
    }

    @Override
    public void work(int worker, Stop stop) {
        Task t = new Task(worker, sliceNs);
        byte[] mine = memory[worker] = new byte[PAGES * 64 + faultBytes];
        long done = 0;
        int page = worker * 977;
        long i = 0;
        while (!stop.stopped() && (!measuring || done < ops)) {
            boolean counted = measuring;
            page = (page + 61) % PAGES;
            if (++i % faultsPerMprotect == 0) {
                mprotect(t, page);
            } else {
                fault(t, mine, page, ioEvery > 0 && i % ioEvery == 1);
            }
            t.preemptionPoint();
            if (counted) {
                done++;
                if ((done & 63) == 0) {
                    progress.add(worker, 64);
                }
            }
        }
        progress.add(worker, done & 63);
    }

    /** A page fault: mmap_sem for read, then touch the page's memory. */
    private void fault(Task t, byte[] mine, int page, boolean io) {
        sem.downRead(t);
        check.enterRead();
        if (io) {
            t.sleepFor(ioNs);
        }
        int base = (page * 64) % (mine.length - faultBytes);
        for (int b = 0; b < faultBytes; b += 64) {
            mine[base + b]++;
        }
        check.exitRead();
        sem.upRead(t);
    }

    /** mprotect: mmap_sem for write, then rewrite a run of the mapping table. */
    private void mprotect(Task t, int page) {
        sem.downWrite(t);
        check.enterWrite();
        for (int e = 0; e < mprotectEntries; e++) {
            int k = (page + e) % PAGES;
            mappingTable[k] = mappingTable[k] ^ 0x5;
        }
        check.exitWrite();
        sem.upWrite(t);
    }

    /** The variants differ only in the writer's spin decision, so a running workload can change it. */
    @Override
    public boolean switchVariant(String variant) {
        sem.variant = RwsemModel.algorithm(variant);
        return true;
    }

    @Override
    public long progress() {
        return progress.sum();
    }

    @Override
    public double score(long units, long elapsedNs, int threads) {
        return elapsedNs == 0 ? Double.NaN : units * 1e9 / elapsedNs;
    }

    @Override
    public Map<String, Long> finish() {
        String idle = sem.idleViolation();
        if (idle != null) {
            throw new IllegalStateException("rwsem not idle at the end: " + idle);
        }
        if (check.violations() != 0) {
            throw new IllegalStateException(check.violations() + " critical sections overlapped a writer");
        }
        Map<String, Long> m = new LinkedHashMap<>(stats.toMap());
        m.put("ops_done", progress.sum());
        return m;
    }
}

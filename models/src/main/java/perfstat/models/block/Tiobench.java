package perfstat.models.block;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import perfstat.models.spi.RunRequest;
import perfstat.models.spi.Simulation;

/**
 * tiobench's sequential write test (docs/models/block.md), simulated: T tasks (tiotest
 * threads) each write their own file of size/T in 64 KiB {@code write()}s, then fsync it; the
 * rate is all the data written divided by the time until the last task's fsync returned, in
 * MB/s (2^20 bytes), as tiobench.pl reports it.
 *
 * <p>Options, with their defaults: {@code size} (MB written by all tasks together, 4096),
 * {@code block} (bytes per write(), 65536), {@code read} (1: then tiobench's sequential read test, each task reading its file back cold
 * through 2.6.29's readahead; its counts join the totals as blkparse's do, its rate is a
 * counter, 0), {@code queue-depth} (commands the disk queues, 31), {@code seed} (the disk's rotational positions;
 * without one, the model's JVM draws one and the recording's options keep it), {@code runs} (tiobench's -n: test runs
 * one after another, 1; with {@code --duration forever} they repeat until stopped),
 * {@code dirtyable-mb} (memory that may hold dirty pages, 1800 of a 2 GiB machine),
 * {@code background-ratio} (5) and {@code dirty-ratio} (10), {@code write-us} (CPU time of
 * one write() call, 20) and {@code submit-ns} (CPU time to submit one page, 1500). All are
 * shared by every variant.
 */
final class Tiobench implements Simulation {
    static final int PAGE = 4096;
    private final Supplier<Elevator> elevators;
    private volatile Supplier<Elevator> pending;
    private final RunRequest request;
    private final int tasks;
    private final long sizeBytes;
    private final int blockPages;
    private final long seed;
    private final long runs;
    private final long dirtyablePages;
    private final int backgroundRatio;
    private final int dirtyRatio;
    private final long writeNs;
    private final long submitNs;
    private final int queueDepth;
    private final boolean readTest;
    private final Map<String, Long> totals = new LinkedHashMap<>();
    private volatile long progress;

    Tiobench(Supplier<Elevator> elevators, RunRequest request) {
        this.elevators = elevators;
        this.request = request;
        this.tasks = request.threads();
        this.sizeBytes = request.longOption("size") << 20;
        this.blockPages = (int) (request.longOption("block") / PAGE);
        this.seed = request.longOption("seed");
        this.runs = request.longOption("runs");
        this.dirtyablePages = (request.longOption("dirtyable-mb") << 20) / PAGE;
        this.backgroundRatio = (int) request.longOption("background-ratio");
        this.dirtyRatio = (int) request.longOption("dirty-ratio");
        this.writeNs = request.longOption("write-us") * 1000;
        this.submitNs = request.longOption("submit-ns");
        this.queueDepth = (int) request.longOption("queue-depth");
        this.readTest = request.longOption("read") != 0;
        if (sizeBytes <= 0 || blockPages <= 0 || request.longOption("block") % PAGE != 0 || runs <= 0
                || dirtyablePages <= 0 || backgroundRatio <= 0 || dirtyRatio < backgroundRatio || dirtyRatio > 100
                || writeNs < 0 || submitNs < 0 || queueDepth < 1) {
            throw new IllegalArgumentException("tiobench options must be positive (block a multiple of 4096, "
                    + "background-ratio <= dirty-ratio <= 100)");
        }
        if (sizeBytes / tasks / PAGE < blockPages) {
            throw new IllegalArgumentException("tiobench: size/threads must be at least one block");
        }
    }

    /** The variants differ only in the elevator; a new one takes over at the next test run. */
    @Override
    public boolean switchVariant(String variant) {
        pending = BlockModel.elevator(variant);
        return true;
    }

    @Override
    public long progress() {
        return progress;
    }

    @Override
    public double score(long units, long elapsedNs, int threads) {
        return elapsedNs == 0 ? Double.NaN : units / (double) (1 << 20) / (elapsedNs / 1e9);
    }

    @Override
    public Result simulate(Stop stop, Intervals intervals) {
        long bytes = 0;
        long ns = 0;
        int[] interval = {0};
        boolean forever = request.untilStopped();
        Supplier<Elevator> current = elevators;
        for (long run = 0; (forever || run < runs) && !stop.stopped(); run++) {
            if (pending != null) {
                current = pending;
                pending = null;
            }
            One one = new One(current.get(), seed + run, bytes, interval, intervals);
            one.run(stop);
            one.addTo(totals);
            bytes += one.bytesWritten;
            ns += one.elapsed;
            progress = bytes;
        }
        return new Result(bytes, ns, score(bytes, ns, tasks));
    }

    /** One test run: fresh files, a fresh queue and disk. */
    private final class One {
        final Sim sim = new Sim();
        final BlockStats stats = new BlockStats();
        final Elevator elevator;
        final RequestQueue queue;
        final Disk disk;
        final PageCache cache;
        final Journal journal;
        final long baseBytes;
        final int[] interval;
        final Intervals intervals;
        long bytesWritten;
        long elapsed;
        int finished;
        int readersDone;
        long readElapsed;
        long lastIntervalBytes;

        One(Elevator elevator, long seed, long baseBytes, int[] interval, Intervals intervals) {
            this.elevator = elevator;
            this.baseBytes = baseBytes;
            this.interval = interval;
            this.intervals = intervals;
            PageCache[] pc = new PageCache[1];
            queue = new RequestQueue(sim, elevator, stats, b -> pc[0].ended(b));
            disk = new Disk(sim, queue, Disk.Params.SATA_2009, queueDepth, new SplittableRandom(seed));
            cache = pc[0] = new PageCache(sim, queue, dirtyablePages, backgroundRatio, dirtyRatio, submitNs);
            journal = new Journal(sim, cache, queue);
        }

        void run(Stop stop) {
            int pagesPerFile = (int) (sizeBytes / tasks / PAGE);
            long fileSectors = (long) pagesPerFile * Bio.SECTORS;
            List<PageCache.File> files = new ArrayList<>();
            for (int t = 0; t < tasks; t++) {
                files.add(cache.addFile(2048 + t * fileSectors, pagesPerFile));
            }
            for (int t = 0; t < tasks; t++) {
                int task = t;
                PageCache.File f = files.get(t);
                int[] ratelimit = {0};
                Runnable[] next = new Runnable[1];
                next[0] = () -> {
                    if (f.written < f.pages) {
                        sim.after(writeNs, () -> {
                            int n = Math.min(blockPages, f.pages - f.written);
                            cache.dirty(f, n);
                            bytesWritten += (long) n * PAGE;
                            cache.balanceDirtyPagesRatelimited(task, ratelimit, n, next[0]);
                        });
                    } else {
                        cache.fsync(task, f, () -> {
                            finished++;
                            elapsed = sim.now();
                        });
                    }
                };
                sim.after(0, next[0]);
            }
            scheduleInterval();
            journal.start();
            sim.run(() -> finished == tasks, stop::stopped);
            if (finished == tasks) {
                sim.run(() -> queue.idleViolation() == null && cache.nrWriteback == 0, () -> false);
                if (readTest) {
                    readBack(files, stop);
                }
            } else {
                elapsed = sim.now();
            }
        }

        /** tiobench's next test, sequential read: each task reads its file back, cold, in blocks of the same size. */
        private void readBack(List<PageCache.File> files, Stop stop) {
            long t0 = sim.now();
            for (int t = 0; t < tasks; t++) {
                int task = t;
                sim.after(0, () -> cache.readFile(task, files.get(task), blockPages, writeNs, () -> {
                    readersDone++;
                    readElapsed = sim.now() - t0;
                }));
            }
            sim.run(() -> readersDone == tasks && queue.idleViolation() == null, stop::stopped);
        }

        private void scheduleInterval() {
            sim.after(request.intervalNs(), () -> {
                if (finished == tasks) {
                    return;
                }
                long units = bytesWritten - lastIntervalBytes;
                lastIntervalBytes = bytesWritten;
                progress = baseBytes + bytesWritten;
                intervals.interval(interval[0]++, units, request.intervalNs(), score(units, request.intervalNs(), tasks));
                scheduleInterval();
            });
        }

        void addTo(Map<String, Long> m) {
            Map<String, Long> c = new LinkedHashMap<>();
            stats.put(c);
            elevator.counters(c);
            c.put("bytes_written", bytesWritten);
            c.put("page_waits", cache.pageWaits);
            c.put("throttles", cache.throttles);
            c.put("congestion_waits", cache.congestionWaits);
            c.put("pdflush_passes", cache.pdflushPasses);
            c.put("journal_commits", journal.commits);
            if (readTest) {
                c.put("read_page_waits", cache.readPageWaits);
                c.put("read_kib_per_s", readElapsed == 0 ? 0 : (long) (stats.readBytes / 1024.0 / (readElapsed / 1e9)));
            }
            c.put("disk_busy_ms", disk.busyNs() / 1_000_000);
            c.put("disk_seeks", disk.seeks());
            c.put("sim_events", sim.events());
            check(c);
            // counts add up over test runs; the size and latency percentiles are the last run's
            c.forEach((k, v) -> m.merge(k, v, k.startsWith("request_kib") || k.startsWith("q2c_us") ? (a, b) -> b : Long::sum));
        }

        /** Conservation: every byte written reached the disk; every bio was merged or began a request. */
        private void check(Map<String, Long> c) {
            if (finished != tasks) {
                return; // stopped early: the run is cut, not balanced
            }
            String idle = queue.idleViolation();
            if (idle != null) {
                throw new IllegalStateException("queue not idle after the run: " + idle);
            }
            long bytes = bytesWritten + journal.journalBytes;
            if (stats.queuedBytes != bytes || stats.completedBytes != bytes) {
                throw new IllegalStateException("bytes written " + bytesWritten + " and journalled " + journal.journalBytes
                        + ", queued " + stats.queuedBytes + ", completed " + stats.completedBytes);
            }
            if (stats.queued != stats.backMerges + stats.frontMerges + stats.getRequests) {
                throw new IllegalStateException("bios " + stats.queued + " != merges " + (stats.backMerges + stats.frontMerges)
                        + " + requests " + stats.getRequests);
            }
            if (stats.getRequests != stats.dispatches + stats.requestMerges || stats.dispatches != stats.completed) {
                throw new IllegalStateException("requests " + stats.getRequests + " != dispatched " + stats.dispatches
                        + " + merged " + stats.requestMerges + " (completed " + stats.completed + ")");
            }
            if (readTest && readersDone == tasks) {
                long pages = bytesWritten / PAGE;
                if (stats.readQueued != pages || stats.readBytes != bytesWritten
                        || stats.readQueued != stats.readMerges + stats.readGetRequests
                        || stats.readGetRequests != stats.readDispatches + stats.readRequestMerges
                        || stats.readDispatches != stats.readCompleted) {
                    throw new IllegalStateException("read test: pages " + pages + ", bios " + stats.readQueued + ", merges "
                            + stats.readMerges + ", requests " + stats.readGetRequests + ", dispatched " + stats.readDispatches
                            + ", completed " + stats.readCompleted + ", bytes " + stats.readBytes);
                }
            }
            if (cache.nrDirty != 0 || cache.nrWriteback != 0) {
                throw new IllegalStateException("pages left dirty " + cache.nrDirty + " or under writeback " + cache.nrWriteback);
            }
        }
    }

    @Override
    public Map<String, Long> finish() {
        return new LinkedHashMap<>(totals);
    }
}

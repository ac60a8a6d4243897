package perfstat.models.block;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The page cache and writeback of 2.6.29 (docs/models/block.md), as far as sequential
 * buffered writes use them: {@code write()} dirties pages; above the dirty limit a writer is
 * throttled (balance_dirty_pages: it writes back pages itself, then waits for the queue to
 * decongest); above the background limit pdflush writes back, stepping aside while the queue
 * is congested; fsync writes the file's remaining pages and waits on each page still under
 * writeback, unplugging the queue first (the 'U' of a page wait). Writeback of one file is done
 * by one task at a time (I_SYNC); each page becomes one 4 KiB bio. Submitting a page costs CPU
 * time, so bios reach the queue over time, as they do from a real task.
 *
 * <p>ext3's ordered-mode commits are {@link Journal}'s. Left out: kupdate's 30-second writeback,
 * request-allocation batching, and CPU contention between tasks.
 */
final class PageCache {
    /** MAX_WRITEBACK_PAGES: pdflush's budget per pass. */
    static final int PDFLUSH_CHUNK = 1024;
    /** ratelimit_pages for 2 GiB and two CPUs (capped at 4 MiB); write_chunk is 1.5 times it. */
    static final int RATELIMIT = 1024;
    static final int WRITE_CHUNK = RATELIMIT + RATELIMIT / 2;
    static final int RATELIMIT_EXCEEDED = 8;
    static final long CONGESTION_WAIT_NS = 100_000_000L;

    /** Called when a bio's page ends writeback. */
    interface WritebackEnd {
        void ended(Bio bio);
    }

    /** A file being written: pages dirtied, pages handed to writeback, pages under writeback. */
    static final class File {
        final int id;
        final long baseSector;
        final int pages;
        int written;
        int nextSubmit;
        final BitSet underWriteback = new BitSet();
        boolean inWriteback;
        final List<Runnable> inodeWaiters = new ArrayList<>();
        /** Tasks waiting for a page's writeback to end, by page. */
        final java.util.Map<Integer, List<Runnable>> pageWaiters = new java.util.HashMap<>();
        /** Journal blocks, not page-cache data: outside the dirty and writeback counts. */
        final boolean metadata;
        /** The read test: pages read in, pages being read, and the readahead window. */
        final BitSet uptodate = new BitSet();
        final BitSet reading = new BitSet();
        int raStart;
        int raSize;
        /** The page whose access starts the next asynchronous readahead (PG_readahead); -1 for none. */
        int raMarker = -1;

        File(int id, long baseSector, int pages) {
            this(id, baseSector, pages, false);
        }

        File(int id, long baseSector, int pages, boolean metadata) {
            this.id = id;
            this.baseSector = baseSector;
            this.pages = pages;
            this.metadata = metadata;
        }

        boolean hasDirty() {
            return nextSubmit < written;
        }

        long sector(int page) {
            return baseSector + (long) page * Bio.SECTORS;
        }
    }

    final Sim sim;
    final RequestQueue queue;
    final long backgroundThresh;
    final long dirtyThresh;
    private final long submitPageNs;
    final List<File> files = new ArrayList<>();
    long nrDirty;
    long nrWriteback;
    boolean dirtyExceeded;
    private int cursor;
    private boolean pdflushRunning;
    long pdflushPasses;
    long throttles;
    long congestionWaits;
    long pageWaits;

    PageCache(Sim sim, RequestQueue queue, long dirtyablePages, int backgroundRatio, int dirtyRatio, long submitPageNs) {
        this.sim = sim;
        this.queue = queue;
        this.backgroundThresh = dirtyablePages * backgroundRatio / 100;
        this.dirtyThresh = dirtyablePages * dirtyRatio / 100;
        this.submitPageNs = submitPageNs;
    }

    File addFile(long baseSector, int pages) {
        File f = new File(files.size(), baseSector, pages);
        files.add(f);
        return f;
    }

    /** write(): {@code pages} more pages of the file are dirty. */
    void dirty(File f, int pages) {
        f.written += pages;
        nrDirty += pages;
    }

    /** A page's bio completed: the page is clean, and a task waiting on it wakes. */
    void ended(Bio b) {
        File f = b.file;
        if (b.read) {
            f.reading.clear(b.page);
            f.uptodate.set(b.page);
        } else {
            f.underWriteback.clear(b.page);
            if (!f.metadata) {
                nrWriteback--;
            }
        }
        List<Runnable> w = f.pageWaiters.remove(b.page);
        if (w != null) {
            w.forEach(r -> sim.after(0, r));
        }
    }

    /**
     * wait_on_page_writeback (or a buffer wait) on the first page at or after {@code from} and
     * before {@code to} still under writeback, then the next, and so on: each wait first unplugs
     * the queue ('U'). {@code then} runs when none is left.
     */
    void waitOnWriteback(File f, int from, int to, Runnable then) {
        int page = f.underWriteback.nextSetBit(from);
        if (page < 0 || page >= to) {
            then.run();
            return;
        }
        pageWaits++;
        queue.blkUnplug();
        f.pageWaiters.computeIfAbsent(page, k -> new ArrayList<>(2)).add(() -> waitOnWriteback(f, page + 1, to, then));
    }

    // ---- writeback_inodes ----

    /**
     * One writeback_inodes call by {@code task}: up to {@code budget} pages, file by file
     * ({@code only}: that file alone, as fsync's writeback); {@code done} gets the pages written.
     * A nonblocking call stops when the queue is congested and says so.
     */
    final class Writeback {
        final int task;
        long budget;
        final boolean nonblocking;
        final File only;
        final IntConsumer done;
        File file;
        int written;
        boolean encounteredCongestion;

        Writeback(int task, long budget, boolean nonblocking, File only, IntConsumer done) {
            this.task = task;
            this.budget = budget;
            this.nonblocking = nonblocking;
            this.only = only;
            this.done = done;
        }

        void start() {
            step();
        }

        private void step() {
            while (true) {
                if (budget <= 0) {
                    finish();
                    return;
                }
                if (file == null) {
                    file = only != null ? only : pickFile();
                    if (file == null || file.inWriteback) {
                        file = null;
                        finish();
                        return;
                    }
                    file.inWriteback = true;
                }
                if (nonblocking && queue.congested()) {
                    encounteredCongestion = true;
                    finish();
                    return;
                }
                if (!file.hasDirty()) {
                    release();
                    if (only != null) {
                        finish();
                        return;
                    }
                    continue;
                }
                int page = file.nextSubmit++;
                nrDirty--;
                nrWriteback++;
                file.underWriteback.set(page);
                budget--;
                written++;
                Bio bio = new Bio(file, page, file.sector(page), false, task);
                sim.after(submitPageNs, () -> queue.submit(bio, this::step));
                return;
            }
        }

        private void release() {
            File f = file;
            file = null;
            f.inWriteback = false;
            if (!f.inodeWaiters.isEmpty()) {
                List<Runnable> w = new ArrayList<>(f.inodeWaiters);
                f.inodeWaiters.clear();
                w.forEach(r -> sim.after(0, r));
            }
        }

        private void finish() {
            if (file != null) {
                release();
            }
            done.accept(written);
        }
    }

    /** The next file with dirty pages that nobody is writing back, round robin. */
    private File pickFile() {
        for (int i = 0; i < files.size(); i++) {
            File f = files.get((cursor + i) % files.size());
            if (f.hasDirty() && !f.inWriteback) {
                cursor = (cursor + i + 1) % files.size();
                return f;
            }
        }
        return null;
    }

    // ---- balance_dirty_pages ----

    /** The writer's check after dirtying pages; {@code then} runs when it may go on writing. */
    void balanceDirtyPagesRatelimited(int task, int[] ratelimitCounter, int pages, Runnable then) {
        ratelimitCounter[0] += pages;
        int limit = dirtyExceeded ? RATELIMIT_EXCEEDED : RATELIMIT;
        if (ratelimitCounter[0] < limit) {
            then.run();
            return;
        }
        ratelimitCounter[0] = 0;
        balance(task, 0, then);
    }

    private void balance(int task, int pagesWritten, Runnable then) {
        if (nrDirty + nrWriteback <= dirtyThresh) {
            endBalance(then);
            return;
        }
        dirtyExceeded = true;
        throttles++;
        if (nrDirty > 0) {
            new Writeback(task, WRITE_CHUNK, false, null, n -> {
                int total = pagesWritten + n;
                if (nrDirty + nrWriteback <= dirtyThresh || total >= WRITE_CHUNK) {
                    endBalance(then);
                } else {
                    congestionWaits++;
                    queue.congestionWait(CONGESTION_WAIT_NS, () -> balance(task, total, then));
                }
            }).start();
        } else {
            congestionWaits++;
            queue.congestionWait(CONGESTION_WAIT_NS, () -> balance(task, pagesWritten, then));
        }
    }

    private void endBalance(Runnable then) {
        if (nrDirty + nrWriteback < dirtyThresh) {
            dirtyExceeded = false;
        }
        if (nrDirty > backgroundThresh) {
            wakePdflush();
        }
        then.run();
    }

    // ---- pdflush's background_writeout ----

    void wakePdflush() {
        if (!pdflushRunning) {
            pdflushRunning = true;
            sim.after(0, this::pdflushPass);
        }
    }

    private void pdflushPass() {
        if (nrDirty < backgroundThresh) {
            pdflushRunning = false;
            return;
        }
        pdflushPasses++;
        Writeback[] self = new Writeback[1];
        self[0] = new Writeback(-1, PDFLUSH_CHUNK, true, null, n -> {
            if (n < PDFLUSH_CHUNK) {
                if (self[0].encounteredCongestion) {
                    congestionWaits++;
                    queue.congestionWait(CONGESTION_WAIT_NS, this::pdflushPass);
                } else {
                    pdflushRunning = false;
                }
            } else {
                pdflushPass();
            }
        });
        self[0].start();
    }

    // ---- the read test: sequential read() with 2.6.29's on-demand readahead ----

    /** read_ahead_kb 128: the largest readahead window, in pages. */
    static final int RA_MAX = 32;
    long readPageWaits;

    /**
     * Reads the whole file in {@code blockPages} read() calls, each costing {@code copyNs}, then
     * runs {@code then}. A page that is neither read in nor being read starts a synchronous
     * readahead; reaching the marked page starts the next window asynchronously; a page still
     * being read is waited on, which unplugs the queue first ('U').
     */
    void readFile(int task, File f, int blockPages, long copyNs, Runnable then) {
        readStep(task, f, blockPages, copyNs, 0, 0, then);
    }

    private void readStep(int task, File f, int blockPages, long copyNs, int pos, int page, Runnable then) {
        int end = Math.min(f.pages, pos + blockPages);
        if (pos >= f.pages) {
            then.run();
            return;
        }
        if (page >= end) {
            sim.after(copyNs, () -> readStep(task, f, blockPages, copyNs, end, end, then));
            return;
        }
        Runnable again = () -> readStep(task, f, blockPages, copyNs, pos, page, then);
        if (!f.uptodate.get(page) && !f.reading.get(page)) {
            // a miss: synchronous readahead from here, the first window sized from the request
            readahead(task, f, page, page == 0 ? initialWindow(end - pos) : f.raSize, end - page, again);
            return;
        }
        if (page == f.raMarker) {
            f.raMarker = -1;
            readahead(task, f, f.raStart + f.raSize, Math.min(RA_MAX, 2 * f.raSize), -1, again);
            return;
        }
        if (f.reading.get(page)) {
            readPageWaits++;
            pageWaits++;
            queue.blkUnplug();
            f.pageWaiters.computeIfAbsent(page, k -> new ArrayList<>(2)).add(again);
            return;
        }
        readStep(task, f, blockPages, copyNs, pos, page + 1, then);
    }

    /** get_init_ra_size: a first read of {@code req} pages opens a window of up to four times that. */
    static int initialWindow(int req) {
        int size = Integer.highestOneBit(Math.max(1, req - 1)) << 1;
        if (size <= RA_MAX / 32) {
            size *= 4;
        } else if (size <= RA_MAX / 4) {
            size *= 2;
        } else {
            size = RA_MAX;
        }
        return Math.min(size, RA_MAX);
    }

    /**
     * Submits a window of {@code size} pages from {@code start} as read bios, in the reader's
     * own time; the page at start + size - async is marked to start the next window
     * ({@code req} pages were asked for synchronously; -1: an asynchronous window, marked at its start).
     */
    private void readahead(int task, File f, int start, int size, int req, Runnable then) {
        int n = Math.max(0, Math.min(size, f.pages - start));
        f.raStart = start;
        f.raSize = Math.max(1, size);
        int async = req < 0 ? size : Math.max(0, size - req);
        int marker = start + size - async;
        f.raMarker = async > 0 && marker < f.pages ? marker : -1;
        submitReads(task, f, start, start + n, then);
    }

    private void submitReads(int task, File f, int page, int end, Runnable then) {
        while (page < end && (f.uptodate.get(page) || f.reading.get(page))) {
            page++;
        }
        if (page >= end) {
            then.run();
            return;
        }
        int p = page;
        f.reading.set(p);
        Bio bio = new Bio(f, p, f.sector(p), true, task, true);
        sim.after(submitPageNs, () -> queue.submit(bio, () -> submitReads(task, f, p + 1, end, then)));
    }

    // ---- fsync ----

    /** fsync: write the file's dirty pages (waiting for another task's writeback of it first), then wait on each page. */
    void fsync(int task, File f, Runnable then) {
        if (f.inWriteback) {
            f.inodeWaiters.add(() -> fsync(task, f, then));
            return;
        }
        new Writeback(task, Long.MAX_VALUE, false, f, n -> waitOnWriteback(f, 0, Integer.MAX_VALUE, then)).start();
    }
}

package perfstat.models.block;

import java.util.List;

/**
 * ext3's journal in data=ordered mode, the file system of the seed's runs, as far as it moves
 * data: every 5 seconds kjournald commits the running transaction. It first writes out the
 * data pages dirtied in the transaction that no other task has submitted yet, then waits on
 * each of them still under writeback (a buffer wait, which unplugs the queue first: 'U'), then
 * writes the transaction's journal blocks (a descriptor, the metadata, the commit record) and
 * waits for them too. The journal lies in the middle of a 40 GB partition, as mke2fs places it.
 * The same in every variant.
 */
final class Journal {
    static final long COMMIT_INTERVAL_NS = 5_000_000_000L;
    static final int BLOCKS_PER_COMMIT = 8;
    static final long JOURNAL_SECTOR = 40L * 1024 * 1024 * 2 / 2;
    static final int JOURNAL_BLOCKS = 32768;
    static final int TASK = -2;

    private final Sim sim;
    private final PageCache cache;
    private final RequestQueue queue;
    private final PageCache.File log = new PageCache.File(-1, JOURNAL_SECTOR, JOURNAL_BLOCKS, true);
    private int logNext;
    private int[] txStart = new int[0];
    long commits;
    long journalBytes;

    Journal(Sim sim, PageCache cache, RequestQueue queue) {
        this.sim = sim;
        this.cache = cache;
        this.queue = queue;
    }

    void start() {
        sim.after(COMMIT_INTERVAL_NS, this::commit);
    }

    private void commit() {
        long began = sim.now();
        List<PageCache.File> files = cache.files;
        if (txStart.length < files.size()) {
            txStart = java.util.Arrays.copyOf(txStart, files.size());
        }
        int[] start = new int[files.size()];
        int[] end = new int[files.size()];
        boolean any = false;
        for (int i = 0; i < files.size(); i++) {
            start[i] = txStart[i];
            end[i] = files.get(i).written;
            txStart[i] = end[i];
            any |= end[i] > start[i];
        }
        Runnable next = () -> sim.after(Math.max(0, began + COMMIT_INTERVAL_NS - sim.now()), this::commit);
        if (!any) {
            next.run();
            return;
        }
        commits++;
        submitData(0, start, end, () -> waitData(0, start, end, () -> writeLog(next)));
    }

    /** journal_submit_data_buffers: the transaction's pages nobody has submitted yet, file by file. */
    private void submitData(int i, int[] start, int[] end, Runnable then) {
        if (i == start.length) {
            then.run();
            return;
        }
        PageCache.File f = cache.files.get(i);
        if (end[i] <= f.nextSubmit) {
            submitData(i + 1, start, end, then);
            return;
        }
        if (f.inWriteback) {
            f.inodeWaiters.add(() -> submitData(i, start, end, then));
            return;
        }
        cache.new Writeback(TASK, end[i] - f.nextSubmit, false, f, n -> submitData(i + 1, start, end, then)).start();
    }

    private void waitData(int i, int[] start, int[] end, Runnable then) {
        if (i == start.length) {
            then.run();
            return;
        }
        cache.waitOnWriteback(cache.files.get(i), start[i], end[i], () -> waitData(i + 1, start, end, then));
    }

    /** The descriptor, metadata and commit blocks, written in sequence in the journal, then waited on. */
    private void writeLog(Runnable then) {
        int first = logNext % JOURNAL_BLOCKS;
        if (first + BLOCKS_PER_COMMIT > JOURNAL_BLOCKS) {
            first = 0;
        }
        logNext = first + BLOCKS_PER_COMMIT;
        int from = first;
        submitLog(from, from, () -> cache.waitOnWriteback(log, from, from + BLOCKS_PER_COMMIT, then));
    }

    private void submitLog(int from, int block, Runnable then) {
        if (block == from + BLOCKS_PER_COMMIT) {
            then.run();
            return;
        }
        log.underWriteback.set(block);
        journalBytes += Bio.SECTORS * 512L;
        queue.submit(new Bio(log, block, log.sector(block), false, TASK), () -> submitLog(from, block + 1, then));
    }
}

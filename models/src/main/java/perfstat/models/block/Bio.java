package perfstat.models.block;

/**
 * One page of a file on its way to or from the disk: 4 KiB, 8 sectors. {@code sync} marks
 * I/O a task waits for (reads, O_SYNC writes); tiobench's buffered writes are asynchronous.
 */
final class Bio {
    static final int SECTORS = 8;
    final PageCache.File file;
    final int page;
    final long sector;
    final boolean sync;
    final int task;
    /** A read (the data direction: a read never merges with a write). */
    final boolean read;
    /** When it was queued ('Q'), in virtual ns. */
    long queuedAt;

    Bio(PageCache.File file, int page, long sector, boolean sync, int task) {
        this(file, page, sector, sync, task, false);
    }

    Bio(PageCache.File file, int page, long sector, boolean sync, int task, boolean read) {
        this.file = file;
        this.page = page;
        this.sector = sector;
        this.sync = sync;
        this.task = task;
        this.read = read;
    }

    long end() {
        return sector + SECTORS;
    }
}

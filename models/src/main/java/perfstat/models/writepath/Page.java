package perfstat.models.writepath;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code struct page} of the page cache: flag bits changed with atomic bit operations,
 * a reference count, a map count, and the 4 KiB of data. The fields ({@link PageFields}),
 * which four locked instructions write in every {@code write()} to the page, sit between
 * paddings.
 */
final class Page extends PageFields {
    static final int PAGE_SHIFT = 12;
    static final int PAGE_SIZE = 1 << PAGE_SHIFT;

    static final int PG_LOCKED = 1;
    static final int PG_UPTODATE = 1 << 3;
    static final int PG_DIRTY = 1 << 4;

    private static final VarHandle FLAGS;
    private static final VarHandle COUNT;
    private static final VarHandle MAPCOUNT;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            FLAGS = l.findVarHandle(PageFields.class, "flags", int.class);
            COUNT = l.findVarHandle(PageFields.class, "count", int.class);
            MAPCOUNT = l.findVarHandle(PageFields.class, "mapcount", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    long p11, p12, p13, p14, p15, p16, p17, p18;

    Page(long index) {
        super(index);
    }

    static void zero(Page page) {
        java.util.Arrays.fill(page.data, (byte) 0);
    }

    boolean testFlag(int bit) {
        return ((int) FLAGS.getOpaque(this) & bit) != 0;
    }

    /** {@code trylock_page}: test_and_set_bit_lock(PG_locked). */
    boolean trylock() {
        return ((int) FLAGS.getAndBitwiseOrAcquire(this, PG_LOCKED) & PG_LOCKED) == 0;
    }

    /**
     * {@code lock_page}. The kernel sleeps on a bit wait queue when the page is locked;
     * here a contended locker yields and retries. No workload of the model contends a
     * page lock (each task writes its own file), so only the fast path runs.
     */
    void lock() {
        while (!trylock()) {
            Thread.yield();
        }
    }

    /** {@code unlock_page}: clear_bit_unlock, a release store. */
    void unlock() {
        FLAGS.getAndBitwiseAndRelease(this, ~PG_LOCKED);
    }

    /** {@code TestSetPageDirty}: only the first dirtier pays the locked instruction. */
    boolean testSetDirty() {
        if (testFlag(PG_DIRTY)) {
            return true;
        }
        return ((int) FLAGS.getAndBitwiseOr(this, PG_DIRTY) & PG_DIRTY) != 0;
    }

    void setUptodate() {
        FLAGS.getAndBitwiseOr(this, PG_UPTODATE);
    }

    /** {@code get_page}. */
    void get() {
        COUNT.getAndAdd(this, 1);
    }

    /** {@code page_cache_get_speculative}: take a reference unless the page is being freed. */
    boolean getSpeculative() {
        int c;
        do {
            c = (int) COUNT.getVolatile(this);
            if (c == 0) {
                return false;
            }
        } while (!COUNT.weakCompareAndSet(this, c, c + 1));
        return true;
    }

    /** {@code put_page}. */
    void put() {
        COUNT.getAndAdd(this, -1);
    }

    int refCount() {
        return (int) COUNT.getVolatile(this);
    }

    /** {@code page_add_file_rmap}. */
    void addMap() {
        MAPCOUNT.getAndAdd(this, 1);
    }

    /** {@code page_remove_rmap}. */
    void removeMap() {
        MAPCOUNT.getAndAdd(this, -1);
    }

    int mapCount() {
        return (int) MAPCOUNT.getVolatile(this);
    }
}

package perfstat.agent.probe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The probes' runtime: what the advice inlined into probed methods calls.
 *
 * <h2>Assumptions and guarantees</h2>
 * <ol>
 *   <li>Every call of a probed method is counted exactly.</li>
 *   <li>A thread counts in a stripe of its own, chosen by its thread id: a plain
 *       {@code long} decrement on a cache line no other running thread writes, with no
 *       locked instruction and no allocation. A thread whose stripe belongs to another
 *       live thread counts with an atomic increment instead (slower, still exact). A
 *       stripe whose owner has terminated is taken over; its counts stay in the totals.</li>
 *   <li>Timing is sampled: per stripe and probe, the next timed call is drawn uniformly
 *       from the next 1 to 2N-1 calls (mean N, {@code sample=N}); {@code timing=exact}
 *       times every call, {@code off} none. A timed call costs two
 *       {@code System.nanoTime()} and one histogram record: for the stripe's owner, into a
 *       histogram of the stripe's own with plain writes (no locked instruction); for any
 *       other thread, into the probe's shared recorder.</li>
 *   <li>Nothing here throws into the caller: the hot path cannot throw, the rest counts its
 *       failures and lets the call proceed.</li>
 *   <li>Counts read by {@link #snapshot()} are exact for threads that have finished, and
 *       at most a few calls behind for running ones.</li>
 * </ol>
 *
 * <h2>Design notes</h2>
 * One call of a probed {@code write()} in the write-path model costs about 55 ns, so the
 * counting path must cost about one: a {@link ThreadLocal} lookup alone costs two to three
 * here, an uncontended locked increment more than that inside real code.
 * <ul>
 *   <li>The advice passes the probe's cell array as a constant (a dynamic constant in the
 *       probed class, {@link #cells(int)}), so that the JIT folds the array, its length and
 *       the range checks away; classes too old for dynamic constants (before Java 11) get
 *       {@link #enter(int)}, which loads the array by id.</li>
 *   <li>Each probe's stripe line holds a copy of the stripe's owner, so the owner check and
 *       the count touch one line.</li>
 *   <li>The line counts down to the next timed call rather than up: one decrement and one
 *       test against zero. The count is {@code BASE - REMAINING}; the rare timed call moves
 *       both under a sequence number, which {@link #snapshot()} reads around them.</li>
 * </ul>
 */
public final class Probes {
    private static final int MAX_PROBES = 4096;
    /** Stripes: threads whose ids differ modulo this count never share one. */
    static final int STRIPES = 256;
    /** Longs per stripe: one 64-byte cache line. */
    private static final int LINE = 8;
    /** Calls left until the next timed one. */
    private static final int REMAINING = 0;
    /** The id of the thread that owns the stripe (0 when free): a copy of {@link #OWNER_IDS}. */
    private static final int OWNER = 1;
    /** The count at which {@link #REMAINING} reaches zero. */
    private static final int BASE = 2;
    /** Odd while the owner moves {@link #BASE} and {@link #REMAINING} (a sequence lock). */
    private static final int SEQUENCE = 3;
    private static final int SEED = 4;
    /** The gap when timing is off: more calls than a run makes. */
    private static final long NEVER = Long.MAX_VALUE / 4;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();
    private static final String[] NAMES = new String[MAX_PROBES];
    private static final Recorder[] RECORDERS = new Recorder[MAX_PROBES];
    private static final Histogram[] TOTALS = new Histogram[MAX_PROBES];
    /**
     * Per probe, per stripe: the timed calls of the stripe's owner, recorded by that thread
     * alone (no locked instruction) under the stripe's sequence lock; null until its first.
     */
    private static final Histogram[][] OWN = new Histogram[MAX_PROBES][];
    /** Per probe: per stripe one line of {remaining, owner, base, sequence, seed}. */
    private static final long[][] CELLS = new long[MAX_PROBES][];
    /** Per probe: calls counted by threads without a stripe of their own. */
    private static final AtomicLongArray SHARED = new AtomicLongArray(MAX_PROBES);
    /** Per stripe, guarded by itself: the thread that owns it, and that thread's id. */
    private static final Thread[] OWNERS = new Thread[STRIPES];
    private static final long[] OWNER_IDS = new long[STRIPES];
    private static final AtomicLong NEXT_ID = new AtomicLong();
    private static final AtomicLong FAILURES = new AtomicLong();

    /** Mean gap between timed calls; 1 times every call, {@link Long#MAX_VALUE} none. */
    private static volatile long sampleMean = 1024;

    private Probes() {
    }

    /** Sets how calls are timed: mean gap N (1 = every call, 0 = never). */
    public static void configureSampling(long meanGap) {
        sampleMean = meanGap <= 0 ? Long.MAX_VALUE : meanGap;
    }

    public static long sampleMean() {
        return sampleMean;
    }

    /** The id of the probe named {@code name} ("pkg.Class::method"), registered on first use; -1 when full. */
    public static int idFor(String name) {
        return IDS.computeIfAbsent(name, n -> {
            int next = (int) NEXT_ID.getAndIncrement();
            if (next >= MAX_PROBES) {
                return -1;
            }
            RECORDERS[next] = new Recorder(3);
            TOTALS[next] = new Histogram(3);
            OWN[next] = new Histogram[STRIPES];
            long[] cells = new long[STRIPES * LINE];
            for (int s = 0; s < STRIPES; s++) {
                cells[s * LINE + REMAINING] = 1; // a thread's first call of a probe is timed
                cells[s * LINE + BASE] = 1;
                cells[s * LINE + SEED] = 0x9E3779B97F4A7C15L * (s + 1) + next;
            }
            synchronized (OWNERS) {
                for (int s = 0; s < STRIPES; s++) {
                    cells[s * LINE + OWNER] = OWNER_IDS[s];
                }
                CELLS[next] = cells;
            }
            NAMES[next] = n;
            return next;
        });
    }

    /**
     * The cell array of probe {@code id}: the bootstrap of the dynamic constant that the
     * advice passes to {@link #enter(long[], int)}. Public because probed classes resolve it.
     */
    public static long[] cells(int id) {
        return CELLS[id];
    }

    /**
     * Called on entry of a probed method, with the probe's {@link #cells(int)}: counts the
     * call; returns a start time if this call is timed, else 0. Kept to a few bytecodes so
     * that the JIT inlines it everywhere; the rare paths are separate methods. It cannot
     * throw (indices are masked, arrays are registered before an id is handed out); the
     * advice suppresses anything all the same.
     */
    @SuppressWarnings("deprecation") // Thread.getId(): threadId() is Java 19+, and this runs in 17
    public static long enter(long[] c, int id) {
        long tid = Thread.currentThread().getId();
        int base = ((int) tid & (STRIPES - 1)) * LINE;
        if (c[base + OWNER] != tid) {
            return enterShared(c, id, tid);
        }
        if (--c[base + REMAINING] != 0) {
            return 0L;
        }
        return sample(c, base);
    }

    /** {@link #enter(long[], int)} for probed classes that cannot hold a dynamic constant. */
    public static long enter(int id) {
        return enter(CELLS[id], id);
    }

    /** This call is to be timed: draw the next one, move the count's base, start the clock. */
    private static long sample(long[] c, int base) {
        long gap = nextGap(c, base);
        long seq = c[base + SEQUENCE];
        LONGS.setOpaque(c, base + SEQUENCE, seq + 1);
        VarHandle.storeStoreFence();
        c[base + BASE] += gap;
        c[base + REMAINING] = gap;
        LONGS.setRelease(c, base + SEQUENCE, seq + 2);
        return gap == NEVER ? 0L : System.nanoTime();
    }

    /**
     * The calls counted in one stripe line, read consistently with a timed call moving them.
     * The retries are bounded: a thread stopped inside the move (Thread.stop, still there in
     * Java 17) must not hang the reader, which then takes the count as it finds it.
     */
    private static long stripeCount(long[] c, int base) {
        for (int spins = 0; ; spins++) {
            long seq = (long) LONGS.getAcquire(c, base + SEQUENCE);
            long count = (long) LONGS.getOpaque(c, base + BASE) - (long) LONGS.getOpaque(c, base + REMAINING);
            VarHandle.loadLoadFence();
            if (((seq & 1) == 0 && seq == (long) LONGS.getOpaque(c, base + SEQUENCE)) || spins >= 10_000) {
                return count;
            }
            if (spins > 100) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * The slow path: claim the stripe if it is free or its owner has ended (or refresh this
     * probe's copy of the owner if this thread owns it already), else count atomically.
     */
    private static long enterShared(long[] c, int id, long tid) {
        int stripe = (int) tid & (STRIPES - 1);
        synchronized (OWNERS) {
            Thread me = Thread.currentThread();
            Thread owner = OWNERS[stripe];
            if (owner == me) {
                // this probe's copy was written under the lock but not yet seen by this thread
                c[stripe * LINE + OWNER] = tid;
                return enter(c, id);
            }
            if (owner == null || !owner.isAlive()) {
                OWNERS[stripe] = me;
                OWNER_IDS[stripe] = tid;
                int n = (int) Math.min(NEXT_ID.get(), MAX_PROBES);
                for (int p = 0; p < n; p++) {
                    long[] cells = CELLS[p];
                    if (cells != null) {
                        cells[stripe * LINE + OWNER] = tid;
                    }
                }
                return enter(c, id);
            }
        }
        SHARED.incrementAndGet(id);
        long mean = sampleMean;
        if (mean == Long.MAX_VALUE || (mean > 1 && ThreadLocalRandom.current().nextLong(mean) != 0)) {
            return 0L;
        }
        return System.nanoTime();
    }

    /** Uniform in [1, 2*mean-1] from the stripe's own xorshift state; "never" for Long.MAX_VALUE. */
    private static long nextGap(long[] c, int base) {
        long mean = sampleMean;
        if (mean <= 1) {
            return 1;
        }
        if (mean == Long.MAX_VALUE) {
            return NEVER;
        }
        long x = c[base + SEED];
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        c[base + SEED] = x;
        return 1 + Math.floorMod(x, 2 * mean - 1);
    }

    /**
     * Called on exit of a timed call. The stripe's owner records into a histogram of its own,
     * with plain writes between two steps of the stripe's sequence number (as a timed call
     * moves the count); any other thread into the probe's shared, multi-writer recorder.
     */
    @SuppressWarnings("deprecation") // Thread.getId(), as in enter
    public static void exit(int id, long startNs) {
        try {
            long d = System.nanoTime() - startNs;
            long v = d < 0 ? 0 : d;
            long tid = Thread.currentThread().getId();
            int stripe = (int) tid & (STRIPES - 1);
            long[] c = CELLS[id];
            int base = stripe * LINE;
            if (c[base + OWNER] != tid) {
                RECORDERS[id].recordValue(v);
                return;
            }
            Histogram h = OWN[id][stripe];
            long seq = c[base + SEQUENCE];
            LONGS.setOpaque(c, base + SEQUENCE, seq + 1);
            VarHandle.storeStoreFence();
            if (h == null) {
                h = new Histogram(3);
                OWN[id][stripe] = h;
            }
            h.recordValue(v);
            LONGS.setRelease(c, base + SEQUENCE, seq + 2);
        } catch (Throwable e) {
            FAILURES.incrementAndGet();
        }
    }

    /**
     * A copy of stripe {@code s}'s own histogram of probe {@code id}, read consistently with its
     * owner recording into it (retried while a record is under way, bounded as
     * {@link #stripeCount} is), or null if it has none.
     */
    private static Histogram ownCopy(int id, long[] c, int s) {
        int base = s * LINE;
        Histogram last = null;
        for (int spins = 0; spins < 10_000; spins++) {
            long seq = (long) LONGS.getAcquire(c, base + SEQUENCE);
            Histogram h = OWN[id][s];
            if (h == null) {
                return null;
            }
            if ((seq & 1) == 0) {
                try {
                    Histogram copy = h.copy();
                    VarHandle.loadLoadFence();
                    if (seq == (long) LONGS.getOpaque(c, base + SEQUENCE)) {
                        return copy;
                    }
                    last = copy;
                } catch (RuntimeException e) {
                    // the owner resized it while we copied: read again
                }
            }
            Thread.onSpinWait();
        }
        return last;
    }

    /** Forgets every count and timing (the probe names stay registered): after a detach, a new attach starts from zero. */
    public static synchronized void reset() {
        int n = (int) Math.min(NEXT_ID.get(), MAX_PROBES);
        for (int id = 0; id < n; id++) {
            long[] c = CELLS[id];
            if (c == null) {
                continue;
            }
            for (int s = 0; s < STRIPES; s++) {
                c[s * LINE + REMAINING] = 1;
                c[s * LINE + BASE] = 1;
            }
            SHARED.set(id, 0);
            RECORDERS[id].reset();
            TOTALS[id].reset();
            java.util.Arrays.fill(OWN[id], null);
        }
    }

    /** Failures suppressed inside probes since start. */
    public static long failures() {
        return FAILURES.get();
    }

    /** One probe's totals: exact call count and the histogram of timed calls, in nanoseconds. */
    public record Summary(String name, long calls, Histogram latencyNs) {
    }

    /** The totals of every registered probe since start. */
    public static synchronized List<Summary> snapshot() {
        int n = (int) Math.min(NEXT_ID.get(), MAX_PROBES);
        List<Summary> out = new ArrayList<>();
        for (int id = 0; id < n; id++) {
            long[] c = CELLS[id];
            if (NAMES[id] == null || c == null) {
                continue;
            }
            long calls = SHARED.get(id);
            for (int s = 0; s < STRIPES; s++) {
                calls += stripeCount(c, s * LINE);
            }
            TOTALS[id].add(RECORDERS[id].getIntervalHistogram());
            Histogram all = TOTALS[id].copy();
            for (int s = 0; s < STRIPES; s++) {
                Histogram own = ownCopy(id, c, s);
                if (own != null) {
                    all.add(own);
                }
            }
            out.add(new Summary(NAMES[id], calls, all));
        }
        return out;
    }
}

package perfstat.agent.probe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;

/**
 * The probes' runtime: what the advice inlined into probed methods calls.
 *
 * <h2>Assumptions and guarantees</h2>
 * <ol>
 *   <li>Every call of a probed method is counted exactly, on any number of threads, platform or
 *       virtual, including the calls of threads that have ended.</li>
 *   <li>Every call is wait-free for its thread, whatever the number of threads: no lock, no
 *       retry loop. A thread counts in a stripe of its own, chosen by its thread id: a plain
 *       {@code long} decrement on a cache line no other running thread writes, with no locked
 *       instruction and no allocation. It claims the stripe with one compare-and-set, not
 *       retried, when the stripe is free or its owner has terminated; the owner's counts stay
 *       in the stripe.</li>
 *   <li>A thread whose stripe belongs to another live thread (past 256 threads, and most
 *       virtual threads) counts in a lane of its own: cells of that thread alone, reached
 *       through a {@link ThreadLocal}, written with plain stores (no locked instruction), a few
 *       nanoseconds more than a stripe. A lane is registered once per thread, under a lock:
 *       the only lock here, and never on the path of a later call. The lanes of terminated
 *       threads are retired into per-probe totals under that lock, at every snapshot and
 *       whenever the number of lanes has doubled since the last time, so that short-lived
 *       threads (ten thousand virtual threads) leave neither a count lost nor a lane
 *       behind.</li>
 *   <li>Timing is sampled: per stripe or lane and probe, the next timed call is drawn
 *       uniformly from the next 1 to 2N-1 calls (mean N, {@code sample=N}), and a thread's
 *       first timed call of a probe uniformly from its first 1 to N calls, so that the timed
 *       calls are a fair sample of all calls, not always the first, cold one. A stripe's gaps for
 *       a probe come from a random stream of that probe's own (its seed stirred from the probe's
 *       id, the stripe and the thread, {@link #mix}), a lane's from the thread's one stream in
 *       turn, so that probes called together (a method and its probed callee) are timed
 *       independently: an outer timed call holds an inner one's timed path about once in N, as
 *       any call does; {@code timing=exact}
 *       times every call, {@code off} none. A timed call costs two
 *       {@code System.nanoTime()} and one histogram record: for the stripe's owner, into a
 *       histogram of the stripe's own with plain writes (no locked instruction); for a thread
 *       in a lane, into the probe's shared histogram ({@link SharedTimes}) with one atomic add
 *       (wait-free where the processor has one: x86, ARMv8.1 and later).</li>
 *   <li>Nothing here throws into the caller: the hot path cannot throw, the rest counts its
 *       failures and lets the call proceed.</li>
 *   <li>Counts read by {@link #snapshot()} are exact for threads that have finished, and
 *       at most a few calls behind for running ones.</li>
 * </ol>
 *
 * <h2>Design notes</h2>
 * One call of a probed {@code write()} in the write-path model costs about 55 ns, so the
 * counting path must cost about one: a {@link ThreadLocal} lookup alone costs two to three
 * here, an uncontended locked increment more than that inside real code. So the stripe is the
 * path, and the lane the way out for the threads a stripe cannot hold.
 * <ul>
 *   <li>The advice passes the probe's cell array as a constant (a dynamic constant in the
 *       probed class, {@link #cells(int)}), so that the JIT folds the array, its length and
 *       the range checks away; classes too old for dynamic constants (before Java 11) get
 *       {@link #enter(int)}, which loads the array by id.</li>
 *   <li>Each probe's stripe holds a copy of the stripe's owner, so the owner check and
 *       the count touch one line. A copy is written by the owner alone, on its first call of
 *       that probe (it starts as no thread's id); a copy that names a terminated thread is
 *       harmless, since no live thread has that id (thread ids are not reused).</li>
 *   <li>The line counts down to the next timed call rather than up: one decrement and one
 *       test against zero. The count is {@code BASE - REMAINING}; the rare timed call moves
 *       both under a sequence number, which {@link #snapshot()} reads around them.</li>
 *   <li>A terminated owner's writes are visible to the thread that takes its stripe over: that
 *       thread saw {@link Thread#isAlive()} return false before its compare-and-set, and a
 *       thread's termination happens-before another thread's detecting it. The reader retires a
 *       lane on the same rule.</li>
 * </ul>
 */
public final class Probes {
    private static final int MAX_PROBES = 4096;
    /** Stripes: threads whose ids differ modulo this count never share one. */
    static final int STRIPES = 256;
    /**
     * Longs per stripe: 128 bytes, of which the first five are used. A Java array is only 8-byte
     * aligned and its elements start 16 bytes after it, so stripes of 64 bytes straddle two cache
     * lines, and in one placement in eight the next stripe's count shared the line of this
     * stripe's owner copy: two threads with consecutive ids then took the line from each other on
     * every call (half the two-thread fstime score, docs/models/writepath.md). With 128, the
     * five used longs of two stripes are 88 bytes apart, wherever the array lies.
     */
    static final int LINE = 16;
    /** Calls left until the next timed one. */
    private static final int REMAINING = 0;
    /** The id of the thread that owns the stripe, as this probe last saw it ({@link #NO_OWNER} at first). */
    private static final int OWNER = 1;
    /** The count at which {@link #REMAINING} reaches zero. */
    private static final int BASE = 2;
    /** Odd while the owner moves {@link #BASE} and {@link #REMAINING} (a sequence lock). */
    private static final int SEQUENCE = 3;
    private static final int SEED = 4;
    /** Longs of a stripe in use: {@link #REMAINING} to {@link #SEED}. */
    static final int USED = 5;
    /** No thread's id: the owner copy of a line that no thread has counted in yet. */
    private static final long NO_OWNER = -1;
    /** The gap when timing is off: more calls than a run makes. */
    private static final long NEVER = Long.MAX_VALUE / 4;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle THREADS = MethodHandles.arrayElementVarHandle(Thread[].class);

    private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();
    private static final String[] NAMES = new String[MAX_PROBES];
    /**
     * Per probe, per stripe: the timed calls of the stripe's owner, recorded by that thread
     * alone (no locked instruction) under the stripe's sequence lock; null until its first.
     */
    private static final Histogram[][] OWN = new Histogram[MAX_PROBES][];
    /** Per probe: per stripe one line of {remaining, owner, base, sequence, seed}. */
    private static final long[][] CELLS = new long[MAX_PROBES][];
    /**
     * Per stripe: the thread that owns it, null while none; read with acquire, claimed with one
     * compare-and-set (from null or from a terminated owner).
     */
    private static final Thread[] OWNERS = new Thread[STRIPES];
    /** Per probe: calls of threads that could not register a lane (out of memory), one atomic add each. */
    private static final AtomicLongArray UNLANED = new AtomicLongArray(MAX_PROBES);
    private static final AtomicLong NEXT_ID = new AtomicLong();
    private static final AtomicLong FAILURES = new AtomicLong();

    /**
     * Per probe, a bit: its first call, by any thread, runs {@link #TRIGGER} once (the counters' window opens at a
     * method's first call, agent option {@code from}). Looked at only on the rare path ({@link #enterElsewhere}), which
     * every thread's first call of a probe takes: never on a counted call's fast path.
     */
    private static final long[] TRIGGER_BITS = new long[MAX_PROBES / 64];
    private static final java.util.concurrent.atomic.AtomicReference<Runnable> TRIGGER =
            new java.util.concurrent.atomic.AtomicReference<>();
    /** Whether any bit is set and the trigger has not run: the rare path's one check otherwise. */
    private static volatile boolean triggerArmed;

    /**
     * Per probe: timed on every call whatever the sampling, its calls the iterations of {@link IterationSeries} (agent
     * option {@code iteration=}). Read on the timed path only ({@link #sample}, {@link #firstGap}, {@link #exit}).
     */
    private static final boolean[] EVERY = new boolean[MAX_PROBES];

    /** Mean gap between timed calls; 1 times every call, {@link Long#MAX_VALUE} none. */
    private static volatile long sampleMean = 1024;

    static {
        // The lanes and the shared times are initialized with this class, which the installer
        // loads before any probe is in place. Initialized by a probed call instead, their VarHandle
        // lookups would run probed JDK code (String, HashMap, ConcurrentHashMap) that reenters the
        // class being initialized, finds its fields unset, and fails its initialization for good.
        Lane.initialize();
        SharedTimes.initialize();
    }

    private Probes() {
    }

    /**
     * Loads, before a transformer is in place, the class that linking a VarHandle operation needs
     * ({@code VarHandle$AccessDescriptor}), and links the operations perfstat's own threads reach later (the snapshot,
     * the reset). A class first loaded while a transformer is installed goes through it; where the transformer's own
     * code links a VarHandle operation, it finds that class half loaded by the same thread: a ClassCircularityError,
     * which the JVM keeps for good at the call site. A JDK 17 host attached with probes (jsoup 1.24.1) lost
     * {@code AtomicLongArray.get} and {@code set} so, for its own code too: the detach failed, its recording was never
     * written, and the error reached the host's stderr.
     */
    public static void warmUp() {
        try {
            Class.forName("java.lang.invoke.VarHandle$AccessDescriptor", false, null);
        } catch (ClassNotFoundException | LinkageError e) {
            // another JDK's runtime: nothing to load ahead
        }
        AtomicLongArray a = new AtomicLongArray(1);
        a.set(0, a.get(0) + a.incrementAndGet(0));
        long[] c = new long[LINE];
        LONGS.setOpaque(c, 0, (long) LONGS.getAcquire(c, 0));
        LONGS.setRelease(c, 0, (long) LONGS.getOpaque(c, 0));
        THREADS.compareAndSet(new Thread[1], 0, null, Thread.currentThread());
        snapshot();
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
            OWN[next] = new Histogram[STRIPES];
            long[] cells = new long[STRIPES * LINE];
            for (int s = 0; s < STRIPES; s++) {
                cells[s * LINE + REMAINING] = 1; // replaced by a thread's first gap as it takes the stripe (restart)
                cells[s * LINE + OWNER] = NO_OWNER;
                cells[s * LINE + BASE] = 1;
                cells[s * LINE + SEED] = mix(0x9E3779B97F4A7C15L * (s + 1) + next);
            }
            CELLS[next] = cells;
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
            return enterElsewhere(c, id, tid);
        }
        if (--c[base + REMAINING] != 0) {
            return 0L;
        }
        return sample(c, base, id);
    }

    /** {@link #enter(long[], int)} for probed classes that cannot hold a dynamic constant. */
    public static long enter(int id) {
        return enter(CELLS[id], id);
    }

    /**
     * The rare path: this probe's copy of the stripe's owner is not this thread. If the thread
     * owns the stripe already (its first call of this probe), or claims it now (free, or its
     * owner terminated: one compare-and-set, not retried), it writes the copy and counts in the
     * stripe; otherwise it counts in its lane. No lock, no loop.
     */
    private static long enterElsewhere(long[] c, int id, long tid) {
        if (triggerArmed && (TRIGGER_BITS[id >>> 6] & (1L << id)) != 0) {
            fire();
        }
        int stripe = (int) tid & (STRIPES - 1);
        Thread me = Thread.currentThread();
        Thread owner = (Thread) THREADS.getAcquire(OWNERS, stripe);
        if (owner != me && (owner != null && owner.isAlive() || !THREADS.compareAndSet(OWNERS, stripe, owner, me))) {
            return Lane.enter(me, id);
        }
        int base = stripe * LINE;
        c[base + OWNER] = tid;
        restart(c, base, tid, id);
        if (--c[base + REMAINING] != 0) {
            return 0L;
        }
        return sample(c, base, id);
    }

    /**
     * A thread's first call of a probe in its stripe: its first timed call is drawn uniformly
     * from its next 1 to N calls, moving the count's base with it (under the sequence, as a
     * timed call moves them), so that the count stays exact.
     */
    private static void restart(long[] c, int base, long tid, int id) {
        long x = mix(c[base + SEED] + tid * 0x9E3779B97F4A7C15L);
        x = x == 0 ? 0x9E3779B97F4A7C15L : x; // xorshift's one state it cannot leave
        c[base + SEED] = x;
        long first = firstGap(x, id);
        long seq = c[base + SEQUENCE];
        LONGS.setOpaque(c, base + SEQUENCE, seq + 1);
        VarHandle.storeStoreFence();
        c[base + BASE] += first - c[base + REMAINING];
        c[base + REMAINING] = first;
        LONGS.setRelease(c, base + SEQUENCE, seq + 2);
    }

    /**
     * Where a thread's first timed call of a probe falls: uniform in [1, N] (N = sample), so that
     * the timed calls are a fair sample of all calls rather than always including the first,
     * cold one; 1 with exact timing, "never" with none.
     */
    static long firstGap(long random, int id) {
        long mean = EVERY[id] ? 1 : sampleMean;
        if (mean <= 1) {
            return 1;
        }
        if (mean == Long.MAX_VALUE) {
            return NEVER;
        }
        return 1 + Math.floorMod(random, mean);
    }

    /** This call is to be timed: draw the next one, move the count's base, start the clock. */
    private static long sample(long[] c, int base, int id) {
        long gap = nextGap(c, base, id);
        long seq = c[base + SEQUENCE];
        LONGS.setOpaque(c, base + SEQUENCE, seq + 1);
        VarHandle.storeStoreFence();
        c[base + BASE] += gap;
        c[base + REMAINING] = gap;
        LONGS.setRelease(c, base + SEQUENCE, seq + 2);
        return gap == NEVER ? 0L : start(id);
    }

    /** A timed call's start: an iteration's reads its thread's clocks too ({@link IterationSeries#enter}). */
    private static long start(int id) {
        return EVERY[id] ? IterationSeries.enter() : System.nanoTime();
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

    /** Uniform in [1, 2*mean-1] from the stripe's own xorshift state; "never" for Long.MAX_VALUE. */
    private static long nextGap(long[] c, int base, int id) {
        long mean = EVERY[id] ? 1 : sampleMean;
        if (mean <= 1) {
            return 1;
        }
        if (mean == Long.MAX_VALUE) {
            return NEVER;
        }
        long x = xorshift(c[base + SEED]);
        c[base + SEED] = x;
        return 1 + Math.floorMod(x, 2 * mean - 1);
    }

    /**
     * Every bit of {@code z} stirred into every bit of the result (SplitMix64's finalizer), so that seeds differing in
     * one bit (consecutive probe ids) start unrelated streams. Without it (the seed {@code | 1} put straight into
     * xorshift), probes 2k and 2k+1 started the same state and drew the same timed calls: a method calling its probed
     * callee once a call then held the callee's cold timed path in every timed call (sampled p50 10-20x exact).
     */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static long xorshift(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        return x;
    }

    /**
     * Called on exit of a timed call. The stripe's owner records into a histogram of its own,
     * with plain writes between two steps of the stripe's sequence number (as a timed call
     * moves the count); a thread in a lane into the probe's {@link SharedTimes}, one atomic add.
     */
    public static void exit(int id, long startNs) {
        exit(id, startNs, System.nanoTime());
    }

    /**
     * {@link #exit(int, long)} with the end time read by the caller: the advice reads it in the
     * probed method, so that what a timed call measures does not include this method's call,
     * which with sampled timing is cold (see {@link ProbeAdvice#exit}).
     */
    @SuppressWarnings("deprecation") // Thread.getId(), as in enter
    public static void exit(int id, long startNs, long endNs) {
        try {
            long d = endNs - startNs;
            long v = d < 0 ? 0 : d;
            long tid = Thread.currentThread().getId();
            int stripe = (int) tid & (STRIPES - 1);
            long[] c = CELLS[id];
            int base = stripe * LINE;
            if (EVERY[id]) {
                IterationSeries.exit(startNs, endNs);
            }
            if (c[base + OWNER] != tid) {
                SharedTimes.of(id).record(v);
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

    /**
     * Forgets every count and timing (the probe names stay registered): after a detach, a new
     * attach starts from zero. Meant for when no probe is installed: a call racing it may keep
     * a count from before.
     */
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
                c[s * LINE + OWNER] = NO_OWNER; // the owner's next call starts its sampling afresh
            }
            UNLANED.set(id, 0);
            SharedTimes.forget(id);
            java.util.Arrays.fill(OWN[id], null);
        }
        Lane.reset();
        java.util.Arrays.fill(EVERY, false);
        IterationSeries.reset();
        TRIGGER.set(null);
        triggerArmed = false;
        java.util.Arrays.fill(TRIGGER_BITS, 0L);
    }

    /**
     * Runs {@code action} once, on the thread of the first call of any probe {@link #arm armed} for it, before that call
     * is counted; a later call of this method replaces an action that has not run.
     */
    public static void onFirstCall(Runnable action) {
        TRIGGER.set(action);
    }

    /** Probe {@code id}'s first call runs the {@link #onFirstCall} action (at the latest, the next thread's first call). */
    public static synchronized void arm(int id) {
        if (id >= 0 && id < MAX_PROBES && TRIGGER.get() != null) {
            TRIGGER_BITS[id >>> 6] |= 1L << id;
            triggerArmed = true; // volatile: the bit is visible to the thread that sees this
        }
    }

    /**
     * Probe {@code id} is timed on every call, its calls {@link IterationSeries}'s iterations; set as its method is
     * probed, before the probe is in place.
     */
    public static void everyCall(int id) {
        if (id >= 0 && id < MAX_PROBES) {
            EVERY[id] = true;
        }
    }

    /** The armed action, once: whatever it throws is counted, never passed to the caller. */
    private static void fire() {
        Runnable r = TRIGGER.getAndSet(null);
        triggerArmed = false;
        if (r != null) {
            try {
                r.run();
            } catch (Throwable t) {
                FAILURES.incrementAndGet();
            }
        }
    }

    /** Failures suppressed inside probes since start. */
    public static long failures() {
        return FAILURES.get();
    }

    /** Lanes registered and not yet retired (for tests: short-lived threads must not pile them up). */
    static int lanesRegistered() {
        return Lane.registered();
    }

    /** One probe's totals: exact call count and the histogram of timed calls, in nanoseconds. */
    public record Summary(String name, long calls, Histogram latencyNs) {
    }

    /** The totals of every registered probe since start. */
    public static synchronized List<Summary> snapshot() {
        int n = (int) Math.min(NEXT_ID.get(), MAX_PROBES);
        long[] laneCalls = Lane.calls(n);
        List<Summary> out = new ArrayList<>();
        for (int id = 0; id < n; id++) {
            long[] c = CELLS[id];
            if (NAMES[id] == null || c == null) {
                continue;
            }
            long calls = laneCalls[id] + UNLANED.get(id);
            for (int s = 0; s < STRIPES; s++) {
                calls += stripeCount(c, s * LINE);
            }
            Histogram all = new Histogram(3);
            SharedTimes shared = SharedTimes.ofAcquire(id);
            if (shared != null) {
                shared.addTo(all);
            }
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

    /**
     * The cells of one thread that does not own its stripe: per probe it has called, its count
     * and the count at which its next timed call falls, in a small open-addressed table keyed
     * by probe id (at most half full, so a lookup ends within the table's length). Written by
     * its thread alone: counts with opaque stores, a grown table published with a release
     * store; read by the snapshot with acquire and opaque loads. The registry of lanes, and the
     * totals of retired ones, are guarded by {@link #REGISTRY}.
     */
    static final class Lane {
        /** Longs per entry: key (probe id + 1; 0 while empty), count, count of the next timed call, padding. */
        private static final int ENTRY = 4;
        private static final int KEY = 0;
        private static final int COUNT = 1;
        private static final int NEXT = 2;
        private static final int FIRST_SWEEP = 64;
        private static final VarHandle TABLE;
        private static final ThreadLocal<Lane> MINE = new ThreadLocal<>();
        private static final Object REGISTRY = new Object();
        /** The lanes not yet retired; guarded by {@link #REGISTRY}. */
        private static Lane[] lanes = new Lane[FIRST_SWEEP];
        private static int registered;
        /** The number of lanes at which registering one retires the lanes of ended threads first. */
        private static int sweepAt = FIRST_SWEEP;
        /** Per probe: the counts of retired lanes. */
        private static final long[] RETIRED = new long[MAX_PROBES];

        static {
            try {
                TABLE = MethodHandles.lookup().findVarHandle(Lane.class, "table", long[].class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final Thread thread;
        private long[] table = new long[4 * ENTRY];
        private int used;
        private long seed;

        /** Nothing: calling it initializes the class (see Probes' static initializer). */
        static void initialize() {
        }

        private Lane(Thread thread, long tid) {
            this.thread = thread;
            this.seed = (0x9E3779B97F4A7C15L * (tid + 1)) | 1;
        }

        /** Counts a call of probe {@code id} in the lane of {@code me}, registering it on the thread's first call. */
        @SuppressWarnings("deprecation") // Thread.getId(), as in enter
        static long enter(Thread me, int id) {
            Lane lane = MINE.get();
            if (lane == null) {
                lane = register(me, me.getId());
                if (lane == null) {
                    UNLANED.getAndIncrement(id);
                    return 0L;
                }
            }
            return lane.count(id);
        }

        private long count(int id) {
            long[] t = table;
            int e = find(t, id);
            if (e < 0) {
                t = add(id, -1 - e);
                e = find(t, id);
            }
            long n = t[e + COUNT] + 1;
            LONGS.setOpaque(t, e + COUNT, n);
            if (n < t[e + NEXT]) {
                return 0L;
            }
            long gap = nextGap(id);
            t[e + NEXT] = n + gap;
            return gap == NEVER ? 0L : start(id);
        }

        /** The index of probe {@code id}'s entry in {@code t}, or -1 minus the index of the empty entry where it goes. */
        private static int find(long[] t, int id) {
            int mask = t.length / ENTRY - 1;
            for (int i = id & mask; ; i = (i + 1) & mask) {
                long k = t[i * ENTRY + KEY];
                if (k == id + 1L) {
                    return i * ENTRY;
                }
                if (k == 0) {
                    return -1 - i * ENTRY;
                }
            }
        }

        /** Adds an entry for probe {@code id} at {@code e}, or in a table twice the size if this one would be over half full. */
        private long[] add(int id, int e) {
            long[] t = table;
            if (2 * (used + 1) > t.length / ENTRY) {
                long[] bigger = new long[2 * t.length];
                for (int i = 0; i < t.length; i += ENTRY) {
                    if (t[i + KEY] != 0) {
                        int to = -1 - find(bigger, (int) t[i + KEY] - 1);
                        System.arraycopy(t, i, bigger, to, ENTRY);
                    }
                }
                t = bigger;
                e = -1 - find(t, id);
                TABLE.setRelease(this, t);
            }
            seed = xorshift(seed);
            t[e + NEXT] = firstGap(seed, id); // a thread's first timed call of a probe, as in a stripe
            LONGS.setRelease(t, e + KEY, id + 1L);
            used++;
            return t;
        }

        /** As {@link Probes#nextGap}, from the lane's own xorshift state. */
        private long nextGap(int id) {
            long mean = EVERY[id] ? 1 : sampleMean;
            if (mean <= 1) {
                return 1;
            }
            if (mean == Long.MAX_VALUE) {
                return NEVER;
            }
            seed = xorshift(seed);
            return 1 + Math.floorMod(seed, 2 * mean - 1);
        }

        /**
         * Registers a lane for the calling thread: once per thread (the one lock of the probe
         * path); first retires the lanes of ended threads when their number has doubled. Null
         * when it cannot (out of memory): the caller then counts with an atomic add.
         */
        private static Lane register(Thread me, long tid) {
            Lane lane;
            try {
                lane = new Lane(me, tid);
                MINE.set(lane);
            } catch (Throwable e) {
                FAILURES.incrementAndGet();
                return null;
            }
            try {
                synchronized (REGISTRY) {
                    if (registered >= sweepAt) {
                        retireEnded();
                    }
                    if (registered == lanes.length) {
                        lanes = java.util.Arrays.copyOf(lanes, 2 * lanes.length);
                    }
                    lanes[registered++] = lane;
                }
                return lane;
            } catch (Throwable e) {
                MINE.remove();
                FAILURES.incrementAndGet();
                return null;
            }
        }

        /** Under {@link #REGISTRY}: adds the counts of the lanes of terminated threads to the totals and drops those lanes. */
        private static void retireEnded() {
            int kept = 0;
            for (int i = 0; i < registered; i++) {
                Lane l = lanes[i];
                if (l.thread.isAlive()) {
                    lanes[kept++] = l;
                } else {
                    l.addTo(RETIRED); // its thread has terminated: its last writes are visible
                }
            }
            java.util.Arrays.fill(lanes, kept, registered, null);
            registered = kept;
            sweepAt = Math.max(FIRST_SWEEP, 2 * kept);
        }

        /** Adds this lane's count of each probe to {@code calls}, by probe id. */
        private void addTo(long[] calls) {
            long[] t = (long[]) TABLE.getAcquire(this);
            for (int i = 0; i < t.length; i += ENTRY) {
                long k = (long) LONGS.getAcquire(t, i + KEY);
                if (k != 0 && k <= calls.length) {
                    calls[(int) k - 1] += (long) LONGS.getOpaque(t, i + COUNT);
                }
            }
        }

        /** Per probe below {@code n}: the calls counted in lanes, retired or not (retiring those of ended threads first). */
        static long[] calls(int n) {
            long[] calls = new long[n];
            synchronized (REGISTRY) {
                retireEnded();
                System.arraycopy(RETIRED, 0, calls, 0, n);
                for (int i = 0; i < registered; i++) {
                    lanes[i].addTo(calls);
                }
            }
            return calls;
        }

        static int registered() {
            synchronized (REGISTRY) {
                return registered;
            }
        }

        /** Zeroes every lane's counts (racing their threads, as {@link Probes#reset()} says) and the retired totals. */
        static void reset() {
            synchronized (REGISTRY) {
                java.util.Arrays.fill(RETIRED, 0);
                for (int i = 0; i < registered; i++) {
                    long[] t = (long[]) TABLE.getAcquire(lanes[i]);
                    for (int e = 0; e < t.length; e += ENTRY) {
                        LONGS.setOpaque(t, e + COUNT, 0L);
                        LONGS.setOpaque(t, e + NEXT, 1L);
                    }
                }
            }
        }
    }

    /**
     * One probe's timed calls by threads in lanes, in HdrHistogram's buckets for three
     * significant digits: values 0 to 2,047 one by one, then per doubling 1,024 buckets each a
     * 1,024th of it wide, so that {@link #addTo} reproduces exactly the histogram that
     * recording the same values into a {@code Histogram(3)} gives. One atomic array per
     * doubling, made on its first record and published with one compare-and-exchange (a thread
     * that loses uses the winner's): a record is one atomic add, and a probe holds only the
     * doublings its calls reach (8 KB each).
     */
    static final class SharedTimes {
        /** Doublings: bucket 0 holds 0 to 2,047, bucket b the values with their top bit at 10 + b. */
        private static final int MAGNITUDES = 53;
        private static final VarHandle ARRAYS = MethodHandles.arrayElementVarHandle(AtomicLongArray[].class);
        private static final VarHandle TIMES = MethodHandles.arrayElementVarHandle(SharedTimes[].class);
        private static final SharedTimes[] ALL = new SharedTimes[MAX_PROBES];

        private final AtomicLongArray[] magnitudes = new AtomicLongArray[MAGNITUDES];

        SharedTimes() {
        }

        /** Nothing: calling it initializes the class (see Probes' static initializer). */
        static void initialize() {
        }

        /** Probe {@code id}'s shared times, made on first use (one compare-and-exchange, not retried). */
        static SharedTimes of(int id) {
            SharedTimes t = (SharedTimes) TIMES.getAcquire(ALL, id);
            if (t != null) {
                return t;
            }
            SharedTimes made = new SharedTimes();
            SharedTimes won = (SharedTimes) TIMES.compareAndExchange(ALL, id, null, made);
            return won == null ? made : won;
        }

        /** Probe {@code id}'s shared times, or null if no thread in a lane has timed a call of it. */
        static SharedTimes ofAcquire(int id) {
            return (SharedTimes) TIMES.getAcquire(ALL, id);
        }

        static void forget(int id) {
            TIMES.setRelease(ALL, id, null);
        }

        /** Records {@code v} (at least 0): one atomic add, and on a doubling's first record, its array. */
        void record(long v) {
            int b = 53 - Long.numberOfLeadingZeros(v | 2047);
            AtomicLongArray a = (AtomicLongArray) ARRAYS.getAcquire(magnitudes, b);
            if (a == null) {
                AtomicLongArray made = new AtomicLongArray(b == 0 ? 2048 : 1024);
                AtomicLongArray won = (AtomicLongArray) ARRAYS.compareAndExchange(magnitudes, b, null, made);
                a = won == null ? made : won;
            }
            a.getAndIncrement(b == 0 ? (int) v : (int) (v >>> b) - 1024);
        }

        /** Adds every recorded value to {@code h}, each as the lowest value of its bucket (which is HdrHistogram's bucket too). */
        void addTo(Histogram h) {
            for (int b = 0; b < MAGNITUDES; b++) {
                AtomicLongArray a = (AtomicLongArray) ARRAYS.getAcquire(magnitudes, b);
                if (a == null) {
                    continue;
                }
                for (int i = 0; i < a.length(); i++) {
                    long n = a.getAcquire(i);
                    if (n != 0) {
                        h.recordValueWithCount(b == 0 ? i : (long) (i + 1024) << b, n);
                    }
                }
            }
        }
    }
}

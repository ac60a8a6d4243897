package perfstat.agent.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The probes' runtime: what the advice inlined into probed methods calls.
 *
 * <h2>Assumptions and guarantees</h2>
 * <ol>
 *   <li>Every call of a probed method is counted exactly, in a plain {@code long} of the
 *       calling thread's own slot array: no locked instruction, no allocation after the
 *       thread's first call.</li>
 *   <li>Timing is sampled: per thread and probe, the next timed call is drawn uniformly
 *       from the next 1 to 2N-1 calls (mean N, {@code sample=N}); a thread's first call of
 *       a probe is always timed. {@code timing=exact} times every call; {@code off} none.
 *       Timed calls cost two {@code System.nanoTime()} and one histogram record.</li>
 *   <li>Nothing here throws into the caller: a failure is counted and the call proceeds.</li>
 *   <li>Counts read by {@link #snapshot()} from another thread are exact for threads that
 *       have finished, and at most a few calls behind for running ones.</li>
 * </ol>
 */
public final class Probes {
    private static final int MAX_PROBES = 4096;

    private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();
    private static final String[] NAMES = new String[MAX_PROBES];
    private static final Recorder[] RECORDERS = new Recorder[MAX_PROBES];
    private static final Histogram[] TOTALS = new Histogram[MAX_PROBES];
    private static final AtomicLong NEXT_ID = new AtomicLong();
    private static final ConcurrentLinkedQueue<ThreadSlots> THREADS = new ConcurrentLinkedQueue<>();
    private static final AtomicLong FAILURES = new AtomicLong();
    private static final ThreadLocal<ThreadSlots> LOCAL = ThreadLocal.withInitial(Probes::register);

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
        Integer id = IDS.computeIfAbsent(name, n -> {
            int next = (int) NEXT_ID.getAndIncrement();
            if (next >= MAX_PROBES) {
                return -1;
            }
            RECORDERS[next] = new Recorder(3);
            TOTALS[next] = new Histogram(3);
            NAMES[next] = n;
            return next;
        });
        return id;
    }

    private static ThreadSlots register() {
        ThreadSlots s = new ThreadSlots();
        THREADS.add(s);
        return s;
    }

    /** Called on entry of a probed method: counts the call; returns a start time if this call is timed, else 0. */
    public static long enter(int id) {
        try {
            ThreadSlots t = LOCAL.get();
            long[] s = t.slots;
            int i = id << 1;
            if (i >= s.length) {
                s = t.grow(i);
            }
            long n = ++s[i];
            if (n < s[i + 1]) {
                return 0L;
            }
            s[i + 1] = n + t.nextGap(sampleMean);
            return System.nanoTime();
        } catch (Throwable e) {
            FAILURES.incrementAndGet();
            return 0L;
        }
    }

    /** Called on exit of a timed call. */
    public static void exit(int id, long startNs) {
        try {
            long d = System.nanoTime() - startNs;
            RECORDERS[id].recordValue(d < 0 ? 0 : d);
        } catch (Throwable e) {
            FAILURES.incrementAndGet();
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
        long[] counts = new long[n];
        for (ThreadSlots t : THREADS) {
            long[] s = t.slots;
            for (int id = 0; id < n && (id << 1) < s.length; id++) {
                counts[id] += s[id << 1];
            }
        }
        List<Summary> out = new ArrayList<>();
        for (int id = 0; id < n; id++) {
            if (NAMES[id] == null) {
                continue;
            }
            TOTALS[id].add(RECORDERS[id].getIntervalHistogram());
            out.add(new Summary(NAMES[id], counts[id], TOTALS[id].copy()));
        }
        return out;
    }

    /** For tests: names of the registered probes. */
    public static Map<String, Integer> registered() {
        return Map.copyOf(IDS);
    }

    /**
     * One thread's counters: for probe {@code id}, {@code slots[2id]} is its call count and
     * {@code slots[2id+1]} the count at which the next call is timed.
     */
    static final class ThreadSlots {
        volatile long[] slots = new long[32];
        private long seed = System.nanoTime() | 1;

        long[] grow(int index) {
            long[] bigger = java.util.Arrays.copyOf(slots, Math.max(slots.length * 2, index + 2));
            slots = bigger;
            return bigger;
        }

        /** Uniform in [1, 2*mean-1] (xorshift), or "never" for Long.MAX_VALUE. */
        long nextGap(long mean) {
            if (mean <= 1) {
                return 1;
            }
            if (mean == Long.MAX_VALUE) {
                return Long.MAX_VALUE / 2;
            }
            long x = seed;
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            seed = x;
            return 1 + Math.floorMod(x, 2 * mean - 1);
        }
    }
}

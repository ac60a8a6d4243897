package perfstat.agent.probe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The iterations of the method that agent option {@code iteration=} names: each call one iteration, its wall time,
 * its thread's CPU time and the bytes its thread allocated during it, kept in the order the calls ended until the
 * session {@link #drain drains} them into its events ({@code perfstat.Iterations}). Its probes are timed on every call
 * ({@link Probes#everyCall}); {@link Probes} calls {@link #enter} and {@link #exit} on their timed path only, so no
 * other probe's call pays anything for it.
 *
 * <p>A call of the method inside another of the same thread (recursion, or one overload calling another) is part of
 * the outer one, not an iteration of its own. A call whose exit never ran (a constructor that threw) is forgotten at
 * its caller's exit. An iteration's record is one {@code getAndIncrement} and four plain stores, the last a release;
 * at most {@link #LIMIT} a run are kept, the rest counted as dropped. Nothing here throws into the caller: the probe
 * path's {@code catch} counts a failure. On the boot class path with {@link Probes} where that is ({@code BootRuntime}).
 */
public final class IterationSeries {
    /** Iterations a block: the unit of the store, and of a drained batch's arrays. */
    static final int BLOCK = 4096;
    /** The most iterations a run keeps: 32 MB at most, in blocks allocated as they fill. */
    public static final int LIMIT = 1 << 20;
    /** Longs an iteration: its wall time + 1 (0 while it is being written), end, CPU, allocated. */
    private static final int FIELDS = 4;
    /** Calls of one thread inside each other that are followed; deeper ones are part of the outer. */
    private static final int DEPTH = 16;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle BLOCKS_AT = MethodHandles.arrayElementVarHandle(long[][].class);

    private static final long[][] BLOCKS = new long[LIMIT / BLOCK][];
    private static final AtomicLong NEXT = new AtomicLong();
    private static final AtomicLong THREADS = new AtomicLong();
    private static final ThreadLocal<long[]> FRAMES = new Frames();
    /** The next iteration {@link #drain} gives; only it writes this, under the class's lock. */
    private static long drained;
    private static volatile LongSupplier cpuClock = IterationSeries::none;
    private static volatile LongSupplier allocated = IterationSeries::none;

    private IterationSeries() {
    }

    /** Per thread: depth, then per call its start, CPU and allocated bytes at entry. */
    private static final class Frames extends ThreadLocal<long[]> {
        @Override
        protected long[] initialValue() {
            THREADS.incrementAndGet();
            return new long[1 + 3 * DEPTH];
        }
    }

    private static long none() {
        return -1;
    }

    /**
     * The clocks an iteration reads, each -1 where it cannot say: the calling thread's CPU time in ns and the bytes it
     * has allocated. Set before the probes go in; an exception from either counts a failure and loses that figure.
     */
    public static void clocks(LongSupplier threadCpuNs, LongSupplier threadAllocatedBytes) {
        cpuClock = threadCpuNs == null ? IterationSeries::none : threadCpuNs;
        allocated = threadAllocatedBytes == null ? IterationSeries::none : threadAllocatedBytes;
    }

    /** An iteration's call begins: its CPU and allocation read, then its start time, which the probe's exit gives back. */
    static long enter() {
        long cpu = read(cpuClock);
        long bytes = read(allocated);
        long start = System.nanoTime();
        long[] f = FRAMES.get();
        int d = (int) f[0];
        if (d < DEPTH) {
            int b = 1 + 3 * d;
            f[b] = start;
            f[b + 1] = cpu;
            f[b + 2] = bytes;
            f[0] = d + 1;
        }
        return start;
    }

    /** The call that {@link #enter} gave {@code startNs} ended at {@code endNs}: an iteration where it is the outermost. */
    static void exit(long startNs, long endNs) {
        long[] f = FRAMES.get();
        for (int k = (int) f[0] - 1; k >= 0; k--) {
            int b = 1 + 3 * k;
            if (f[b] != startNs) {
                continue; // a call inside it whose exit never ran: forgotten with it
            }
            f[0] = k;
            if (k == 0) {
                long bytes = read(allocated);
                long cpu = read(cpuClock);
                add(endNs - startNs, endNs, difference(f[b + 1], cpu), difference(f[b + 2], bytes));
            }
            return;
        }
    }

    private static long read(LongSupplier clock) {
        try {
            return clock.getAsLong();
        } catch (RuntimeException e) {
            return -1; // the clock turned off by the application (UnsupportedOperationException)
        }
    }

    private static long difference(long before, long after) {
        return before < 0 || after < before ? -1 : after - before;
    }

    private static void add(long wallNs, long endNs, long cpuNs, long bytes) {
        long i = NEXT.getAndIncrement();
        if (i >= LIMIT) {
            return; // counted in NEXT: dropped
        }
        int blockIndex = (int) (i / BLOCK);
        long[] block = (long[]) BLOCKS_AT.getAcquire(BLOCKS, blockIndex);
        if (block == null) {
            long[] fresh = new long[BLOCK * FIELDS];
            block = BLOCKS_AT.compareAndSet(BLOCKS, blockIndex, null, fresh) ? fresh
                    : (long[]) BLOCKS_AT.getAcquire(BLOCKS, blockIndex);
        }
        int o = (int) (i % BLOCK) * FIELDS;
        block[o + 1] = endNs;
        block[o + 2] = cpuNs;
        block[o + 3] = bytes;
        LONGS.setRelease(block, o, Math.max(0, wallNs) + 1);
    }

    /** Iterations ended since the last drain, in the order they were recorded. */
    public record Batch(long first, int count, long[] endNs, long[] wallNs, long[] cpuNs, long[] allocatedBytes) {
    }

    /**
     * The iterations recorded since the last call, up to the first still being written (the next call gives it), in
     * batches of at most {@code most}; a block wholly given is let go.
     */
    public static synchronized java.util.List<Batch> drain(int most) {
        java.util.List<Batch> out = new java.util.ArrayList<>();
        long end = Math.min(NEXT.get(), LIMIT);
        while (drained < end) {
            int n = (int) Math.min(most, end - drained);
            long[] ends = new long[n];
            long[] walls = new long[n];
            long[] cpus = new long[n];
            long[] bytes = new long[n];
            int got = 0;
            for (; got < n; got++) {
                long i = drained + got;
                long[] block = (long[]) BLOCKS_AT.getAcquire(BLOCKS, (int) (i / BLOCK));
                int o = (int) (i % BLOCK) * FIELDS;
                long wall = block == null ? 0 : (long) LONGS.getAcquire(block, o);
                if (wall == 0) {
                    break; // still being written
                }
                walls[got] = wall - 1;
                ends[got] = block[o + 1];
                cpus[got] = block[o + 2];
                bytes[got] = block[o + 3];
            }
            if (got > 0) {
                out.add(new Batch(drained, got, trim(ends, got), trim(walls, got), trim(cpus, got), trim(bytes, got)));
            }
            long before = drained;
            drained += got;
            for (long b = before / BLOCK; b < drained / BLOCK; b++) {
                BLOCKS_AT.setRelease(BLOCKS, (int) b, (long[]) null); // wholly given: let go
            }
            if (got < n) {
                break;
            }
        }
        return out;
    }

    private static long[] trim(long[] xs, int n) {
        return n == xs.length ? xs : java.util.Arrays.copyOf(xs, n);
    }

    /** Iterations past {@link #LIMIT}: counted, not kept. */
    public static long dropped() {
        return Math.max(0, NEXT.get() - LIMIT);
    }

    /** The threads that have called the method. */
    public static long threads() {
        return THREADS.get();
    }

    /** Forgets every iteration (after a detach, a new attach starts from none); as {@link Probes#reset}, with no probe in. */
    static synchronized void reset() {
        NEXT.set(0);
        drained = 0;
        java.util.Arrays.fill(BLOCKS, null);
    }
}

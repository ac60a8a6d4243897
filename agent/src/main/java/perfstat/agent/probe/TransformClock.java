package perfstat.agent.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;

/**
 * The CPU time that the application's threads spend in perfstat's class transformation: each
 * call of the transformer (every class that loads goes through it, matched or not) timed with
 * the calling thread's CPU clock, summed over the threads whose role is the application's (a
 * class that JFR's or perfstat's own threads load is theirs already). A transformation that
 * loads a class, and so runs the transformer again, counts once. Never throws.
 */
public final class TransformClock {
    private final LongAdder applicationNs = new LongAdder();
    private final ThreadLocal<boolean[]> inside = ThreadLocal.withInitial(() -> new boolean[1]);
    private volatile ThreadMXBean threads;
    /** The native layer's thread clock where it reads the time (then java.lang.management is never loaded), else null. */
    private volatile java.util.function.LongSupplier nativeClock;
    /** The native layer's thread clock that {@link #prepare} may take, or null. */
    private volatile java.util.function.LongSupplier offered;
    /** Whether a thread of this name is the application's (the agent gives its roles' rule); any, until told. */
    private volatile Predicate<String> application = name -> true;

    /** Counts only the threads whose names {@code test} takes for the application's. */
    public TransformClock applicationThreads(Predicate<String> test) {
        this.application = test;
        return this;
    }

    /**
     * A thread CPU clock of the native layer ({@code clock}: the calling thread's CPU time in ns, -1 where it cannot
     * say) that {@link #prepare} may take: where the agent counts through it, FFM is linked anyway, and the JDK's clock
     * (java.lang.management) need not be loaded into the host. Null: the JDK's.
     */
    public TransformClock nativeClock(java.util.function.LongSupplier clock) {
        this.offered = clock;
        return this;
    }

    /**
     * Loads a thread CPU clock, off the application's threads, ahead of the first class: the native layer's where
     * {@link #nativeClock} offers one and it reads, else the JDK's (java.lang.management, which a host's own first
     * use then finds loaded: a program's first ThreadMXBean call cost its main thread 0.5-2.6 ms with probes against
     * 12-19 ms without).
     */
    void prepare() {
        java.util.function.LongSupplier clock = offered;
        try {
            if (clock != null && clock.getAsLong() >= 0) {
                nativeClock = clock;
                return;
            }
        } catch (RuntimeException | LinkageError e) {
            // the JDK's clock, below
        }
        try {
            ThreadMXBean t = ManagementFactory.getThreadMXBean();
            if (t.isCurrentThreadCpuTimeSupported()) {
                t.getCurrentThreadCpuTime();
                threads = t;
            }
        } catch (RuntimeException | LinkageError e) {
            threads = null; // no clock: the transformation stays in the application's row, and the row says 0
        }
    }

    /** Whether the clock reads the threads' CPU time here. */
    public boolean available() {
        return nativeClock != null || threads != null;
    }

    /** The calling thread's CPU time now, from the clock prepared; -1 where it cannot say. */
    private long now() {
        java.util.function.LongSupplier clock = nativeClock;
        return clock != null ? clock.getAsLong() : threads.getCurrentThreadCpuTime();
    }

    /** The CPU time now of the calling thread, where it is an application thread outside a timed call; else -1. */
    long start() {
        if (!available()) {
            return -1;
        }
        try {
            boolean[] in = inside.get();
            if (in[0] || !application.test(Thread.currentThread().getName())) {
                return -1;
            }
            long now = now(); // -1 on a virtual thread where the JDK cannot say
            in[0] = now >= 0;
            return now;
        } catch (RuntimeException e) {
            return -1; // the clock turned off by the application (UnsupportedOperationException): untimed
        }
    }

    /** Ends a call that {@link #start} gave {@code startNs} (-1: not timed). */
    void stop(long startNs) {
        if (startNs < 0) {
            return;
        }
        try {
            inside.get()[0] = false;
            long end = now();
            if (end > startNs) {
                applicationNs.add(end - startNs);
            }
        } catch (RuntimeException e) {
            // untimed: the clock turned off meanwhile
        }
    }

    /** The application threads' CPU time in the transformer since the agent started, in ns. */
    public long applicationNs() {
        return applicationNs.sum();
    }
}

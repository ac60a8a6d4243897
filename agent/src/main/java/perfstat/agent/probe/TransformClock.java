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
    /** Whether a thread of this name is the application's (the agent gives its roles' rule); any, until told. */
    private volatile Predicate<String> application = name -> true;

    /** Counts only the threads whose names {@code test} takes for the application's. */
    public TransformClock applicationThreads(Predicate<String> test) {
        this.application = test;
        return this;
    }

    /** Loads the JDK's thread CPU clock (java.lang.management), off the application's threads, ahead of the first class. */
    void prepare() {
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
        return threads != null;
    }

    /** The CPU time now of the calling thread, where it is an application thread outside a timed call; else -1. */
    long start() {
        ThreadMXBean t = threads;
        if (t == null) {
            return -1;
        }
        try {
            boolean[] in = inside.get();
            if (in[0] || !application.test(Thread.currentThread().getName())) {
                return -1;
            }
            long now = t.getCurrentThreadCpuTime(); // -1 on a virtual thread where the JDK cannot say
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
            long end = threads.getCurrentThreadCpuTime();
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

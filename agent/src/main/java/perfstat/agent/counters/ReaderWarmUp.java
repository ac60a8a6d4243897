package perfstat.agent.counters;

/**
 * Runs the counter reader's procfs path ({@link ThreadCounts}' read of every thread's
 * {@code schedstat}, {@code status} and {@code comm}, and {@link ProcessCounters}) a few times
 * before the counters' window opens, so that the JIT compiles it then (its parse of each thread's
 * {@code status} is a loop the JIT compiles on stack) and not while the window counts. What it
 * reads is thrown away. Never throws.
 */
public final class ReaderWarmUp {
    private ReaderWarmUp() {
    }

    /** Reads this process's threads {@code reads} times. */
    public static void run(int reads) {
        try {
            ThreadCounts t = ThreadCounts.ofSelf();
            for (int i = 0; i < reads; i++) {
                t.read();
                ProcessCounters.read();
            }
            t.byRole();
        } catch (RuntimeException | Error e) {
            // the window opens all the same
        }
    }
}

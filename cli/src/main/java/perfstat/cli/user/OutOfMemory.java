package perfstat.cli.user;

import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;

/**
 * perfstat's own JVM out of memory: one line that says what it was doing and how to give it more, and an exit, never
 * a spin. Two ways in: an {@link OutOfMemoryError} that reaches {@code Main}, and a collector that spins, which the
 * serial collector's own overhead limit does not stop (it wants under 2% of the heap freed by each full collection,
 * and a heap nearly full of summaries frees a little more each time: {@code diff} of 1,000 recordings a side ran
 * 2,188 full collections in 10 minutes and never failed). {@link #watch} ends that.
 */
public final class OutOfMemory {
    /** The variable {@code bin/perfstat} adds to the JVM's options after its own, so that it wins. */
    public static final String OVERRIDE = "PERFSTAT_JAVA_OPTS";
    /** Seconds in a row the collector may take {@link #GC_SHARE} of the time with the heap {@link #FULL} before the end. */
    static final int STRIKES = 3;
    static final double GC_SHARE = 0.6;
    static final double FULL = 0.9;
    /**
     * When the watch first looks: the management classes it loads cost a 1 s report about 0.1 s on two cores, so a
     * command shorter than this never loads them; a spin shows itself later still.
     */
    static final long FIRST_LOOK_MS = 3000;

    /** The system property that leaves the watch out: bin/perfstat's training run, which dumps a class-data archive at exit. */
    public static final String NO_WATCH = "perfstat.noMemoryWatch";

    private static volatile String doing = "";

    private OutOfMemory() {
    }

    /** What perfstat is doing now, in words that follow "out of memory" ({@code reading x.jfr (412 of 2000 recordings)}); "" for nothing said. */
    public static void doing(String what) {
        doing = what == null ? "" : what;
    }

    /** The line: what perfstat was doing, its heap, and how to raise it. */
    public static String line() {
        long maxMb = Runtime.getRuntime().maxMemory() >> 20;
        long more = Math.max(512, Long.highestOneBit(Math.max(1, maxMb)) * 4);
        String what = doing;
        return "out of memory" + (what.isEmpty() ? "" : " " + what) + ": perfstat's heap is " + maxMb + " MB; give it more with "
                + OVERRIDE + "=-Xmx" + (more >= 1024 ? more / 1024 + "g" : more + "m") + " (bin/perfstat puts it after its own options)";
    }

    /**
     * Whether one more second of the collector's work is a strike: nearly all of the second in collections, and the
     * old generation nearly full after the last of them.
     *
     * @param gcMs      the collectors' time over the second, in ms
     * @param wallMs    the second's length, in ms
     * @param oldUsed   the old generation's use after its last collection, in bytes (-1: not known)
     * @param oldMax    the old generation's largest size, in bytes (-1: not known)
     */
    static boolean strike(long gcMs, long wallMs, long oldUsed, long oldMax) {
        return wallMs > 0 && gcMs >= GC_SHARE * wallMs && oldUsed >= 0 && oldMax > 0 && oldUsed >= FULL * oldMax;
    }

    /**
     * Watches the collector from a daemon thread, once a second from {@link #FIRST_LOOK_MS} on (a short command never
     * loads the management classes): after {@link #STRIKES} strikes in a row it prints {@link #line} on {@code err} and halts
     * the JVM with status 1 (no shutdown hooks: they would need the memory there is none of; a child JVM that
     * {@code compare} started ends by itself when perfstat is gone).
     */
    public static void watch(PrintStream err) {
        if (Boolean.getBoolean(NO_WATCH)) {
            return;
        }
        Thread t = new Thread(() -> { // no lambda or stream in here: one that links while the JVM dumps a class-data
            // archive at its exit (bin/perfstat's training run) crashed the JDK 25 JVM (LambdaProxyClassDictionary)
            try {
                Thread.sleep(1000);
                List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
                // the old generation: the largest heap pool with a use after collection (Serial lists its survivor
                // space last, so the last such pool is not it)
                MemoryPoolMXBean old = null;
                for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                    if (p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()
                            && (old == null || p.getUsage().getMax() > old.getUsage().getMax())) {
                        old = p;
                    }
                }
                long gcBefore = gcTime(gcs);
                long before = System.nanoTime();
                int strikes = 0;
                while (true) {
                    Thread.sleep(1000);
                    long gcNow = gcTime(gcs);
                    long now = System.nanoTime();
                    MemoryUsage u = old == null ? null : old.getCollectionUsage();
                    boolean s = strike(gcNow - gcBefore, (now - before) / 1_000_000, u == null ? -1 : u.getUsed(),
                            u == null ? -1 : u.getMax());
                    strikes = s ? strikes + 1 : 0;
                    if (strikes >= STRIKES) {
                        err.println("perfstat: " + line() + String.format(java.util.Locale.ROOT, " [the collector took over"
                                + " %.0f%% of each of the last %d s, the heap still over %.0f%% full]", 100 * GC_SHARE, STRIKES, 100 * FULL));
                        err.flush();
                        Runtime.getRuntime().halt(UserError.DATA);
                    }
                    gcBefore = gcNow;
                    before = now;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException | LinkageError e) {
                // no management here: the JVM's own OutOfMemoryError is left to say it
            }
        }, "perfstat-memory-watch");
        t.setDaemon(true);
        t.start();
    }

    private static long gcTime(List<GarbageCollectorMXBean> gcs) {
        long sum = 0;
        for (GarbageCollectorMXBean g : gcs) {
            sum += Math.max(0, g.getCollectionTime());
        }
        return sum;
    }
}

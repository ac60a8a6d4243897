package perfstat.cli.read;

import java.time.Instant;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import perfstat.format.JdkEvent;

/**
 * The JIT's compilations (jdk.Compilation): inside the counters' window, the time spent compiling the observer's
 * code ({@link ObserverCode}: JFR's and perfstat's agent, not perfstat's models) and the time spent
 * compiling anything. {@code jdk.internal.event.*}, the JDK's own events that the application's I/O raises, is the
 * application's. A compilation that straddles a bound of the window counts by its overlap with it. The events come
 * unordered, so each one's span is kept until the pass is over and the window known.
 */
final class CompilationCollector implements Collector {
    static final String COMPILATION = JdkEvent.COMPILATION.type();

    private long[] starts = new long[256];
    private long[] ends = new long[256];
    private boolean[] observer = new boolean[256];
    private int size;

    @Override
    public void register(Handlers h) {
        h.on(COMPILATION, this::compilation);
    }

    private void compilation(RecordedEvent e) {
        RecordedMethod m = e.getValue("method");
        String type = m == null || m.getType() == null ? "" : m.getType().getName();
        add(nanos(e.getStartTime()), nanos(e.getEndTime()), observerCode(type));
    }

    /** Keeps one compilation's span (epoch nanoseconds) and whether it compiled the observer's code. */
    void add(long startNs, long endNs, boolean observerCode) {
        if (size == starts.length) {
            starts = java.util.Arrays.copyOf(starts, size * 2);
            ends = java.util.Arrays.copyOf(ends, size * 2);
            observer = java.util.Arrays.copyOf(observer, size * 2);
        }
        starts[size] = startNs;
        ends[size] = endNs;
        observer[size++] = observerCode;
    }

    /** Whether a class (by its binary name) is JFR's or perfstat's: the observer's code, not the application's. */
    static boolean observerCode(String className) {
        return ObserverCode.perfstatsOrJfrs(className);
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /**
     * The compile time inside [from, to] (either null: open), each compilation by its overlap with it;
     * {@link RunData.Compiles#NONE} where the recording has no jdk.Compilation at all.
     */
    RunData.Compiles result(Instant from, Instant to) {
        if (size == 0) {
            return RunData.Compiles.NONE;
        }
        long lo = from == null ? Long.MIN_VALUE : nanos(from);
        long hi = to == null ? Long.MAX_VALUE : nanos(to);
        long all = 0;
        long own = 0;
        long inside = 0;
        for (int i = 0; i < size; i++) {
            long overlap = Math.min(ends[i], hi) - Math.max(starts[i], lo);
            if (overlap < 0 || (overlap == 0 && (starts[i] < lo || starts[i] > hi))) {
                continue; // outside the window
            }
            inside++;
            all += overlap;
            own += observer[i] ? overlap : 0;
        }
        return new RunData.Compiles(own, all, inside);
    }
}

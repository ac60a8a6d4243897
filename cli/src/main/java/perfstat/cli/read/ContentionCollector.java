package perfstat.cli.read;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import perfstat.format.JdkEvent;

/**
 * The JDK's contention events (jdk.JavaMonitorEnter, jdk.ThreadPark, above the recording's
 * threshold): how many and how long of each kind, and the sites that blocked longest. A block
 * with perfstat's or JFR's code on its stack is the observer's, not the program's, and is left
 * out (an attach's agent waiting on a lock of its own while it starts read as the program's
 * monitor block, 15-78 ms).
 */
final class ContentionCollector implements Collector {
    /** At most this many sites, the longest blocked first. */
    private static final int TOP_SITES = 10;

    /** {count, blocked ns} per kind. */
    private final long[] monitor = new long[2];
    private final long[] park = new long[2];
    /** {count, blocked ns} of the events left out as the observer's, per kind. */
    private final long[] monitorObserver = new long[2];
    private final long[] parkObserver = new long[2];
    /** {count, blocked ns} by "kind site". */
    private final Map<String, long[]> sites = new HashMap<>();
    /** Per kind of blocking, each stack's site accumulator: a stack's site is found once (see HotMethodsCollector). */
    private final Map<RecordedStackTrace, long[]> monitorStacks = new WeakHashMap<>();
    private final Map<RecordedStackTrace, long[]> parkStacks = new WeakHashMap<>();
    /** Per stack, whether perfstat's or JFR's code is on it. */
    private final Map<RecordedStackTrace, Boolean> observers = new WeakHashMap<>();
    /** Each event as read ({@link #from} leaves out those before a time): its end, its blocked time, its two accumulators. */
    private final java.util.List<Blocked> events = new java.util.ArrayList<>();

    private record Blocked(java.time.Instant end, long ns, long[] kind, long[] site) {
    }

    @Override
    public void register(Handlers h) {
        h.on(JdkEvent.JAVA_MONITOR_ENTER.type(), e -> blocked(e, monitor, monitorObserver, "monitor ", monitorStacks));
        h.on(JdkEvent.THREAD_PARK.type(), e -> blocked(e, park, parkObserver, "park ", parkStacks));
    }

    private void blocked(RecordedEvent e, long[] agg, long[] observer, String kind, Map<RecordedStackTrace, long[]> stacks) {
        long ns = e.getDuration().toNanos();
        RecordedStackTrace st = e.getStackTrace();
        if (st != null && observers.computeIfAbsent(st, ContentionCollector::observers)) {
            observer[0]++; // left out, and counted apart: the table says how many and how long
            observer[1] += ns;
            events.add(new Blocked(e.getEndTime(), ns, observer, new long[2]));
            return;
        }
        long[] site = st == null ? sites.computeIfAbsent(kind + site(null), k -> new long[2])
                : stacks.computeIfAbsent(st, k -> sites.computeIfAbsent(kind + site(k), x -> new long[2]));
        agg[0]++;
        agg[1] += ns;
        site[0]++;
        site[1] += ns;
        events.add(new Blocked(e.getEndTime(), ns, agg, site));
    }

    /** Leaves out the events that ended before {@code t} (the counters' late opening); null: none. */
    void from(java.time.Instant t) {
        if (t == null) {
            return;
        }
        for (Blocked b : events) {
            if (b.end().isBefore(t)) {
                b.kind()[0]--;
                b.kind()[1] -= b.ns();
                b.site()[0]--;
                b.site()[1] -= b.ns();
            }
        }
        sites.values().removeIf(s -> s[0] == 0);
        events.clear();
    }

    RunData.Contention monitors() {
        return new RunData.Contention(monitor[0], Duration.ofNanos(monitor[1]), monitorObserver[0], Duration.ofNanos(monitorObserver[1]));
    }

    RunData.Contention parks() {
        return new RunData.Contention(park[0], Duration.ofNanos(park[1]), parkObserver[0], Duration.ofNanos(parkObserver[1]));
    }

    /** The sites that blocked longest. */
    List<RunData.BlockedSite> topSites() {
        return sites.entrySet().stream()
                .sorted((x, y) -> Long.compare(y.getValue()[1], x.getValue()[1])).limit(TOP_SITES)
                .map(en -> {
                    String[] kindSite = en.getKey().split(" ", 2);
                    return new RunData.BlockedSite(kindSite[1], kindSite[0], en.getValue()[0], Duration.ofNanos(en.getValue()[1]));
                }).toList();
    }

    /** Whether a frame of {@code st} is perfstat's or JFR's code: the observer blocked, not the program. */
    private static boolean observers(RecordedStackTrace st) {
        for (RecordedFrame f : st.getFrames()) {
            if (f.getMethod() != null && f.getMethod().getType() != null
                    && ObserverCode.perfstatsOrJfrs(f.getMethod().getType().getName())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The first frame outside the JDK, as Class.method:line; "(no stack)" without a stack trace.
     * A stack with a frame without a method makes the event one the pass skips and counts.
     */
    private static String site(RecordedStackTrace st) {
        if (st == null || st.getFrames().isEmpty()) {
            return "(no stack)";
        }
        for (RecordedFrame f : st.getFrames()) {
            if (f.getMethod() == null || f.getMethod().getType() == null) {
                throw new UnusableEvent(RunData.Skipped.Cause.FRAME_WITHOUT_METHOD);
            }
        }
        for (RecordedFrame f : st.getFrames()) {
            String cls = f.getMethod().getType().getName();
            if (!cls.startsWith("java.") && !cls.startsWith("jdk.") && !cls.startsWith("sun.")) {
                return cls + "." + f.getMethod().getName() + ":" + f.getLineNumber();
            }
        }
        RecordedFrame f = st.getFrames().get(0);
        return f.getMethod().getType().getName() + "." + f.getMethod().getName() + ":" + f.getLineNumber();
    }
}

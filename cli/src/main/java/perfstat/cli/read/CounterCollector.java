package perfstat.cli.read;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.format.CounterStatus;
import perfstat.format.Events;
import perfstat.format.Phase;

/**
 * The process's counters: procfs's (perfstat.Counters) at the start and end, the agent's
 * counters (perfstat.PerfCounter; the latest batch of totals wins) and how they were read
 * (perfstat.CounterReader). A window opened on a running agent takes its share: the totals as
 * it closed less those as it opened.
 */
final class CounterCollector implements Collector {
    private RunData.Counters start;
    private RunData.Counters end;
    private RunData.Counters windowStart;
    private RunData.Counters windowEnd;
    /** perfstat.Counters as the counters' window opened late (--delay, --from). */
    private RunData.Counters lateStart;
    /** Whether the recording holds the agent's start: then it is the agent's own, not a window's. */
    private boolean agentStartSeen;
    /** The latest perfstat.CounterReader, as read (the window and the agent's start CPU filled in later). */
    private RunData.CounterWindow counterReader;
    /** Its windowNs. */
    private long counterReaderWindowNs;
    /** Failed interval reads, cumulative (version 6): the largest seen. */
    private long readFailures;
    /** The totals as read, each with its commit time: the stream is unordered, so a batch may arrive out of its order. */
    private final List<Stamped> perfEndRead = new ArrayList<>();
    private final List<Stamped> perfWindowStartRead = new ArrayList<>();
    private final List<Stamped> perfWindowEndRead = new ArrayList<>();
    private final List<Stamped> perfLateStartRead = new ArrayList<>();

    /** A counter total and when it was committed. */
    private record Stamped(java.time.Instant at, RunData.PerfCounter counter) {
    }

    /** The counters' part of {@link RunData}. */
    record Part(RunData.Counters start, RunData.Counters end, List<RunData.PerfCounter> totals,
                List<RunData.PerfCounter> perThread, RunData.CounterWindow window) {
    }

    @Override
    public void register(Handlers h) {
        h.on(Events.Counters.NAME, this::counters);
        h.on(Events.PerfCounter.NAME, this::perfCounterTotals);
        h.on(Events.CounterReader.NAME, this::counterReader);
    }

    /** A perfstat.CounterReader, every field read now: the latest (by its window) wins. */
    private void counterReader(RecordedEvent r) {
        long windowNs = r.getLong(Events.CounterReader.WINDOW_NS);
        RunData.CounterWindow w = new RunData.CounterWindow(
                r.getString(Events.CounterReader.MODE),
                r.getString(Events.CounterReader.NOTE),
                Duration.ofNanos(r.getLong(Events.CounterReader.INTERVAL_NS)),
                Duration.ofNanos(windowNs),
                r.getLong(Events.CounterReader.USER_NS),
                r.getLong(Events.CounterReader.SYSTEM_NS),
                r.getLong(Events.CounterReader.READS),
                r.getInt(Events.CounterReader.DESCRIPTORS),
                r.getLong(Events.CounterReader.READER_CPU_NS),
                r.hasField(Events.CounterReader.READER_FIRST_READ_CPU_NS) ? r.getLong(Events.CounterReader.READER_FIRST_READ_CPU_NS) : -1,
                -1);
        if (r.hasField(Events.CounterReader.READ_FAILURES)) {
            readFailures = Math.max(readFailures, r.getLong(Events.CounterReader.READ_FAILURES));
        }
        if (counterReader == null || windowNs > counterReaderWindowNs) {
            counterReader = w;
            counterReaderWindowNs = windowNs;
        }
    }

    /** The counter thread's failed interval reads since the agent started. */
    long readFailures() {
        return readFailures;
    }

    private void counters(RecordedEvent e) {
        RunData.Counters c = new RunData.Counters(e.getEndTime(), e.getLong(Events.Counters.TASK_CLOCK_NS),
                e.getLong(Events.Counters.VOLUNTARY_CONTEXT_SWITCHES), e.getLong(Events.Counters.INVOLUNTARY_CONTEXT_SWITCHES),
                e.getLong(Events.Counters.CPU_MIGRATIONS), e.getLong(Events.Counters.MINOR_FAULTS),
                e.getLong(Events.Counters.MAJOR_FAULTS), e.getString(Events.Counters.SOURCE));
        String phase = e.getString(Events.Counters.PHASE);
        if (Phase.WINDOW_START.equals(phase)) {
            windowStart = c;
        } else if (Phase.WINDOW_END.equals(phase)) {
            windowEnd = c;
        } else if (Phase.LATE_START.equals(phase)) {
            lateStart = c;
        } else if (Phase.START.equals(phase)) {
            agentStartSeen = true;
            start = start == null ? c : start;
        } else if (end == null || c.time().isAfter(end.time())) {
            end = c;
        }
    }

    private void perfCounterTotals(RecordedEvent e) {
        // interval reads stay in the recording for other tools; tables use the totals
        List<Stamped> to = switch (e.getString(Events.PerfCounter.PHASE)) {
            case Phase.END -> perfEndRead;
            case Phase.WINDOW_START -> perfWindowStartRead;
            case Phase.WINDOW_END -> perfWindowEndRead;
            case Phase.LATE_START -> perfLateStartRead;
            default -> null;
        };
        if (to != null) {
            to.add(new Stamped(e.getStartTime(), perfCounter(e)));
        }
    }

    /**
     * The totals in the order the agent committed them: one thread commits a batch in its events' order, so their
     * times order them (the table's rows follow perf's order, as the user gave the events).
     */
    private static List<RunData.PerfCounter> inCommitOrder(List<Stamped> read) {
        return read.stream().sorted(java.util.Comparator.comparing(Stamped::at)).map(Stamped::counter).toList();
    }

    private static RunData.PerfCounter perfCounter(RecordedEvent e) {
        return new RunData.PerfCounter(e.getString(Events.PerfCounter.EVENT), e.getLong(Events.PerfCounter.VALUE),
                e.getLong(Events.PerfCounter.ENABLED_NS), e.getLong(Events.PerfCounter.RUNNING_NS),
                CounterStatus.parse(e.getString(Events.PerfCounter.STATUS)), e.getString(Events.PerfCounter.SOURCE),
                e.getLong(Events.PerfCounter.WINDOW_NS), e.getInt(Events.PerfCounter.TID), e.getString(Events.PerfCounter.THREAD_NAME));
    }

    /** Whether the recording holds the agent's start (its own recording), not only a window's totals. */
    boolean agentStartSeen() {
        return agentStartSeen;
    }

    /** Whether it holds the totals as a window closed. */
    boolean hasWindowEnd() {
        return windowEnd != null || !perfWindowEndRead.isEmpty();
    }

    /** Whether it holds the totals as the counters' window opened late. */
    boolean hasLateStart() {
        return lateStart != null || !perfLateStartRead.isEmpty();
    }

    /**
     * The counters of the recording, of its window ({@code window}), or from their late opening on ({@code late});
     * {@code agentStartCpuNs} from perfstat.Agent.
     */
    Part result(boolean window, boolean late, long agentStartCpuNs) {
        List<RunData.PerfCounter> perfEnd = inCommitOrder(perfEndRead);
        List<RunData.PerfCounter> perfWindowStart = inCommitOrder(perfWindowStartRead);
        List<RunData.PerfCounter> perfWindowEnd = inCommitOrder(perfWindowEndRead);
        List<RunData.PerfCounter> perfLateStart = inCommitOrder(perfLateStartRead);
        // every chunk ends with the totals so far: the latest batch wins
        long lastWindow = perfEnd.stream().mapToLong(RunData.PerfCounter::windowNs).max().orElse(-1);
        List<RunData.PerfCounter> totals = perfEnd.stream().filter(c -> c.windowNs() == lastWindow && c.tid() == 0).toList();
        List<RunData.PerfCounter> perThread = perfEnd.stream().filter(c -> c.windowNs() == lastWindow && c.tid() != 0).toList();
        long windowNs = counterReader == null ? 0 : counterReaderWindowNs;
        if (window && !perfWindowEnd.isEmpty()) {
            totals = windowDeltas(perfWindowStart, perfWindowEnd);
            perThread = List.of(); // per-thread values are the whole run's
            windowNs = totals.isEmpty() ? 0 : totals.get(0).windowNs();
        }
        if (late && !perfLateStart.isEmpty()) {
            long lastLate = perfLateStart.stream().mapToLong(RunData.PerfCounter::windowNs).max().orElse(-1);
            totals = windowDeltas(perfLateStart.stream().filter(c -> c.windowNs() == lastLate && c.tid() == 0).toList(), totals);
            perThread = List.of(); // per-thread values are the whole run's
            windowNs = totals.isEmpty() ? 0 : totals.get(0).windowNs();
        }
        boolean windowCounters = window && windowStart != null && windowEnd != null;
        if (late && lateStart != null) {
            return new Part(lateStart, end, totals, perThread, counterWindow(windowNs, agentStartCpuNs));
        }
        return new Part(windowCounters ? windowStart : start, windowCounters ? windowEnd : end, totals, perThread,
                counterWindow(windowNs, agentStartCpuNs));
    }

    private RunData.CounterWindow counterWindow(long windowNs, long agentStartCpuNs) {
        if (counterReader == null) {
            return null;
        }
        RunData.CounterWindow r = counterReader;
        return new RunData.CounterWindow(r.mode(), r.note(), r.interval(), Duration.ofNanos(windowNs), r.userNs(),
                r.systemNs(), r.reads(), r.descriptors(), r.readerCpuNs(), r.readerFirstReadCpuNs(), agentStartCpuNs);
    }

    /** A window's counter values: each event's total as the window closed less its total as it opened. */
    private static List<RunData.PerfCounter> windowDeltas(List<RunData.PerfCounter> start, List<RunData.PerfCounter> end) {
        Map<String, RunData.PerfCounter> before = new HashMap<>();
        start.forEach(c -> before.put(c.event(), c));
        List<RunData.PerfCounter> out = new ArrayList<>();
        for (RunData.PerfCounter e : end) {
            RunData.PerfCounter b = before.get(e.event());
            if (b == null) {
                out.add(e);
                continue;
            }
            out.add(new RunData.PerfCounter(e.event(), e.value() - b.value(), e.enabledNs() - b.enabledNs(),
                    e.runningNs() - b.runningNs(), e.status(), e.source(), e.windowNs() - b.windowNs(), 0, ""));
        }
        return out;
    }
}

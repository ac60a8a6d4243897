package perfstat.cli.read;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import perfstat.format.JdkEvent;
import perfstat.format.ThreadRoles;
import perfstat.format.ThreadRole;

/**
 * CPU time by thread role estimated from the JDK's jdk.ThreadCPULoad, for a recording made without perfstat (which
 * has no perfstat.ThreadRole events). The JDK writes one event per Java thread that ran at least 1 ms since its last
 * event, every period (10 s in default.jfc and profile.jfc), and one as a thread ends. Each gives the thread's user
 * and system CPU time since its previous event divided by the wall-clock time since the previous periodic pass times
 * the active processor count (hotspot's jfrThreadCPULoadEvent.cpp); so the CPU time is the load times the processors
 * times that wall-clock time, which this collector rebuilds from the events: every instant at which some thread has
 * an event is a periodic pass, but for a thread's own event as it ends (just after its jdk.ThreadEnd); an interval
 * starts at the pass before, the thread's start (jdk.ThreadStart) or the recording's start, whichever is last.
 *
 * <p>Only Java threads have the event (the JIT's compiler threads are Java threads in HotSpot; the GC's threads, the
 * VM thread and JFR's sampler are not), and a thread's time after its last event is in none: the renderer puts both
 * in a row of their own. Threads are given roles by their names as perfstat's agent gives them ({@link ThreadRoles}).
 */
final class ThreadCpuLoadCollector implements Collector {
    /** One event: when, whose, and its load (user + system, a fraction of all processors). */
    record Load(long atNs, long threadId, String name, double load) {
    }

    private final List<Load> loads = new ArrayList<>();
    private final Map<Long, Long> threadStartNs = new HashMap<>();
    private final Map<Long, Long> threadEndNs = new HashMap<>();
    private long recordingStartNs = Long.MAX_VALUE;
    private int hwThreads;
    private int effectiveCpus;

    @Override
    public void register(Handlers h) {
        h.on(JdkEvent.THREAD_CPU_LOAD.type(), this::load);
        h.on("jdk.ThreadStart", e -> {
            RecordedThread t = e.getThread("thread");
            if (t != null) {
                threadStartNs.merge(t.getJavaThreadId(), ns(e.getStartTime()), Math::min);
            }
        });
        h.on("jdk.ThreadEnd", e -> {
            RecordedThread t = e.getThread("thread");
            if (t != null) {
                threadEndNs.merge(t.getJavaThreadId(), ns(e.getStartTime()), Math::max);
            }
        });
        // written as a recording starts (each chunk repeats them): the first is the recording's start
        h.on("jdk.ActiveSetting", e -> recordingStartNs = Math.min(recordingStartNs, ns(e.getStartTime())));
        h.on("jdk.CPUInformation", e -> hwThreads = e.hasField("hwThreads") ? e.getInt("hwThreads") : hwThreads);
        h.on("jdk.ContainerConfiguration", e -> effectiveCpus = e.hasField("effectiveCpuCount")
                ? (int) e.getLong("effectiveCpuCount") : effectiveCpus);
    }

    private void load(RecordedEvent e) {
        RecordedThread t = e.getThread("eventThread");
        if (t == null) {
            return;
        }
        String name = t.getOSName() != null ? t.getOSName() : t.getJavaName();
        loads.add(new Load(ns(e.getStartTime()), t.getJavaThreadId(), name, e.getFloat("user") + e.getFloat("system")));
    }

    /**
     * The estimated CPU time by role, {@link RunData.Roles#NONE} where the recording has no jdk.ThreadCPULoad or does
     * not say how many processors the loads are shares of.
     */
    RunData.Roles result() {
        int cpus = effectiveCpus > 0 ? effectiveCpus : hwThreads;
        if (loads.isEmpty() || cpus <= 0) {
            return RunData.Roles.NONE;
        }
        long start = recordingStartNs != Long.MAX_VALUE ? recordingStartNs
                : loads.stream().mapToLong(Load::atNs).min().orElse(0);
        long[] passes = passes(loads, threadEndNs);
        long periodNs = periodNs(passes);
        Map<ThreadRole, double[]> ns = new EnumMap<>(ThreadRole.class);
        Map<ThreadRole, Set<Long>> threads = new EnumMap<>(ThreadRole.class);
        for (Load l : loads) {
            long from = Math.max(start, intervalStart(passes, l.atNs(), periodNs));
            Long started = threadStartNs.get(l.threadId());
            if (started != null && started < l.atNs()) {
                from = Math.max(from, started);
            }
            ThreadRole role = ThreadRoles.of(l.name());
            ns.computeIfAbsent(role, r -> new double[1])[0] += l.load() * cpus * Math.max(0, l.atNs() - from);
            threads.computeIfAbsent(role, r -> new HashSet<>()).add(l.threadId());
        }
        String source = JdkEvent.THREAD_CPU_LOAD.type();
        List<RunData.RoleCount> counts = new ArrayList<>();
        ns.forEach((role, v) -> counts.add(new RunData.RoleCount(role, Math.round(v[0]), -1, -1, threads.get(role).size(),
                source)));
        return new RunData.Roles(counts, null, new RunData.Estimate(periodNs, cpus, loads.size()));
    }

    /**
     * The periodic passes: the instants of the events, but for each ending thread's own (written as it ends, just
     * after its jdk.ThreadEnd, by {@code endNs}: within {@link #AT_END_NS}); where the recording lacks jdk.ThreadEnd,
     * every instant.
     */
    static long[] passes(List<Load> loads, Map<Long, Long> endNs) {
        TreeSet<Long> at = new TreeSet<>();
        for (Load l : loads) {
            Long end = endNs.get(l.threadId());
            if (end == null || l.atNs() < end || l.atNs() - end > AT_END_NS) {
                at.add(l.atNs());
            }
        }
        return at.stream().mapToLong(Long::longValue).toArray();
    }

    /** How soon after its jdk.ThreadEnd a thread's last jdk.ThreadCPULoad comes (the same call of the JDK's). */
    private static final long AT_END_NS = 10_000_000L;

    /**
     * Where the interval of an event at {@code atNs} starts: the pass before it; where that lies over one and a half
     * periods back (a pass in which no thread ran 1 ms has no event), one period back; Long.MIN_VALUE before any pass.
     */
    static long intervalStart(long[] passes, long atNs, long periodNs) {
        long before = Long.MIN_VALUE;
        for (long p : passes) {
            if (p >= atNs) {
                break;
            }
            before = p;
        }
        if (before != Long.MIN_VALUE && periodNs > 0 && atNs - before > periodNs * 3 / 2) {
            return atNs - periodNs;
        }
        return before;
    }

    /**
     * The period the passes were made at: the median gap between two passes, to the second from one second up (the
     * JDK's periodic thread runs late by up to a few hundred ms on a loaded machine), else to 10 ms; 0 below two
     * passes.
     */
    static long periodNs(long[] passes) {
        if (passes.length < 2) {
            return 0;
        }
        long[] gaps = new long[passes.length - 1];
        for (int i = 1; i < passes.length; i++) {
            gaps[i - 1] = passes[i] - passes[i - 1];
        }
        java.util.Arrays.sort(gaps);
        long median = gaps[gaps.length / 2];
        long unit = median >= 1_000_000_000L ? 1_000_000_000L : 10_000_000L;
        return Math.max(unit, Math.round((double) median / unit) * unit);
    }

    private static long ns(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }
}

package perfstat.cli.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;
import perfstat.agent.Agent;
import perfstat.agent.counters.EventSpec;
import perfstat.format.ProbeNames;
import perfstat.format.RecordingFormat;
import perfstat.format.ThreadRole;

/**
 * The profiler's role inside a forked JVM, where the host's options put perfstat's agent: the
 * agent's counts read as each measurement iteration begins and ends (never in warm-up), as JMH
 * secondary results per operation ({@code task-clock/op}, ..., {@code Class::method calls/op}),
 * task-clock by thread role per operation ({@code task-clock:gc/op}, ...) where task-clock is
 * counted and the threads can be read one by one, each probe's p50 and p99 over the iteration's timed calls ({@link ProbePercentileResult}),
 * and a {@link JmhIterationEvent} with the iteration's score in the fork's recording. Without
 * the agent (a warm-up fork, or {@code -f 0}) it reports nothing. JMH makes one profiler per
 * fork, so this state is the fork's.
 */
final class JmhFork {
    /** Set in each fork's JVM options by the host, so that a profiler made there knows it is in a fork. */
    private static final String PROPERTY = "perfstat.jmh.fork";
    /** A role's result is {@code task-clock:gc/op}: the key perfstat's role rows have ({@code task-clock:gc}), per operation. */
    private static final String ROLE_PREFIX = "task-clock:";
    /** The counts as the measurement iteration began, or null outside one. */
    private Agent.Counts start;
    /** The probes' latency histograms as the measurement iteration began. */
    private Map<String, Histogram> startLatencies;
    /** The measurement iteration running, as an event, and how many have run. */
    private JmhIterationEvent iterationEvent;
    private int iterations;
    private boolean saidNotCounted;
    /** Whether to read task-clock by thread role: task-clock is among the events asked for. */
    private final boolean roles;

    JmhFork(boolean roles) {
        this.roles = roles;
    }

    /** Whether this JVM is a fork the host started (it is not with {@code -f 0}). */
    static boolean inFork() {
        return System.getProperty(PROPERTY) != null;
    }

    /** The JVM option that tells a fork it is one: its number among the measurement forks, or {@code warmup}. */
    static String marker(String fork) {
        return "-D" + PROPERTY + "=" + fork;
    }

    void beforeIteration(IterationParams iterationParams) {
        boolean measured = iterationParams.getType() == IterationType.MEASUREMENT;
        start = measured ? Agent.counts(roles) : null;
        startLatencies = measured ? Agent.probeLatencies() : null;
        if (measured && !start.isEmpty()) {
            iterationEvent = new JmhIterationEvent();
            iterationEvent.begin();
        }
    }

    List<Result> afterIteration(BenchmarkParams benchmarkParams, IterationResult result) {
        if (start == null) {
            return List.of(); // warm-up: not counted
        }
        Agent.Counts end = Agent.counts(roles);
        if (!saidNotCounted) { // where nothing is counted (events=cycles,instructions without a PMU) most of all
            saidNotCounted = true;
            notCountedLines(Agent.notCounted(), end.rolesNote()).forEach(System.out::println);
        }
        if (end.isEmpty()) {
            return List.of();
        }
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getMeasuredOps();
        commitIteration(benchmarkParams, result, ops);
        List<Result> out = new ArrayList<>(counterResults(start, end, ops));
        out.addAll(latencyResults(startLatencies, Agent.probeLatencies()));
        return out;
    }

    /**
     * The fork's lines, said once, on what it cannot count: each event not counted, with why, and why task-clock is not
     * split by thread role ({@code rolesNote}, null where it is split or was not asked for).
     */
    static List<String> notCountedLines(Map<String, String> notCounted, String rolesNote) {
        List<String> out = new ArrayList<>();
        notCounted.forEach((event, why) -> out.add("perfstat: " + event + " not counted here (" + why + ")"));
        if (rolesNote != null) {
            out.add("perfstat: task-clock not split by thread role here (" + rolesNote + "): no task-clock:ROLE/op results");
        }
        return out;
    }

    /** The iteration's score into the fork's recording, so that a diff of two runs' recordings has it. */
    private void commitIteration(BenchmarkParams params, IterationResult result, long ops) {
        JmhIterationEvent e = iterationEvent;
        iterationEvent = null;
        if (e == null || result.getPrimaryResult() == null) {
            return;
        }
        e.end();
        e.formatVersion = RecordingFormat.VERSION;
        e.benchmark = params.getBenchmark();
        e.params = String.join(",", BenchmarkNames.paramValues(params));
        e.mode = params.getMode().shortLabel();
        e.threads = params.getThreads();
        e.iteration = ++iterations;
        e.score = result.getPrimaryResult().getScore();
        e.scoreUnit = result.getPrimaryResult().getScoreUnit();
        e.higherIsBetter = params.getMode() == Mode.Throughput;
        e.operations = ops;
        e.commit();
    }

    /**
     * Each count's growth over the iteration, per operation where the iteration measured any:
     * perf's events by their names (modifiers such as {@code :u} dropped), task-clock by thread
     * role as {@code task-clock:ROLE} (ns; the role keys of perfstat's other rows: application, gc,
     * jit, jvm-runtime, observer, and ended where the source has that rest), each probe as
     * {@code Class::method calls}. A role is reported where both reads have it.
     */
    static List<Result> counterResults(Agent.Counts start, Agent.Counts end, long ops) {
        List<Result> out = new ArrayList<>();
        for (Map.Entry<String, Double> e : end.events().entrySet()) {
            Double before = start.events().get(e.getKey());
            if (before != null) {
                String name = EventSpec.baseName(e.getKey());
                out.add(result(name, e.getValue() - before, EventSpec.isClock(name) ? "ns" : "#", ops));
            }
        }
        for (Map.Entry<ThreadRole, Long> e : end.roleTaskClockNs().entrySet()) {
            Long before = start.roleTaskClockNs().get(e.getKey());
            if (before != null) {
                out.add(result(ROLE_PREFIX + e.getKey().text(), e.getValue() - before, "ns", ops));
            }
        }
        for (Map.Entry<String, Long> e : end.probeCalls().entrySet()) {
            Long before = start.probeCalls().get(e.getKey());
            if (before != null) {
                out.add(result(ProbeNames.simple(e.getKey()) + " calls", e.getValue() - before, "#", ops));
            }
        }
        return out;
    }

    private static Result result(String name, double delta, String unit, long ops) {
        return ops > 0 ? new ScalarResult(name + "/op", delta / ops, unit + "/op", AggregationPolicy.AVG)
                : new ScalarResult(name, delta, unit, AggregationPolicy.AVG);
    }

    /**
     * Each probe's p50 and p99 over the calls timed in the iteration (ns), where it timed any:
     * the latencies at its end less those at its start, as results that JMH merges across
     * iterations and forks.
     */
    static List<Result> latencyResults(Map<String, Histogram> start, Map<String, Histogram> end) {
        List<Result> out = new ArrayList<>();
        if (start == null) {
            return out;
        }
        for (Map.Entry<String, Histogram> e : end.entrySet()) {
            Histogram h = e.getValue().copy();
            Histogram before = start.get(e.getKey());
            try {
                if (before != null) {
                    h.subtract(before);
                }
            } catch (RuntimeException x) {
                continue; // a histogram that cannot be subtracted gives no percentiles rather than wrong ones
            }
            if (h.getTotalCount() > 0) {
                String name = ProbeNames.simple(e.getKey());
                out.add(new ProbePercentileResult(name + " p50", 50, h));
                out.add(new ProbePercentileResult(name + " p99", 99, h));
            }
        }
        return out;
    }

}

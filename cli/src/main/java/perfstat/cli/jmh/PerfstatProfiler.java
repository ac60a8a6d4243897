package perfstat.cli.jmh;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;
import perfstat.agent.Agent;
import perfstat.agent.AgentOptions;

/**
 * {@code -prof perfstat}: perfstat's agent in every fork (JMH adds it to the fork's JVM options),
 * and its counts read at the start and end of each measurement iteration (never warm-up), as
 * JMH secondary results per operation: {@code task-clock/op} (ns), {@code context-switches/op},
 * {@code page-faults/op}, ... and {@code Class::method calls/op} for each probe, with the
 * probe's p50 and p99 over the iteration's timed calls. Each measurement fork also writes a
 * recording ({@code <benchmark>-<params>-fork<N>.jfr}) holding its iterations' scores
 * ({@link JmhIterationEvent}), which {@code perfstat diff before/ after/} compares benchmark by
 * benchmark. A fork that dies is named on the console and by a {@code .died} file beside
 * where its recording would be; warm-up forks run without the agent.
 *
 * <pre>-prof "perfstat:events=task-clock,page-faults;probes=com.example.Foo::bar,com.example.Baz;dir=results"</pre>
 */
public class PerfstatProfiler implements InternalProfiler, ExternalProfiler {
    private static final String HELP = "perfstat's JMH profiler. Options, separated by ';': events=EVENT,... (perf's names;"
            + " default task-clock,context-switches,cpu-migrations,page-faults), probes=PATTERN,... (JEP 520 patterns),"
            + " probeset=NAME,... (perfstat's built-in sets: writepath, rwsem, ...),"
            + " dir=DIR (where each fork's recording goes; default perfstat-jmh), help";
    private static final List<String> DEFAULT_EVENTS = List.of("task-clock", "context-switches", "cpu-migrations", "page-faults");
    /** Forks so far per benchmark and parameter set, for the recordings' names (the host JVM's). */
    private static final Map<String, AtomicInteger> FORKS = new ConcurrentHashMap<>();
    /** The host's measurement fork started last whose trial has not ended, or null (see {@link #checkPending}). */
    private static PendingFork pending;
    private static boolean hookAdded;

    /** A measurement fork started by the host, and the recording it should write. */
    private record PendingFork(String benchmark, int fork, Path recording) {
    }

    private final AgentOptions agent;
    private final Path dir;
    /** In the fork: the counts as the iteration began. */
    private Map<String, Double> start;
    /** In the fork: the probes' latency histograms as the iteration began. */
    private Map<String, org.HdrHistogram.Histogram> startLatencies;
    /** In the fork: the measurement iteration running, as an event, and how many have run. */
    private JmhIterationEvent iterationEvent;
    private int iterations;
    private boolean saidNotCounted;

    public PerfstatProfiler(String options) throws ProfilerException {
        List<String> events = DEFAULT_EVENTS;
        List<String> probes = new ArrayList<>();
        List<String> probeSets = new ArrayList<>();
        Path out = Path.of("perfstat-jmh");
        for (String part : options == null ? new String[0] : options.split(";")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            if (p.equals("help")) {
                throw new ProfilerException(HELP);
            }
            int eq = p.indexOf('=');
            String key = eq < 0 ? p : p.substring(0, eq).trim();
            String value = eq < 0 ? "" : p.substring(eq + 1).trim();
            switch (key) {
                case "events" -> events = List.of(value.split(","));
                case "probes" -> probes = List.of(value.split(","));
                case "probeset" -> probeSets = List.of(value.split(","));
                case "dir" -> out = Path.of(value);
                default -> throw new ProfilerException("perfstat: unknown option '" + key + "' (events, probes, probeset, dir, help)");
            }
        }
        try {
            AgentOptions.Builder b = AgentOptions.builder().probes(probes).eventNames(events);
            probeSets.forEach(b::probeSet);
            AgentOptions o = b.build();
            o.filters(); // the probe patterns checked here, before any fork starts
            this.agent = o;
        } catch (AgentOptions.BadOption e) {
            throw new ProfilerException("perfstat: " + e.getMessage());
        }
        this.dir = out;
        if (System.getProperty(FORK_PROPERTY) == null) { // the host: the forks only read their options
            refuseOldRecordings(out);
        }
    }

    private static final java.util.Set<Path> CHECKED_DIRS = ConcurrentHashMap.newKeySet();

    /** Set in each fork's JVM options, so that a profiler made there knows it is in a fork. */
    private static final String FORK_PROPERTY = "perfstat.jmh.fork";

    /**
     * A directory that already holds recordings would mix two runs in one configuration (and a
     * fork's recording would overwrite one of the earlier run's): refused before the run.
     */
    private static void refuseOldRecordings(Path dir) throws ProfilerException {
        // JMH makes a profiler again for every benchmark: only the first, before the run, looks
        if (!CHECKED_DIRS.add(dir.toAbsolutePath().normalize()) || !Files.isDirectory(dir)) {
            return;
        }
        try (var s = Files.list(dir)) {
            if (s.anyMatch(f -> f.getFileName().toString().endsWith(".jfr") || f.getFileName().toString().endsWith(".died"))) {
                throw new ProfilerException("perfstat: " + dir + " already holds recordings of an earlier run;"
                        + " give each run its own directory (dir=...) or remove them");
            }
        } catch (java.io.IOException e) {
            throw new ProfilerException("perfstat: cannot read " + dir + ": " + e.getMessage());
        }
    }

    @Override
    public String getDescription() {
        return "perfstat: perf's counters (task-clock, context switches, page faults, ...) and probe calls per operation,"
                + " without perf, and a recording per benchmark for perfstat diff";
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        checkPending();
        String name = recordingName(params);
        int fork = FORKS.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet() - params.getWarmupForks();
        if (fork <= 0) {
            return List.of("-D" + FORK_PROPERTY + "=warmup"); // JMH discards a warm-up fork's results: no agent, no recording
        }
        Path file = dir.toAbsolutePath().resolve(name + "-fork" + fork + ".jfr");
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("perfstat: cannot create " + dir + ": " + e.getMessage(), e);
        }
        synchronized (PerfstatProfiler.class) {
            pending = new PendingFork(params.getBenchmark(), fork, file);
            if (!hookAdded) {
                hookAdded = true;
                Runtime.getRuntime().addShutdownHook(new Thread(PerfstatProfiler::checkPending, "perfstat-jmh-forks"));
            }
        }
        List<String> opts = new ArrayList<>();
        opts.add("-D" + FORK_PROPERTY + "=" + fork);
        if (Runtime.version().feature() >= 22) {
            opts.add("--enable-native-access=ALL-UNNAMED"); // perf_event_open through FFM in the fork
        }
        opts.add("-javaagent:" + selfJar() + "=" + agent.toBuilder().out(file.toString()).buildOrThrow().format());
        return opts;
    }

    /** The benchmark and its parameters as a file name: {@code com.example.MyBench.run-size=10}. */
    static String recordingName(BenchmarkParams params) {
        StringBuilder b = new StringBuilder(params.getBenchmark());
        paramValues(params).forEach(kv -> b.append('-').append(kv));
        return b.toString().replaceAll("[^A-Za-z0-9._=-]", "_");
    }

    /** The benchmark's @Param values as {@code key=value}, in JMH's order. */
    private static List<String> paramValues(BenchmarkParams params) {
        List<String> kv = new ArrayList<>();
        for (String k : params.getParamsKeys()) {
            kv.add(k + "=" + params.getParam(k));
        }
        return kv;
    }

    private static String selfJar() {
        try {
            return Path.of(PerfstatProfiler.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        synchronized (PerfstatProfiler.class) {
            pending = null; // JMH calls this only for a fork that ran to its end
        }
        return List.of();
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    /**
     * A measurement fork whose trial never ended died (JMH then drops the benchmark's results,
     * or, with -foe, the run): says so, and leaves a {@code .died} file beside its recording,
     * which {@code perfstat diff} reports and by which it leaves out what the fork may have
     * written. The other forks' recordings stand.
     */
    private static synchronized void checkPending() {
        PendingFork p = pending;
        pending = null;
        if (p == null) {
            return;
        }
        String file = p.recording().getFileName().toString();
        String line = "fork " + p.fork() + " of " + p.benchmark() + " died before its trial ended; "
                + (size(p.recording()) > 0 ? file + " holds only what it wrote until then" : "it wrote no recording")
                + " (perfstat diff leaves it out)";
        System.out.println("perfstat: " + line);
        try {
            Files.writeString(p.recording().resolveSibling(file.substring(0, file.length() - ".jfr".length()) + ".died"), line + "\n");
        } catch (java.io.IOException | RuntimeException e) {
            System.out.println("perfstat: cannot mark the dead fork in " + p.recording().getParent() + ": " + e.getMessage());
        }
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        boolean measured = iterationParams.getType() == IterationType.MEASUREMENT;
        start = measured ? Agent.counts() : null;
        startLatencies = measured ? Agent.probeLatencies() : null;
        if (measured && start != null && !start.isEmpty()) {
            iterationEvent = new JmhIterationEvent();
            iterationEvent.begin();
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        if (start == null) {
            return List.of(); // warm-up: not counted
        }
        Map<String, Double> end = Agent.counts();
        if (end.isEmpty()) {
            return List.of();
        }
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getMeasuredOps();
        commitIteration(benchmarkParams, result, ops);
        if (!saidNotCounted) {
            saidNotCounted = true;
            Agent.notCounted().forEach((event, why) -> System.out.println("perfstat: " + event + " not counted here (" + why + ")"));
        }
        List<Result> out = new ArrayList<>();
        for (Map.Entry<String, Double> e : end.entrySet()) {
            Double before = start.get(e.getKey());
            if (before == null) {
                continue;
            }
            double delta = e.getValue() - before;
            boolean probe = e.getKey().startsWith("probe:");
            String name = probe ? shortName(e.getKey().substring("probe:".length())) + " calls" : baseName(e.getKey());
            String unit = name.equals("task-clock") || name.equals("cpu-clock") ? "ns" : "#";
            if (ops > 0) {
                out.add(new ScalarResult(name + "/op", delta / ops, unit + "/op", AggregationPolicy.AVG));
            } else {
                out.add(new ScalarResult(name, delta, unit, AggregationPolicy.AVG));
            }
        }
        latencies(out);
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
        e.formatVersion = perfstat.format.RecordingFormat.VERSION;
        e.benchmark = params.getBenchmark();
        e.params = String.join(",", paramValues(params));
        e.mode = params.getMode().shortLabel();
        e.threads = params.getThreads();
        e.iteration = ++iterations;
        e.score = result.getPrimaryResult().getScore();
        e.scoreUnit = result.getPrimaryResult().getScoreUnit();
        e.higherIsBetter = params.getMode() == org.openjdk.jmh.annotations.Mode.Throughput;
        e.operations = ops;
        e.commit();
    }

    /** Each probe's p50 and p99 over the calls timed in the iteration (ns), where it timed any. */
    private void latencies(List<Result> out) {
        if (startLatencies == null) {
            return;
        }
        for (Map.Entry<String, org.HdrHistogram.Histogram> e : Agent.probeLatencies().entrySet()) {
            org.HdrHistogram.Histogram h = e.getValue();
            org.HdrHistogram.Histogram before = startLatencies.get(e.getKey());
            try {
                if (before != null) {
                    h.subtract(before);
                }
            } catch (RuntimeException x) {
                continue; // a histogram that cannot be subtracted gives no percentiles rather than wrong ones
            }
            if (h.getTotalCount() > 0) {
                String name = shortName(e.getKey());
                out.add(new ScalarResult(name + " p50", h.getValueAtPercentile(50), "ns", AggregationPolicy.AVG));
                out.add(new ScalarResult(name + " p99", h.getValueAtPercentile(99), "ns", AggregationPolicy.AVG));
            }
        }
    }

    private static String baseName(String event) {
        return event.endsWith(":u") ? event.substring(0, event.length() - 2) : event;
    }

    /** {@code pkg.Class::method} as {@code Class::method}. */
    private static String shortName(String probe) {
        int sep = probe.indexOf("::");
        String cls = sep < 0 ? probe : probe.substring(0, sep);
        return cls.substring(cls.lastIndexOf('.') + 1) + (sep < 0 ? "" : probe.substring(sep));
    }
}

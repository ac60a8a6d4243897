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
 * {@code page-faults/op}, ... and {@code Class::method calls/op} for each probe. Each fork also
 * writes a recording, one name per benchmark and parameter set, that {@code perfstat diff} reads.
 *
 * <pre>-prof "perfstat:events=task-clock,page-faults;probes=com.example.Foo::bar,com.example.Baz;dir=results"</pre>
 */
public class PerfstatProfiler implements InternalProfiler, ExternalProfiler {
    private static final String HELP = "perfstat's JMH profiler. Options, separated by ';': events=EVENT,... (perf's names;"
            + " default task-clock,context-switches,cpu-migrations,page-faults), probes=PATTERN,... (JEP 520 patterns),"
            + " dir=DIR (where each fork's recording goes; default perfstat-jmh), help";
    private static final List<String> DEFAULT_EVENTS = List.of("task-clock", "context-switches", "cpu-migrations", "page-faults");
    /** Forks so far per benchmark and parameter set, for the recordings' names (the host JVM's). */
    private static final Map<String, AtomicInteger> FORKS = new ConcurrentHashMap<>();

    private final AgentOptions agent;
    private final Path dir;
    /** In the fork: the counts as the iteration began. */
    private Map<String, Double> start;
    private boolean saidNotCounted;

    public PerfstatProfiler(String options) throws ProfilerException {
        List<String> events = DEFAULT_EVENTS;
        List<String> probes = new ArrayList<>();
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
                case "dir" -> out = Path.of(value);
                default -> throw new ProfilerException("perfstat: unknown option '" + key + "' (events, probes, dir, help)");
            }
        }
        try {
            AgentOptions o = AgentOptions.builder().probes(probes).eventNames(events).build();
            o.filters(); // the probe patterns checked here, before any fork starts
            this.agent = o;
        } catch (AgentOptions.BadOption e) {
            throw new ProfilerException("perfstat: " + e.getMessage());
        }
        this.dir = out;
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
        String name = recordingName(params);
        int fork = FORKS.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet();
        Path file = dir.toAbsolutePath().resolve(name + "-fork" + fork + ".jfr");
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("perfstat: cannot create " + dir + ": " + e.getMessage(), e);
        }
        List<String> opts = new ArrayList<>();
        if (Runtime.version().feature() >= 22) {
            opts.add("--enable-native-access=ALL-UNNAMED"); // perf_event_open through FFM in the fork
        }
        opts.add("-javaagent:" + selfJar() + "=" + agent.toBuilder().out(file.toString()).buildOrThrow().format());
        return opts;
    }

    /** The benchmark and its parameters as a file name: {@code com.example.MyBench.run-size=10}. */
    static String recordingName(BenchmarkParams params) {
        StringBuilder b = new StringBuilder(params.getBenchmark());
        for (String k : params.getParamsKeys()) {
            b.append('-').append(k).append('=').append(params.getParam(k));
        }
        return b.toString().replaceAll("[^A-Za-z0-9._=-]", "_");
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
        return List.of();
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
        start = iterationParams.getType() == IterationType.MEASUREMENT ? Agent.counts() : null;
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
        if (!saidNotCounted) {
            saidNotCounted = true;
            Agent.notCounted().forEach((event, why) -> System.out.println("perfstat: " + event + " not counted here (" + why + ")"));
        }
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getMeasuredOps();
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
        return out;
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

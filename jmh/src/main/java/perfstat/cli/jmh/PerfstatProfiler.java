package perfstat.cli.jmh;

import java.io.File;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import perfstat.agent.counters.EventSpec;

/**
 * {@code -prof perfstat}: perfstat's agent in every measurement fork, and its counts per
 * operation as JMH secondary results ({@code task-clock/op} (ns), {@code context-switches/op},
 * {@code page-faults/op}, ..., task-clock by thread role ({@code task-clock:gc/op}, {@code task-clock:jit/op}, ...),
 * {@code Class::method calls/op} and the probe's p50 and p99 over
 * the timed calls); each measurement fork also writes a recording holding its iterations'
 * scores, which {@code perfstat diff before/ after/} compares benchmark by benchmark.
 *
 * <p>JMH knows a profiler as one class that it makes in the host and again in each fork, and
 * calls as an {@link ExternalProfiler} in the host and as an {@link InternalProfiler} in the
 * fork. This class parses the options ({@link ProfilerOptions}) and hands each call to the
 * role it belongs to: {@link JmhHost} (forks' JVM options, recordings, dead forks) or
 * {@link JmhFork} (counts at iteration boundaries, the iteration events).
 *
 * <pre>-prof "perfstat:events=task-clock,page-faults;probes=com.example.Foo::bar,com.example.Baz;dir=results"</pre>
 */
public class PerfstatProfiler implements InternalProfiler, ExternalProfiler {
    private final JmhHost host;
    private final JmhFork fork;

    public PerfstatProfiler(String initLine) throws ProfilerException {
        this(initLine, true);
    }

    /**
     * @param used whether this profiler is the one a run uses ({@code -prof perfstat[:OPTIONS]}, which JMH makes with the
     *             options), and so checks its directory; not one JMH's service lookup makes without options for its
     *             listing ({@code -lprof}) and to find profilers by name, which made every run refuse to start, whatever
     *             its {@code dir=}, once the default directory held recordings
     */
    protected PerfstatProfiler(String initLine, boolean used) throws ProfilerException {
        ProfilerOptions options = ProfilerOptions.parse(initLine);
        this.host = new JmhHost(options);
        this.fork = new JmhFork(options.agent().events().stream().anyMatch(e -> EventSpec.baseName(e.name()).equals("task-clock")));
        if (used && !JmhFork.inFork()) { // the host: a fork only reads its options
            host.refuseOldRecordings();
        }
    }

    @Override
    public String getDescription() {
        return "perfstat: perf's counters (task-clock, by thread role too: GC, JIT, ...; context switches, page faults, ...)"
                + " and probe calls per operation,"
                + " without perf, and a recording per benchmark for perfstat diff";
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return host.forkOptions(params);
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        host.trialEnded();
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
        fork.beforeIteration(iterationParams);
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        return fork.afterIteration(benchmarkParams, result);
    }
}

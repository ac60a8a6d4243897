package perfstat.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * One call of {@link Target#work} per operation on each of many threads (JMH's {@code -t}, or
 * {@link ProbeThreads}, which runs 1, 2, 64 and 1,000): with the agent probing the method, what
 * a probe costs when there are more threads than the probe runtime has stripes (256), so that
 * most threads count elsewhere than in a stripe of their own.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProbeThreadsBenchmark {
    private long x;

    @Benchmark
    public long call() {
        return Target.work(x++);
    }
}

package perfstat.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A test fixture for JmhProfilerIT, not a measurement: the fork that {@code -prof perfstat}
 * numbers 2 ends its JVM abruptly at its first measurement iteration (as a crash would: no
 * shutdown hooks, so no recording), so that the test sees the profiler name the dead fork and
 * {@code perfstat diff} keep the others. Without {@code -prof perfstat} no fork dies.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DyingForkBenchmark {
    private long x;

    @Setup(Level.Iteration)
    public void maybeDie() {
        if ("2".equals(System.getProperty("perfstat.jmh.fork"))) {
            Runtime.getRuntime().halt(3);
        }
    }

    @Benchmark
    public long work() {
        return Target.work(x++);
    }
}

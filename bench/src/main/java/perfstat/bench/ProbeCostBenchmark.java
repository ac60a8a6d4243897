package perfstat.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** One call of {@link Target#work}; what the JVM around it carries (agent, JEP 520 timing) is {@link ProbeCost}'s choice. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProbeCostBenchmark {
    private long x;

    @Benchmark
    public long call() {
        return Target.work(x++);
    }

    /** A back-to-back pair of clock reads: what timing one call costs at the least. */
    @Benchmark
    public long timerPair() {
        return System.nanoTime() - System.nanoTime();
    }
}

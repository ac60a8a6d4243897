package perfstat.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One call of {@link Target#work} per operation on each of many threads (JMH's {@code -t}, or
 * {@link ProbeThreads}, which runs 1, 2, 64 and 1,000): with the agent probing the method, what
 * a probe costs when there are more threads than the probe runtime has stripes (256), so that
 * most threads count elsewhere than in a stripe of their own.
 *
 * <p>With more threads than CPUs, JMH's time per operation is mostly the time a thread waits
 * for a CPU, and how much depends on how the scheduler slices (JMH's iteration barrier never
 * opens for 1,000 spinning threads on two CPUs, so {@link ProbeThreads} runs without it).
 * {@link Cpu} therefore also counts, per thread, the calls made and the CPU time spent making
 * them (user and system, from {@link ThreadMXBean}); summed over the threads, their ratio is
 * the CPU time of one call, whatever the number of threads.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProbeThreadsBenchmark {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private long x;

    /** Per thread and iteration: calls made and CPU nanoseconds spent; JMH sums them over the threads. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Cpu {
        public long calls;
        public long cpuNs;
        private long startNs;

        @Setup(Level.Iteration)
        public void start() {
            calls = 0;
            cpuNs = 0;
            startNs = MX.getCurrentThreadCpuTime();
        }

        @TearDown(Level.Iteration)
        public void stop() {
            cpuNs = MX.getCurrentThreadCpuTime() - startNs;
        }
    }

    @Benchmark
    public long call(Cpu cpu) {
        cpu.calls++;
        return Target.work(x++);
    }
}

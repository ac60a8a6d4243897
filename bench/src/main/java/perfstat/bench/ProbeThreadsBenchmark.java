package perfstat.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One call of {@link Target#work} per operation on each of many threads (JMH's {@code -t}, or
 * {@link ProbeThreads}, which runs 1, 2, 64 and 1,000): with the agent probing the method, what
 * a probe costs when there are more threads than the probe runtime has stripes (256), so that
 * most threads count elsewhere than in a stripe of their own. With {@code stripes=taken},
 * {@link Stripes} first has 256 other threads, one per stripe, call the method once and stay
 * alive: every benchmark thread, at any count, then finds its stripe taken by a live thread.
 *
 * <p>With more threads than CPUs, JMH's time per operation is mostly the time a thread waits
 * for a CPU, and how much depends on how the scheduler slices (JMH's iteration barrier did not
 * open within minutes for 1,000 spinning threads on two CPUs, so {@link ProbeThreads} runs without it).
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

    /** Whether the stripes are free for the benchmark's threads, or each held by a live thread of its own. */
    @State(Scope.Benchmark)
    public static class Stripes {
        private static final int STRIPES = 256;

        @Param({"free", "taken"})
        public String stripes;

        private final List<Thread> holders = new ArrayList<>();
        private final CountDownLatch release = new CountDownLatch(1);

        @Setup(Level.Trial)
        @SuppressWarnings("deprecation") // Thread.getId(): the probe runtime's stripe is the id's low byte, as there
        public void take() throws InterruptedException {
            if (!stripes.equals("taken")) {
                return;
            }
            BitSet held = new BitSet(STRIPES);
            while (held.cardinality() < STRIPES) {
                CountDownLatch called = new CountDownLatch(1);
                Thread t = new Thread(() -> {
                    Target.work(1); // the thread's first call of the probed method: it claims its stripe
                    called.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                t.setDaemon(true);
                t.start();
                called.await();
                held.set((int) t.getId() & (STRIPES - 1));
                holders.add(t);
            }
        }

        @TearDown(Level.Trial)
        public void give() throws InterruptedException {
            release.countDown();
            for (Thread t : holders) {
                t.join();
            }
        }
    }

    @Benchmark
    public long call(Cpu cpu, Stripes stripes) {
        cpu.calls++;
        return Target.work(x++);
    }
}

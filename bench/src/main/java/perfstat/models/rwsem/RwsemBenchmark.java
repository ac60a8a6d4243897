package perfstat.models.rwsem;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The rwsem model's lock, per variant: one down and up per operation, for reading and for
 * writing, with no critical section in between. Run with {@code -t 1} (uncontended: the fast
 * paths) and {@code -t 2} (two tasks on two simulated CPUs contend: the slow paths, spinning and
 * sleeping, where the variants differ). In the model's package because the semaphore is the
 * model's own, not an API; this module puts it on the class path beside the models' jar.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RwsemBenchmark {
    @Param({"unpatched", "patched", "3.15"})
    public String variant;

    RwSemaphore sem;

    @Setup(Level.Trial)
    public void create(BenchmarkParams params) {
        sem = new RwSemaphore(RwsemModel.algorithm(variant), Math.max(2, params.getThreads()), new RwsemStats());
    }

    /** A task per benchmark thread, made on that thread (a task is its thread), on the CPU of its index. */
    @State(Scope.Thread)
    public static class OnCpu {
        Task task;

        @Setup(Level.Trial)
        public void start(ThreadParams thread) {
            task = new Task(thread.getThreadIndex(), Task.DEFAULT_SLICE_NS);
        }
    }

    @Benchmark
    public void downUpWrite(OnCpu t) {
        sem.downWrite(t.task);
        sem.upWrite(t.task);
        t.task.preemptionPoint();
    }

    @Benchmark
    public void downUpRead(OnCpu t) {
        sem.downRead(t.task);
        sem.upRead(t.task);
        t.task.preemptionPoint();
    }
}

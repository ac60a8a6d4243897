package perfstat.bench;

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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;
import perfstat.models.writepath.Mount;
import perfstat.models.writepath.Task;
import perfstat.models.writepath.Timekeeping;
import perfstat.models.writepath.Vfs;
import perfstat.models.writepath.WritePathModel;

/**
 * The write-path model's {@code write()}, one 256-byte call per operation, per variant: what
 * fstime does in its loop (rewinding with {@code lseek} every 2000 KB), without the model's
 * runner around it. Each thread writes its own file on one shared mount, on its own simulated
 * CPU; run with {@code -t 2} for two writers.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class WritePathBenchmark {
    private static final int BLOCK = 256;
    private static final int BLOCKS_PER_PASS = 2000 * 1024 / BLOCK;

    @Param({"unpatched", "patched", "piggin", "2.6.18"})
    public String variant;

    Vfs vfs;
    Mount mount;
    private Timekeeping clock;

    @Setup(Level.Trial)
    public void mount(BenchmarkParams params) {
        clock = new Timekeeping();
        vfs = new Vfs(WritePathModel.tracking(variant, params.getThreads()), params.getThreads(), clock);
        mount = vfs.mountNewFilesystem(null);
    }

    @TearDown(Level.Trial)
    public void unmount() {
        clock.close();
    }

    /** One writer: its task (on the CPU of its thread index) and its open file. */
    @State(Scope.Thread)
    public static class Writer {
        Task task;
        int fd;
        int blocks;
        final byte[] buf = new byte[BLOCK];

        @Setup(Level.Trial)
        public void open(WritePathBenchmark b, ThreadParams thread) {
            task = new Task(thread.getThreadIndex());
            fd = b.vfs.open(task, b.mount, "file" + thread.getThreadIndex(), true, (long) BLOCKS_PER_PASS * BLOCK);
            if (fd < 0) {
                throw new IllegalStateException("open failed: " + fd);
            }
        }
    }

    @Benchmark
    public long write(Writer w) {
        long n = vfs.write(w.task, w.fd, w.buf, BLOCK);
        if (++w.blocks == BLOCKS_PER_PASS) {
            w.blocks = 0;
            vfs.lseek(w.task, w.fd, 0);
        }
        return n;
    }
}

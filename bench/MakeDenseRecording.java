import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import jdk.jfr.Recording;

/**
 * Writes a recording dense in the JDK events perfstat reads, for bench/read-speed.sh: execution
 * samples every millisecond, every park and every contended monitor enter (threshold 0, with
 * stack traces), and allocation samples at a high rate, from threads that run deep, varied
 * stacks for SECONDS.
 *
 *   java bench/MakeDenseRecording.java SECONDS OUT.jfr
 */
public class MakeDenseRecording {
    static final Object LOCK = new Object();
    static volatile boolean running = true;
    static volatile Object sink;
    static long shared;
    static final Thread[] PARKERS = new Thread[2];

    public static void main(String[] args) throws Exception {
        long seconds = Long.parseLong(args[0]);
        Path out = Path.of(args[1]);
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
            r.enable("jdk.NativeMethodSample").withPeriod(Duration.ofMillis(20));
            r.enable("jdk.ThreadPark").withThreshold(Duration.ZERO).withStackTrace();
            r.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ZERO).withStackTrace();
            r.enable("jdk.ObjectAllocationSample").with("throttle", "100000/s").withStackTrace();
            r.enable("jdk.CPULoad").withPeriod(Duration.ofSeconds(1));
            r.enable("jdk.GarbageCollection");
            r.enable("jdk.ThreadContextSwitchRate").withPeriod(Duration.ofSeconds(1));
            r.setMaxSize(0);
            r.setToDisk(true);
            r.start();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                int kind = i;
                Thread t = new Thread(() -> {
                    long n = 0;
                    while (running) {
                        n += descend(kind, 3 + (int) Math.floorMod(n, 17L), n);
                    }
                    sink = n;
                }, "dense-" + i);
                threads.add(t);
                if (kind == 2 || kind == 3) {
                    PARKERS[kind - 2] = t;
                }
            }
            threads.forEach(Thread::start);
            Thread.sleep(seconds * 1000);
            running = false;
            for (Thread t : threads) {
                t.join();
            }
            r.stop();
            r.dump(out);
        }
    }

    /** Stacks of varied depth and methods, so that the samples' stack traces differ. */
    static long descend(int kind, int depth, long n) {
        if (depth == 0) {
            return leaf(kind, n);
        }
        return switch (depth % 3) {
            case 0 -> a(kind, depth - 1, n);
            case 1 -> b(kind, depth - 1, n);
            default -> c(kind, depth - 1, n);
        };
    }

    static long a(int kind, int depth, long n) {
        return descend(kind, depth, n + 1);
    }

    static long b(int kind, int depth, long n) {
        return descend(kind, depth, n * 3);
    }

    static long c(int kind, int depth, long n) {
        return descend(kind, depth, n ^ 0x5bd1e995L);
    }

    static long leaf(int kind, long n) {
        switch (kind) {
            case 0, 1 -> { // contended monitor
                synchronized (LOCK) {
                    for (int i = 0; i < 200; i++) {
                        shared += i ^ n;
                    }
                }
                return shared;
            }
            case 2, 3 -> { // parks: two threads hand a turn to each other, each parking until unparked
                Thread other = PARKERS[3 - kind];
                if (other != null) {
                    LockSupport.unpark(other);
                }
                LockSupport.parkNanos(100_000);
                return n;
            }
            default -> { // allocation
                sink = new byte[64 + (int) (n & 1023)];
                return n + 1;
            }
        }
    }
}

package perfstat.itapp;

import java.util.ArrayList;
import java.util.List;

/**
 * What the counter accuracy test measures under both perfstat and perf stat: busy loops on
 * two threads, sleeps (voluntary context switches), page touching (page faults), and
 * threads started in the middle of the run, so that inherited counters must catch them.
 */
public final class CounterWorkload {
    private static volatile long sink;

    public static void main(String[] args) throws Exception {
        long ms = args.length > 0 ? Long.parseLong(args[0]) : 1500;
        Thread other = new Thread(() -> spin(ms), "busy-1");
        other.start();
        spin(ms / 2);
        List<Thread> late = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Thread t = new Thread(() -> {
                touchPages(8 * 1024); // 32 MiB
                sleepy(40);
                spin(ms / 6);
            }, "late-" + i);
            t.start();
            late.add(t);
        }
        sleepy(50);
        touchPages(16 * 1024);
        for (Thread t : late) {
            t.join();
        }
        other.join();
        System.out.println(sink == 42 ? "" : "done");
    }

    private static void spin(long ms) {
        long end = System.nanoTime() + ms * 1_000_000L;
        long x = 1;
        while (System.nanoTime() < end) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        sink += x;
    }

    private static void sleepy(int times) {
        for (int i = 0; i < times; i++) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Touches {@code pages} fresh 4 KiB pages (outside the Java heap's pre-touched part: direct memory). */
    private static void touchPages(int pages) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocateDirect(pages * 4096);
        for (int i = 0; i < pages; i++) {
            b.put(i * 4096, (byte) 1);
        }
        sink += b.get(4096);
    }
}

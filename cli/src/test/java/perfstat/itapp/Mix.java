package perfstat.itapp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A small program of a user's own, for recordings made with plain JFR: four workers (lambdas) that allocate and
 * contend for one lock, and a main thread that writes and reads a file, for MS milliseconds; prints a checksum.
 */
public final class Mix {
    private static final Object LOCK = new Object();
    private static long sink;

    private Mix() {
    }

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args[0]);
        Path f = Files.createTempFile("mix", ".bin");
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Runnable r = () -> {
                while (System.currentTimeMillis() < end) {
                    synchronized (LOCK) {
                        long s = 0;
                        for (int k = 0; k < 200_000; k++) {
                            s += k * 31L ^ s;
                        }
                        sink += s;
                    }
                    List<byte[]> l = new ArrayList<>();
                    for (int k = 0; k < 100; k++) {
                        l.add(new byte[1024]);
                    }
                    sink += l.size();
                }
            };
            Thread t = new Thread(r);
            t.start();
            workers.add(t);
        }
        byte[] buf = new byte[1 << 20];
        while (System.currentTimeMillis() < end) {
            Files.write(f, buf);
            sink += Files.readAllBytes(f).length;
            Thread.sleep(20);
        }
        for (Thread t : workers) {
            t.join();
        }
        Files.delete(f);
        System.out.println(sink);
    }
}

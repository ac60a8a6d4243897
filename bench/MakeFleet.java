import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

/**
 * Writes a fleet of plain JFR recordings for bench/fleet-diff.sh: COUNT recordings, each one window of a
 * workload that allocates, takes contended locks and writes a file, under the JDK's own {@code profile}
 * settings, as a service's periodic dumps are. No two are copies: each window has its own events,
 * samples and times. SLOWER (a fraction, 0 for none) adds that much work to every task, so that a
 * second fleet made with it differs from the first by a known change.
 *
 *   java bench/MakeFleet.java COUNT WINDOW_MS SLOWER OUT_DIR
 */
public class MakeFleet {
    static final Object LOCK = new Object();
    static volatile Object sink;
    static long shared;

    public static void main(String[] args) throws Exception {
        int count = Integer.parseInt(args[0]);
        long windowMs = Long.parseLong(args[1]);
        double slower = Double.parseDouble(args[2]);
        Path dir = Files.createDirectories(Path.of(args[3]));
        Configuration profile = Configuration.getConfiguration("profile");
        Path scratch = Files.createTempFile(dir, "io", ".tmp");
        try {
            for (int i = 0; i < count; i++) {
                try (Recording r = new Recording(profile)) {
                    r.start();
                    long end = System.nanoTime() + windowMs * 1_000_000L;
                    Thread other = new Thread(() -> work(end, slower, scratch, 7));
                    other.start();
                    work(end, slower, scratch, 3);
                    other.join();
                    r.stop();
                    r.dump(dir.resolve(String.format("r%05d.jfr", i)));
                }
            }
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    /** Tasks until {@code end}: maps built and sorted, a lock taken by two threads, a file written now and then. */
    static void work(long end, double slower, Path scratch, int seed) {
        int size = (int) (2_000 * (1 + slower));
        byte[] block = new byte[4096];
        int task = seed;
        while (System.nanoTime() < end) {
            Map<Integer, String> m = new HashMap<>();
            ThreadLocalRandom random = ThreadLocalRandom.current();
            for (int k = 0; k < size; k++) {
                m.put(random.nextInt(), Integer.toString(k));
            }
            List<Integer> keys = new ArrayList<>(m.keySet());
            keys.sort(null);
            sink = keys;
            synchronized (LOCK) {
                for (int k = 0; k < 20_000; k++) {
                    shared += k ^ task;
                }
            }
            if (++task % 16 == 0) {
                try (RandomAccessFile f = new RandomAccessFile(scratch.toFile(), "rw")) {
                    f.write(block);
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }
        }
    }
}

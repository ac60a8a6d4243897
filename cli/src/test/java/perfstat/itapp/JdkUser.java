package perfstat.itapp;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An application that leans on the JDK: N rounds of a HashMap lookup, a ReentrantLock, a
 * String hash and a constructor of its own, two threads at a time; prints a checksum that
 * does not depend on probes.
 */
public final class JdkUser {
    static final class Thing {
        final int x;

        Thing(int x) {
            this.x = x;
        }
    }

    private JdkUser() {
    }

    @Timed
    static long round(Map<String, Integer> m, ReentrantLock lock, int i) {
        lock.lock();
        try {
            return m.get("k" + (i % 100)) + new Thing(i).x + ("x" + i).hashCode();
        } finally {
            lock.unlock();
        }
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            m.put("k" + i, i);
        }
        ReentrantLock lock = new ReentrantLock();
        long[] sums = new long[2];
        Thread[] ts = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int me = t;
            ts[t] = new Thread(() -> {
                for (int i = 0; i < n; i++) {
                    sums[me] += round(m, lock, i);
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        System.out.println("sum=" + (sums[0] + sums[1]));
    }
}

package perfstat.agent;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import perfstat.format.ThreadRoles;
import perfstat.format.ThreadRole;

/**
 * Waits, with a bound, until the JIT compiler threads are idle: their time on a CPU and waiting for one
 * ({@code /proc/self/task/TID/schedstat}, its first two fields, in ns) has not risen for {@link #QUIET_MS}.
 * JFR's start and the agent's queue hundreds of methods for the JIT (JFR's event writers, the FFM
 * linkers, lambdas, the class-file API); compiled after the counters' window opens, they would count
 * as the application's. A thread is the compiler's by its name ({@link ThreadRoles}), which the
 * JVM gives natively. Compiler threads the JVM adds while we wait are seen at the next poll.
 *
 * <p>Where the threads cannot be read (no procfs), it returns at once. Never throws.
 */
final class JitQuiet {
    /** How long the compiler threads' CPU time must stay still to count as idle. */
    static final int QUIET_MS = 20;
    private static final int POLL_MS = 5;
    private static final String TASKS = "/proc/self/task";

    /** A thread id's role, read once: whether it is the compiler's. */
    private final Map<String, Boolean> jit = new HashMap<>();
    private final byte[] buf = new byte[256];

    private JitQuiet() {
    }

    /** Waits at most {@code maxMs} for the compiler threads to be idle; returns the ms waited (0 where {@code maxMs <= 0}). */
    static long await(long maxMs) {
        if (maxMs <= 0) {
            return 0;
        }
        return await(maxMs, new JitQuiet()::jitCpuNs);
    }

    /** As {@link #await(long)}, with the compiler threads' time read by {@code jitNs} (-1: none to wait for). */
    static long await(long maxMs, java.util.function.LongSupplier jitNs) {
        long t0 = System.nanoTime();
        try {
            waitIdle(jitNs, t0, t0 + maxMs * 1_000_000L);
        } catch (RuntimeException | Error e) {
            // the window opens now
        }
        return (System.nanoTime() - t0) / 1_000_000L;
    }

    private static void waitIdle(java.util.function.LongSupplier jitNs, long t0, long deadline) {
        long last = jitNs.getAsLong();
        if (last < 0) {
            return; // no procfs, or no compiler thread: nothing to wait for
        }
        long stillSince = t0;
        while (true) {
            long now = System.nanoTime();
            if (now - stillSince >= QUIET_MS * 1_000_000L || now >= deadline) {
                return;
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long cpu = jitNs.getAsLong();
            if (cpu < 0) {
                return;
            }
            if (cpu != last) { // rising (or a compiler thread ended): not idle yet
                last = cpu;
                stillSince = System.nanoTime();
            }
        }
    }

    /** The compiler threads' time running and runnable, in all, in ns; -1 where the threads cannot be listed or none is the compiler's. */
    private long jitCpuNs() {
        String[] tasks = new File(TASKS).list();
        if (tasks == null) {
            return -1;
        }
        long sum = 0;
        boolean any = false;
        for (String t : tasks) {
            Boolean isJit = jit.get(t);
            if (isJit == null) {
                isJit = ThreadRoles.of(text(TASKS + "/" + t + "/comm")) == ThreadRole.JIT;
                jit.put(t, isJit);
            }
            if (isJit) {
                long ns = runAndWaitNs(TASKS + "/" + t + "/schedstat");
                if (ns >= 0) {
                    sum += ns;
                    any = true;
                }
            }
        }
        return any ? sum : -1;
    }

    private String text(String path) {
        int n = read(path);
        return n <= 0 ? "" : new String(buf, 0, n, StandardCharsets.UTF_8).trim();
    }

    /**
     * A thread's time on the CPU plus its time waiting for one (schedstat's first two fields, ns), or -1: on a loaded
     * machine a compiler thread with work queued waits for a CPU, and that is not idle either.
     */
    private long runAndWaitNs(String path) {
        int n = read(path);
        long sum = 0;
        int i = 0;
        for (int field = 0; field < 2; field++) {
            int start = i;
            long v = 0;
            while (i < n && buf[i] >= '0' && buf[i] <= '9') {
                v = v * 10 + (buf[i] - '0');
                i++;
            }
            if (i == start) {
                return field == 0 ? -1 : sum;
            }
            sum += v;
            i++; // the space between
        }
        return sum;
    }

    private int read(String path) {
        return perfstat.agent.counters.ProcessCounters.readInto(path, buf);
    }
}

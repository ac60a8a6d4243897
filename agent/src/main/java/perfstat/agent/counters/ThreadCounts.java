package perfstat.agent.counters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import perfstat.format.ThreadRole;

/**
 * Each thread's counts from procfs, summed by {@link ThreadRole}: CPU time in nanoseconds
 * ({@code /proc/self/task/TID/schedstat}, its first field), voluntary and involuntary context
 * switches ({@code status}), and its role from its name ({@code comm}, read once per thread).
 * Works on any JDK. Read at the counter reader's interval boundaries ({@link #read}), never per
 * probe call; the counts are deltas from the first read (the counters' opening).
 *
 * <p>A thread that ends keeps its counts up to the last read that saw it, in its role; what it ran
 * after that read is in no role, and the caller accounts for it as the whole process's count less
 * the roles' sum ({@link ThreadRole#ENDED}). A thread that starts later counts from zero.
 *
 * <p>Where the threads cannot be read one by one (no procfs, a hardened {@code /proc}, a kernel
 * without schedstat), {@link #note()} says why and there is no split. Never throws.
 */
final class ThreadCounts {
    /** One role's counts since the opening: CPU ns, voluntary and involuntary switches, threads seen. */
    record RoleCounts(ThreadRole role, long cpuNs, long voluntary, long involuntary, int threads) {
    }

    /** A live thread: its role, its counts when first read (zero for one that started later) and at the last read. */
    private static final class Seen {
        final ThreadRole role;
        final long[] base;
        long[] last;

        Seen(ThreadRole role, long[] base, long[] last) {
            this.role = role;
            this.base = base;
            this.last = last;
        }
    }

    private final Path taskDir;
    private final Map<Integer, Seen> live = new HashMap<>();
    /** Per role: the counts of threads that ended, up to the last read that saw them, and how many. */
    private final Map<ThreadRole, long[]> ended = new EnumMap<>(ThreadRole.class);
    /** Why the threads cannot be read one by one, or null. */
    private String note;
    /** Whether a thread was seen to end (or a thread id to be reused) since the opening. */
    private boolean anyEnded;

    /** Opens on {@code taskDir} ({@code /proc/self/task}): the first read is the window's start. */
    ThreadCounts(Path taskDir) {
        this.taskDir = taskDir;
        read(true);
        if (note == null && live.isEmpty()) {
            note = "no thread's " + taskDir + "/TID/schedstat could be read";
        }
    }

    /** This process's threads. */
    static final Path SELF = Path.of("/proc/self/task");

    /** This process's threads. */
    static ThreadCounts ofSelf() {
        return new ThreadCounts(SELF);
    }

    /** Why there is no split by role, or null where there is one. */
    synchronized String note() {
        return note;
    }

    /** Whether a thread was seen to end since the opening (its CPU after its last read is in no role). */
    synchronized boolean anyEnded() {
        return anyEnded;
    }

    /** Reads every thread's counts now. Never throws. */
    synchronized void read() {
        if (note == null) {
            read(false);
        }
    }

    private void read(boolean opening) {
        Set<Integer> now = new HashSet<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(taskDir)) {
            for (Path t : tasks) {
                readThread(t, opening, now);
            }
        } catch (IOException | RuntimeException e) {
            note = "the threads of " + taskDir + " cannot be listed (" + e.getClass().getSimpleName() + ")";
            return;
        }
        List<Integer> gone = new ArrayList<>();
        for (Integer tid : live.keySet()) {
            if (!now.contains(tid)) {
                gone.add(tid);
            }
        }
        for (Integer tid : gone) {
            retire(live.remove(tid));
        }
    }

    private void readThread(Path t, boolean opening, Set<Integer> now) {
        int tid;
        try {
            tid = Integer.parseInt(t.getFileName().toString());
        } catch (NumberFormatException e) {
            return;
        }
        long[] counts = counts(t);
        if (counts == null) {
            return; // ended while we looked, or unreadable: what it ran is in the ended remainder
        }
        now.add(tid);
        Seen s = live.get(tid);
        if (s != null && counts[0] < s.last[0]) {
            retire(live.remove(tid)); // the id was reused by a new thread
            s = null;
        }
        if (s == null) {
            live.put(tid, new Seen(ThreadRoles.of(name(t)), opening ? counts : new long[3], counts));
        } else {
            s.last = counts;
        }
    }

    private void retire(Seen s) {
        anyEnded = true;
        long[] sum = ended.computeIfAbsent(s.role, r -> new long[4]);
        for (int i = 0; i < 3; i++) {
            sum[i] += s.last[i] - s.base[i];
        }
        sum[3]++;
    }

    /** Per role, in the enum's order (ENDED left out): the counts since the opening, of live and ended threads. */
    synchronized List<RoleCounts> byRole() {
        Map<ThreadRole, long[]> sums = new EnumMap<>(ThreadRole.class);
        for (Map.Entry<ThreadRole, long[]> e : ended.entrySet()) {
            sums.put(e.getKey(), e.getValue().clone());
        }
        for (Seen s : live.values()) {
            long[] sum = sums.computeIfAbsent(s.role, r -> new long[4]);
            for (int i = 0; i < 3; i++) {
                sum[i] += s.last[i] - s.base[i];
            }
            sum[3]++;
        }
        List<RoleCounts> out = new ArrayList<>();
        for (ThreadRole r : ThreadRole.values()) {
            if (r == ThreadRole.ENDED) {
                continue;
            }
            long[] s = sums.getOrDefault(r, new long[4]);
            out.add(new RoleCounts(r, s[0], s[1], s[2], (int) s[3]));
        }
        return out;
    }

    /** The CPU time of every role since the opening, in ns. */
    synchronized long cpuNs() {
        long sum = 0;
        for (RoleCounts r : byRole()) {
            sum += r.cpuNs();
        }
        return sum;
    }

    /** {CPU ns, voluntary, involuntary} of one thread, or null where any of them cannot be read. */
    private static long[] counts(Path t) {
        try {
            String sched = new String(Files.readAllBytes(t.resolve("schedstat")), StandardCharsets.US_ASCII);
            int sp = sched.indexOf(' ');
            long cpu = Long.parseLong(sp < 0 ? sched.trim() : sched.substring(0, sp));
            String status = new String(Files.readAllBytes(t.resolve("status")), StandardCharsets.US_ASCII);
            long vol = field(status, "\nvoluntary_ctxt_switches:");
            long invol = field(status, "\nnonvoluntary_ctxt_switches:");
            return vol < 0 || invol < 0 ? null : new long[] {cpu, vol, invol};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The number after {@code key} in a status file, or -1. */
    private static long field(String status, String key) {
        int at = status.indexOf(key);
        if (at < 0) {
            return -1;
        }
        int from = at + key.length();
        int end = status.indexOf('\n', from);
        return Long.parseLong(status.substring(from, end < 0 ? status.length() : end).trim());
    }

    private static String name(Path t) {
        try {
            return new String(Files.readAllBytes(t.resolve("comm")), StandardCharsets.UTF_8).trim();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}

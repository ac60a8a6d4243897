package perfstat.agent.counters;

import perfstat.format.ThreadRoles;
import java.io.File;
import java.nio.charset.StandardCharsets;
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

    /**
     * A live thread: its role, whether it started after the opening (or is not among the opening's {@code originals}),
     * its counts when first read (zero for one that started later) and at the last read.
     */
    private static final class Seen {
        final ThreadRole role;
        final boolean born;
        final long[] base;
        long[] last;

        Seen(ThreadRole role, boolean born, long[] base, long[] last) {
            this.role = role;
            this.born = born;
            this.base = base;
            this.last = last;
        }
    }

    private static final byte[] VOLUNTARY = "voluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INVOLUNTARY = "nonvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);

    private final Path taskDir;
    /** taskDir as a string, for java.io. */
    private final String dir;
    /** One procfs file at a time (a thread's status is about 1.5 KB). */
    private final byte[] buf = new byte[8192];
    private final Map<Integer, Seen> live = new HashMap<>();
    /** Per role: the counts of threads that ended, up to the last read that saw them, and how many; [0] present at the opening, [1] born later. */
    @SuppressWarnings("unchecked")
    private final Map<ThreadRole, long[]>[] ended = new Map[] {new EnumMap<>(ThreadRole.class), new EnumMap<>(ThreadRole.class)};
    /** The thread ids that count as present at the opening (those another source opened on), or null: every thread listed then. */
    private Set<Integer> originals;
    /** Why the threads cannot be read one by one, or null. */
    private String note;
    /** Whether a thread was seen to end (or a thread id to be reused) since the opening. */
    private boolean anyEnded;
    /** The run-queue wait (schedstat's second field) of threads that ended, up to the last read that saw them. */
    private long endedWaitNs;

    /** Opens on {@code taskDir} ({@code /proc/self/task}): the first read is the window's start. */
    ThreadCounts(Path taskDir) {
        this.taskDir = taskDir;
        this.dir = taskDir.toString();
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

    /** Opens the window again, now: every count from here (for a source whose window opens after this one's). */
    synchronized void restart() {
        restart(null);
    }

    /**
     * As {@link #restart()}; a thread listed now whose id is not in {@code originals} (null: none such) counts as born
     * after the opening, as one the other source's counters did not open on.
     */
    synchronized void restart(Set<Integer> originals) {
        if (note == null) {
            this.originals = originals;
            live.clear();
            ended[0].clear();
            ended[1].clear();
            anyEnded = false;
            endedWaitNs = 0;
            read(true);
        }
    }

    /** Reads every thread's counts now. Never throws. */
    synchronized void read() {
        if (note == null) {
            read(false);
        }
    }

    private void read(boolean opening) {
        Set<Integer> now = new HashSet<>();
        // java.io's calls, not NIO's: the counter thread runs this once a second, interpreted, where each call costs
        String[] tasks;
        try {
            tasks = new File(dir).list();
        } catch (RuntimeException e) {
            tasks = null;
        }
        if (tasks == null) {
            note = "the threads of " + taskDir + " cannot be listed";
            return;
        }
        for (String t : tasks) {
            readThread(t, opening, now);
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

    private void readThread(String name, boolean opening, Set<Integer> now) {
        int tid;
        try {
            tid = Integer.parseInt(name);
        } catch (NumberFormatException e) {
            return;
        }
        String t = dir + "/" + name + "/";
        Seen s = live.get(tid);
        long[] counts = counts(t, s == null ? null : s.last);
        if (counts == null) {
            return; // ended while we looked, or unreadable: what it ran is in the ended remainder
        }
        now.add(tid);
        if (s != null && counts[0] < s.last[0]) {
            retire(live.remove(tid)); // the id was reused by a new thread
            s = null;
        }
        if (s == null) {
            boolean born = !opening || (originals != null && !originals.contains(tid));
            live.put(tid, new Seen(ThreadRoles.of(name(t)), born, opening ? counts : new long[4], counts));
        } else {
            s.last = counts;
        }
    }

    private void retire(Seen s) {
        anyEnded = true;
        endedWaitNs += s.last[3] - s.base[3];
        long[] sum = sums(ended[s.born ? 1 : 0], s.role);
        for (int i = 0; i < 3; i++) {
            sum[i] += s.last[i] - s.base[i];
        }
        sum[3]++;
    }

    /** {@code role}'s four sums in {@code m}, put there where missing (not computeIfAbsent: no lambda at the JVM's start). */
    private static long[] sums(Map<ThreadRole, long[]> m, ThreadRole role) {
        long[] sum = m.get(role);
        if (sum == null) {
            sum = new long[4];
            m.put(role, sum);
        }
        return sum;
    }

    /** Per role, in the enum's order (ENDED left out): the counts since the opening, of live and ended threads. */
    synchronized List<RoleCounts> byRole() {
        return byRole(null);
    }

    /**
     * As {@link #byRole()}, of the threads present at the opening only ({@code born} false), of those born after it
     * only (true), or of all (null).
     */
    synchronized List<RoleCounts> byRole(Boolean born) {
        Map<ThreadRole, long[]> sums = new EnumMap<>(ThreadRole.class);
        for (int i = 0; i < 2; i++) {
            if (born != null && born != (i == 1)) {
                continue;
            }
            for (Map.Entry<ThreadRole, long[]> e : ended[i].entrySet()) {
                long[] sum = sums(sums, e.getKey());
                for (int k = 0; k < 4; k++) {
                    sum[k] += e.getValue()[k];
                }
            }
        }
        for (Seen s : live.values()) {
            if (born != null && born != s.born) {
                continue;
            }
            long[] sum = sums(sums, s.role);
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

    /**
     * The threads' time runnable but not running since the opening, in ns (schedstat's second field: the run-queue wait),
     * of live threads and of ended ones up to the last read that saw them; -1 where the threads cannot be read.
     */
    synchronized long runQueueWaitNs() {
        if (note != null) {
            return -1;
        }
        long sum = endedWaitNs;
        for (Seen s : live.values()) {
            sum += s.last[3] - s.base[3];
        }
        return sum;
    }

    /**
     * {CPU ns, voluntary, involuntary, run-queue wait ns} of one thread (its directory {@code t}, with a slash), or null where any cannot be
     * read; {@code last} (its counts at the read before, or null) where it has not run since.
     */
    private long[] counts(String t, long[] last) {
        int n = readFile(t + "schedstat");
        if (n <= 0) {
            return null;
        }
        long cpu = number(buf, 0, n);
        long wait = number(buf, afterNumber(buf, 0, n), n);
        if (last != null && cpu == last[0]) {
            return last; // it has not run since: no context switch either (most of the JVM's threads, most of the time)
        }
        n = readFile(t + "status");
        long vol = field(n, VOLUNTARY);
        long invol = field(n, INVOLUNTARY);
        return cpu < 0 || vol < 0 || invol < 0 ? null : new long[] {cpu, vol, invol, Math.max(0, wait)};
    }

    /** Reads the file into {@link #buf}: the bytes read, or -1. */
    private int readFile(String path) {
        return ProcessCounters.readInto(path, buf);
    }

    /** The number after the line start {@code key} in the first {@code n} bytes of {@link #buf}, or -1. */
    private long field(int n, byte[] key) {
        return lineField(buf, n, key);
    }

    /**
     * The number after the line start {@code key} in the first {@code n} bytes of {@code b}, past the blanks and colon
     * between (a status file's {@code voluntary_ctxt_switches:\t17}, a sched file's {@code se.nr_migrations   :   12});
     * -1 where no line starts with the key or no number follows it.
     */
    static long lineField(byte[] b, int n, byte[] key) {
        for (int i = 0; i + key.length <= n; i++) {
            if ((i == 0 || b[i - 1] == '\n') && startsWith(b, i, key)) {
                int at = i + key.length;
                while (at < n && (b[at] == ' ' || b[at] == '\t' || b[at] == ':')) {
                    at++;
                }
                return number(b, at, n);
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] b, int at, byte[] key) {
        for (int k = 0; k < key.length; k++) {
            if (b[at + k] != key[k]) {
                return false;
            }
        }
        return true;
    }

    /** The index just after the decimal number at {@code from} (spaces before it skipped). */
    private static int afterNumber(byte[] b, int from, int n) {
        int i = from;
        while (i < n && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        while (i < n && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i;
    }

    /** The decimal number at {@code from} (spaces and tabs before it skipped), up to {@code n}; -1 where there is none. */
    static long number(byte[] b, int from, int n) {
        int i = from;
        while (i < n && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        long v = 0;
        int start = i;
        while (i < n && b[i] >= '0' && b[i] <= '9') {
            v = v * 10 + (b[i] - '0');
            i++;
        }
        return i == start ? -1 : v;
    }

    /** The role of thread {@code tid} by its name now ({@code comm}); the application's where it cannot be read. */
    synchronized ThreadRole roleOf(int tid) {
        return ThreadRoles.of(name(dir + "/" + tid + "/"));
    }

    private String name(String t) {
        int n = readFile(t + "comm");
        return n <= 0 ? "" : new String(buf, 0, n, StandardCharsets.UTF_8).trim();
    }
}

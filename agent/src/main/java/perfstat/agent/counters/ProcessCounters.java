package perfstat.agent.counters;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Whole-process OS counters from procfs, for any JVM (17 and up):
 * <ul>
 *   <li>task-clock and page faults from {@code /proc/self/stat}, which the kernel keeps
 *       for the whole thread group, exited threads included (task-clock in clock ticks,
 *       usually 10 ms);</li>
 *   <li>context switches from each live thread's {@code /proc/self/task/TID/status}, and
 *       CPU migrations from its {@code sched} file where the kernel has one: threads that
 *       exited are not in these sums, and the source says so.</li>
 * </ul>
 * A value that cannot be read is -1.
 */
public final class ProcessCounters {
    /** USER_HZ: the unit of utime and stime in /proc/self/stat on Linux. */
    static final long CLOCK_TICK_NS = 10_000_000L;
    private static final Path PROC_SELF = Path.of("/proc/self");

    /** Counters of the whole process; {@code userNs + systemNs == taskClockNs}. */
    public record Sample(long taskClockNs, long userNs, long systemNs, long voluntaryContextSwitches,
                         long involuntaryContextSwitches, long cpuMigrations, long minorFaults, long majorFaults,
                         String source) {
    }

    private ProcessCounters() {
    }

    /** The ids of the process's live threads, from /proc/self/task; empty where there is no procfs. */
    public static List<Integer> threadIds() {
        List<Integer> ids = new java.util.ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(PROC_SELF.resolve("task"))) {
            for (Path t : tasks) {
                try {
                    ids.add(Integer.parseInt(t.getFileName().toString()));
                } catch (NumberFormatException e) {
                    // not a thread
                }
            }
        } catch (IOException | RuntimeException e) {
            // no procfs
        }
        java.util.Collections.sort(ids);
        return ids;
    }

    /** A thread's name as the kernel knows it (at most 15 characters), or "?" once it has exited. */
    public static String threadName(int tid) {
        try {
            return Files.readString(PROC_SELF.resolve("task").resolve(Integer.toString(tid)).resolve("comm")).trim();
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /** CPU time this thread has run, in nanoseconds (/proc/thread-self/schedstat), or -1. */
    public static long currentThreadCpuNs() {
        try {
            String s = Files.readString(Path.of("/proc/thread-self/schedstat")).trim();
            return Long.parseLong(s.substring(0, s.indexOf(' ')));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The whole process's task-clock from /proc/self/stat alone (10 ms ticks, exited threads included), or -1. */
    public static long statTaskClockNs() {
        return readStat().taskClock();
    }

    public static Sample read() {
        Stat stat = readStat();
        Switches switches = readSwitches();
        return new Sample(stat.taskClock(), stat.user(), stat.system(), switches.voluntary(), switches.involuntary(),
                switches.migrations(), stat.minflt(), stat.majflt(),
                "task-clock,page-faults: procfs /proc/self/stat; context-switches,cpu-migrations: procfs, live threads only");
    }

    /** What /proc/self/stat says, in nanoseconds and faults; -1 for each figure it did not give. */
    private record Stat(long taskClock, long user, long system, long minflt, long majflt) {
    }

    /** The live threads' context switches and migrations, summed; -1 for a figure not read. */
    private record Switches(long voluntary, long involuntary, long migrations) {
    }

    private static Stat readStat() {
        long taskClock = -1;
        long user = -1;
        long system = -1;
        long minflt = -1;
        long majflt = -1;
        try {
            String stat = Files.readString(PROC_SELF.resolve("stat"));
            // Fields after the command name, which is in parentheses and may hold spaces.
            String[] f = fields(stat, stat.lastIndexOf(')') + 2, 13);
            // f[0] is field 3 (state): minflt is field 10, majflt 12, utime 14, stime 15.
            minflt = Long.parseLong(f[7]);
            majflt = Long.parseLong(f[9]);
            user = Long.parseLong(f[11]) * CLOCK_TICK_NS;
            system = Long.parseLong(f[12]) * CLOCK_TICK_NS;
            taskClock = user + system;
        } catch (IOException | RuntimeException e) {
            // not Linux, or procfs unavailable: stays -1
        }
        return new Stat(taskClock, user, system, minflt, majflt);
    }

    private static Switches readSwitches() {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(PROC_SELF.resolve("task"))) {
            long[] sums = new long[3]; // voluntary, involuntary, migrations
            boolean sawMigrations = false;
            // one buffer for every thread's files, not a reader and its buffers a file (about 30 KB each, 1.5 MB a
            // read of 25 threads, at the agent's start among others)
            byte[] buf = new byte[FILE_BUFFER];
            for (Path task : tasks) {
                String dir = task.toString();
                int n = readInto(dir + "/status", buf);
                if (n < 0) {
                    continue; // the thread exited while we looked
                }
                sums[0] += Math.max(0, ThreadCounts.lineField(buf, n, VOLUNTARY));
                sums[1] += Math.max(0, ThreadCounts.lineField(buf, n, INVOLUNTARY));
                n = readInto(dir + "/sched", buf); // absent on a kernel without CONFIG_SCHED_DEBUG
                long migrations = n > 0 ? ThreadCounts.lineField(buf, n, MIGRATIONS) : -1;
                if (migrations >= 0) {
                    sums[2] += migrations;
                    sawMigrations = true;
                }
            }
            return new Switches(sums[0], sums[1], sawMigrations ? sums[2] : -1);
        } catch (IOException | RuntimeException e) {
            return new Switches(-1, -1, -1);
        }
    }

    /** A thread's status and sched files fit (about 1.5 and 4 KB). */
    private static final int FILE_BUFFER = 16 * 1024;
    private static final byte[] VOLUNTARY = "voluntary_ctxt_switches:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] INVOLUNTARY = "nonvoluntary_ctxt_switches:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] MIGRATIONS = "se.nr_migrations".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Reads a (procfs) file into {@code buf}, as much as fits, with no allocation: the bytes read, or -1. */
    public static int readInto(String path, byte[] buf) {
        try (java.io.FileInputStream in = new java.io.FileInputStream(path)) {
            int n = 0;
            int r;
            while (n < buf.length && (r = in.read(buf, n, buf.length - n)) > 0) {
                n += r;
            }
            return n;
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * The first {@code n} fields of {@code s} from {@code from} on, split at runs of white space (missing ones
     * empty): by hand, not {@code split("\\s+")}, which compiles a regular expression at every read, the agent's
     * start and each of its reader's reads among them.
     */
    static String[] fields(String s, int from, int n) {
        String[] out = new String[n];
        java.util.Arrays.fill(out, "");
        int i = from;
        for (int k = 0; k < n; k++) {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < s.length() && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            out[k] = s.substring(start, i);
        }
        return out;
    }
}

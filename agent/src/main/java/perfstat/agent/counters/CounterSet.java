package perfstat.agent.counters;

import java.util.ArrayList;
import java.util.List;
import perfstat.format.CounterSource;
import perfstat.format.CounterStatus;
import perfstat.format.ThreadRole;

/**
 * A set of counters over the whole process, as {@code perf stat -p PID} counts it, read
 * at interval boundaries and at the end: never per probe call (one read costs about a
 * microsecond).
 *
 * <h2>Sources, in order of preference</h2>
 * <ol>
 *   <li><b>perf_event_open</b> (Java 22+ target with native access): one counter per
 *       event and per thread id in {@code /proc/self/task}, opened with {@code inherit=1},
 *       so that threads those threads start later are counted too. Values, time enabled
 *       and time running are summed over the threads and scaled as perf scales them.</li>
 *   <li><b>perf_event_open, user only</b>: where the kernel refuses kernel counting
 *       ({@code perf_event_paranoid}, not root), every event is opened with {@code :u}
 *       as perf then does. Context switches and migrations happen in the kernel and read 0
 *       then: those two come from getrusage (context switches, the whole process) and
 *       procfs (migrations, live threads), and say so.</li>
 *   <li><b>procfs</b> (no perf_event_open in this JVM): task-clock in ns from each thread's
 *       {@code schedstat} ({@link ThreadCounts}; threads that ended between reads from
 *       {@code /proc/self/stat}'s ticks), faults from {@code /proc/self/stat}, context switches
 *       and migrations from the live threads;
 *       hardware events are not supported.</li>
 * </ol>
 * On every source, each thread's counts are also read by role ({@link #roles}): from the per-thread task-clock
 * counters where perf_event_open counts it, else from each thread's schedstat.
 * Every reading names its source; an event that cannot be counted is
 * {@link CounterStatus#NOT_SUPPORTED} with the reason, one that was never scheduled
 * {@link CounterStatus#NOT_COUNTED}.
 */
public final class CounterSet implements AutoCloseable {
    /** PERF_FLAG_FD_CLOEXEC. */
    private static final long FLAG_FD_CLOEXEC = 8;

    public static final String SOURCE_PERF = CounterSource.PERF_EVENT_OPEN;
    public static final String SOURCE_PERF_USER = CounterSource.PERF_EVENT_OPEN_USER;
    public static final String SOURCE_RUSAGE = CounterSource.GETRUSAGE;
    public static final String SOURCE_PROCFS_STAT = CounterSource.PROCFS_STAT;
    public static final String SOURCE_PROCFS_STAT_FAULTS = CounterSource.PROCFS_STAT_FAULTS;
    public static final String SOURCE_PROCFS_THREADS = CounterSource.PROCFS_THREADS;

    /**
     * One event's count over the window. {@code value} is raw (not scaled); scale it by
     * {@code enabledNs / runningNs} as perf does when the two differ.
     */
    public record Reading(String event, long value, long enabledNs, long runningNs, CounterStatus status, String source) {
        /** The value scaled as perf scales it ({@link #scaled(long, long, long)}). */
        public double scaled() {
            return CounterSet.scaled(value, enabledNs, runningNs);
        }
    }

    /**
     * A count scaled by its time enabled over its time running, as perf scales a multiplexed
     * counter; the raw count where it ran all the time enabled (or never). The one place
     * perfstat scales a count: the agent's readers and the recording's reader call it.
     */
    public static double scaled(long value, long enabledNs, long runningNs) {
        return perfstat.format.CounterEvents.scaled(value, enabledNs, runningNs);
    }

    /**
     * One role's counts since the counters opened ({@link ThreadCounts}); {@link ThreadRole#ENDED}: the whole
     * process's task-clock less the roles' (context switches -1: not known).
     */
    public record RoleReading(ThreadRole role, long taskClockNs, long voluntary, long involuntary, int threads, String source) {
    }

    /**
     * One role's count of one event other than task-clock and context-switches since the counters opened: the sum of
     * the per-thread counters (each scaled) of the role's threads present at the opening, which hold the threads they
     * started since (perf_event_open only; no schedstat to move a later-born thread's counts to its own role).
     */
    public record RoleEventReading(ThreadRole role, String event, long value, String source) {
    }

    /** One thread's readings (perf_event_open only): the thread and the threads it started after the window opened. */
    public record ThreadReadings(int tid, String name, List<Reading> readings) {
    }

    /** How one event is counted. */
    private static final class Counter {
        final EventSpec spec;
        final int[] fds;
        final int[] tids;
        final CounterStatus status;
        final String source;
        /** For values not from perf: the value at open, and how to read it now. */
        final java.util.function.ToLongFunction<ProcessCounters.Sample> fallback;
        final long fallbackStart;
        /** task-clock from the threads' schedstat ({@link #processCpuNs()}), not from {@code fallback}. */
        boolean schedstat;
        /** Per descriptor: its thread's role at the opening (perf_event_open only, else null). */
        ThreadRole[] roles;
        /** Per descriptor: its count (scaled, as perf scales it) at the last read; null before a read. */
        volatile long[] byThread;

        Counter(EventSpec spec, int[] fds, int[] tids, CounterStatus status, String source) {
            this(spec, fds, tids, status, source, null, null);
        }

        /**
         * A counter read from procfs or getrusage: {@code fallback} takes its value from a procfs sample (one for all
         * such counters at each read, so that they share their instants), its start from {@code at}, the set's opening.
         */
        Counter(EventSpec spec, int[] fds, int[] tids, CounterStatus status, String source,
                java.util.function.ToLongFunction<ProcessCounters.Sample> fallback, ProcessCounters.Sample at) {
            this.spec = spec;
            this.fds = fds;
            this.tids = tids;
            this.status = status;
            this.source = source;
            this.fallback = fallback;
            this.fallbackStart = fallback == null ? 0 : fallback.applyAsLong(at);
        }
    }

    private final PerfSyscalls sys;
    private final List<Counter> counters = new ArrayList<>();
    private final List<Integer> tids;
    private final List<String> threadNames = new ArrayList<>();
    private final long openedNs;
    private final String mode;
    private final String note;
    private final long[] rusageStart;
    private final ProcessCounters.Sample procStart;
    /** Each thread's counts by role, read with the counters. */
    private final ThreadCounts threads;
    /** The task-clock counter where perf_event_open counts it per thread, or null. */
    private Counter taskClock;
    /** The role of each of {@link #taskClock}'s threads, by descriptor, by its name at the opening. */
    private ThreadRole[] taskClockRoles;
    /** {@link #taskClock}'s per-thread values (scaled, ns) at the last read, by descriptor; null before a read. */
    private volatile long[] taskClockByThread;
    /** /proc/self/stat's task-clock as the threads' window opened (10 ms ticks), or -1. */
    private final long ticksStart;

    private CounterSet(PerfSyscalls sys, List<EventSpec> events, List<Integer> tids, String unavailable, java.nio.file.Path taskDir) {
        this.sys = sys;
        this.tids = tids;
        for (int tid : tids) {
            threadNames.add(ProcessCounters.threadName(tid));
        }
        this.procStart = ProcessCounters.read();
        this.threads = new ThreadCounts(taskDir);
        this.rusageStart = sys == null ? null : sys.rusageSelf();
        this.openedNs = System.nanoTime();
        boolean userOnly = false;
        if (sys != null && !tids.isEmpty()) {
            userOnly = kernelCountingRefused(sys, tids.get(0));
        }
        if (sys == null || tids.isEmpty()) {
            mode = CounterSource.PROCFS;
            note = unavailable == null ? "no /proc/self/task" : unavailable;
            for (EventSpec e : events) {
                counters.add(procfsCounter(e, note));
            }
        } else {
            mode = userOnly ? SOURCE_PERF_USER : SOURCE_PERF;
            note = userOnly ? "the kernel refuses kernel counting here (perf_event_paranoid, not root): "
                    + "events count user space only, context switches come from getrusage and migrations from procfs"
                    : null;
            for (EventSpec e : events) {
                Counter c = userOnly ? openUserOnly(e) : openPerf(e, SOURCE_PERF);
                counters.add(c);
                if (taskClock == null && c.fds != null && c.fds.length > 0 && EventSpec.baseName(e.name()).equals("task-clock")) {
                    taskClock = c;
                }
            }
        }
        // the roles' window (and the schedstat task-clock's) opens once the other counters are open, which takes ms
        // (perf_event_open's descriptors, procfs's first reads): within their window, never counting the opening itself;
        // a thread the perf counters were not opened on counts as started later (it is in its creator's counter)
        threads.restart(taskClock == null ? null : tidSet(taskClock.tids));
        java.util.Map<Integer, ThreadRole> roleOfTid = new java.util.HashMap<>();
        for (Counter c : counters) {
            if (c.fds != null) { // each thread's name read once, however many events
                c.roles = new ThreadRole[c.tids.length];
                for (int i = 0; i < c.roles.length; i++) {
                    ThreadRole role = roleOfTid.get(c.tids[i]); // not computeIfAbsent: no lambda at the JVM's start
                    if (role == null) {
                        role = threads.roleOf(c.tids[i]);
                        roleOfTid.put(c.tids[i], role);
                    }
                    c.roles[i] = role;
                }
            }
        }
        if (taskClock != null) {
            taskClockRoles = taskClock.roles;
        }
        this.ticksStart = ProcessCounters.statTaskClockNs();
    }

    /** Opens {@code events} over the whole process with the best source this JVM has. */
    public static CounterSet open(List<EventSpec> events) {
        return new CounterSet(Native.syscalls(), events, ProcessCounters.threadIds(), Native.unavailableReason(), ThreadCounts.SELF);
    }

    /** For tests: the given system calls (null for none) and thread ids. */
    static CounterSet open(List<EventSpec> events, PerfSyscalls sys, List<Integer> tids, String unavailable) {
        return new CounterSet(sys, events, tids, unavailable, ThreadCounts.SELF);
    }

    /** For tests: the threads' counts read from {@code taskDir} instead of {@code /proc/self/task}. */
    static CounterSet open(List<EventSpec> events, PerfSyscalls sys, List<Integer> tids, String unavailable, java.nio.file.Path taskDir) {
        return new CounterSet(sys, events, tids, unavailable, taskDir);
    }

    /** Which source counts: {@code perf_event_open}, {@code perf_event_open (user only)} or {@code procfs}. */
    public String mode() {
        return mode;
    }

    /** Why the source is not plain perf_event_open, or null. */
    public String note() {
        return note;
    }

    /** Nanoseconds since the counters were opened. */
    public long windowNs() {
        return System.nanoTime() - openedNs;
    }

    /** The number of per-thread descriptors open. */
    public int descriptors() {
        int n = 0;
        for (Counter c : counters) {
            n += c.fds == null ? 0 : c.fds.length;
        }
        return n;
    }

    private static boolean kernelCountingRefused(PerfSyscalls sys, int tid) {
        long fd = sys.perfEventOpen(EventSpec.parse("task-clock").attr(true), tid, -1, -1, FLAG_FD_CLOEXEC);
        if (fd >= 0) {
            sys.close((int) fd);
            return false;
        }
        return fd == -Errno.EACCES || fd == -Errno.EPERM;
    }

    private Counter openUserOnly(EventSpec e) {
        if (!e.kernelSideSoftware()) {
            return openPerf(e.userOnly(), SOURCE_PERF_USER);
        }
        // context switches and migrations read 0 when only user space is counted
        if (e.config() == 3) {
            if (rusageStart != null) {
                return new Counter(e, null, null, CounterStatus.COUNTED, SOURCE_RUSAGE, ignored -> {
                    long[] r = sys.rusageSelf();
                    return r == null ? -1 : r[4] + r[5];
                }, procStart);
            }
            return procfsCounter(e, note);
        }
        return procfsCounter(e, note);
    }

    private Counter openPerf(EventSpec e, String source) {
        byte[] attr = e.attr(true);
        int[] fds = new int[tids.size()];
        int[] ids = new int[tids.size()];
        int n = 0;
        int missed = 0;
        for (int i = 0; i < tids.size(); i++) {
            long fd = sys.perfEventOpen(attr, tids.get(i), -1, -1, FLAG_FD_CLOEXEC);
            if (fd >= 0) {
                fds[n] = (int) fd;
                ids[n] = tids.get(i);
                n++;
            } else if (fd == -Errno.ESRCH) {
                continue; // the thread ended since we listed it
            } else if (n > 0) {
                missed++; // e.g. out of descriptors: this thread goes uncounted, and the reading says so
            } else {
                // the first thread decides: perf prints <not supported> for an event it cannot open
                return new Counter(e, null, null, CounterStatus.NOT_SUPPORTED, source + ": " + Errno.name((int) -fd));
            }
        }
        return new Counter(e, java.util.Arrays.copyOf(fds, n), java.util.Arrays.copyOf(ids, n),
                CounterStatus.COUNTED, missed == 0 ? source : source + ", " + missed + " thread(s) could not be opened");
    }

    /** An event counted from procfs, or not supported with the reason why perf_event_open is not used. */
    private Counter procfsCounter(EventSpec e, String why) {
        if (e.type() == EventSpec.TYPE_SOFTWARE) {
            String stat = kernelToo(e, SOURCE_PROCFS_STAT_FAULTS);
            switch ((int) e.config()) {
                case 0, 1: // cpu-clock, task-clock: in ns from the threads' schedstat where they can be read
                    if (threads.note() == null && procStart.taskClockNs() >= 0) {
                        Counter c = new Counter(e, null, null, CounterStatus.COUNTED, kernelToo(e, CounterSource.PROCFS_SCHEDSTAT));
                        c.schedstat = true;
                        return c;
                    }
                    return new Counter(e, null, null, CounterStatus.COUNTED, kernelToo(e, SOURCE_PROCFS_STAT),
                            ProcessCounters.Sample::taskClockNs, procStart);
                case 2:
                    return new Counter(e, null, null, CounterStatus.COUNTED, stat,
                            s -> s.minorFaults() < 0 ? -1 : s.minorFaults() + s.majorFaults(), procStart);
                case 3:
                    return new Counter(e, null, null, CounterStatus.COUNTED, kernelToo(e, SOURCE_PROCFS_THREADS),
                            s -> s.voluntaryContextSwitches() < 0 ? -1 : s.voluntaryContextSwitches() + s.involuntaryContextSwitches(),
                            procStart);
                case 4:
                    if (procStart.cpuMigrations() >= 0) {
                        return new Counter(e, null, null, CounterStatus.COUNTED, kernelToo(e, SOURCE_PROCFS_THREADS),
                                ProcessCounters.Sample::cpuMigrations, procStart);
                    }
                    break;
                case 5:
                    return new Counter(e, null, null, CounterStatus.COUNTED, stat, ProcessCounters.Sample::minorFaults, procStart);
                case 6:
                    return new Counter(e, null, null, CounterStatus.COUNTED, stat, ProcessCounters.Sample::majorFaults, procStart);
                default:
                    break;
            }
        }
        return new Counter(e, null, null, CounterStatus.NOT_SUPPORTED, why);
    }

    /**
     * A procfs source as {@code e}'s reading names it: procfs counts user and kernel time alike, so an event asked for
     * with {@code :u} or {@code :k} says that its modifier was not honoured (perf would have counted one side only).
     */
    static String kernelToo(EventSpec e, String source) {
        return e.excludeKernel() || e.excludeUser() ? source + CounterSource.MODIFIER_NOT_HONOURED : source;
    }

    /** The whole process's counts since open, one reading per event in the order asked. */
    public List<Reading> read() {
        threads.read();
        long window = windowNs();
        List<Reading> out = new ArrayList<>();
        long[] v = new long[3];
        ProcessCounters.Sample sample = null;
        for (Counter c : counters) {
            if (c.status == CounterStatus.NOT_SUPPORTED) {
                out.add(new Reading(c.spec.name(), 0, 0, 0, CounterStatus.NOT_SUPPORTED, c.source));
            } else if (c.schedstat) {
                long ended = endedTicksNs();
                out.add(new Reading(c.spec.name(), threads.cpuNs() + ended, window, window, CounterStatus.COUNTED,
                        kernelToo(c.spec, ended > 0 ? CounterSource.PROCFS_SCHEDSTAT_AND_STAT : CounterSource.PROCFS_SCHEDSTAT)));
            } else if (c.fallback != null) {
                sample = sample != null ? sample : ProcessCounters.read(); // one sample for every procfs counter
                long now = c.fallback.applyAsLong(sample);
                boolean ok = now >= 0 && c.fallbackStart >= 0;
                out.add(new Reading(c.spec.name(), ok ? now - c.fallbackStart : 0, window, ok ? window : 0,
                        ok ? CounterStatus.COUNTED : CounterStatus.NOT_COUNTED, c.source));
            } else {
                long value = 0;
                long enabled = 0;
                long running = 0;
                long[] each = new long[c.fds.length];
                for (int i = 0; i < c.fds.length; i++) {
                    if (sys.readCounter(c.fds[i], v) == 0) {
                        value += v[0];
                        enabled += v[1];
                        running += v[2];
                        each[i] = Math.round(scaled(v[0], v[1], v[2]));
                    }
                }
                c.byThread = running == 0 ? null : each;
                if (c == taskClock) {
                    taskClockByThread = each;
                }
                out.add(new Reading(c.spec.name(), value, enabled, running,
                        running == 0 ? CounterStatus.NOT_COUNTED : CounterStatus.COUNTED, c.source));
            }
        }
        return out;
    }

    /**
     * Per thread that existed when the window opened: its counts, which include the threads
     * it started since. Only perf_event_open counts per thread: empty otherwise.
     */
    public List<ThreadReadings> readPerThread() {
        List<ThreadReadings> out = new ArrayList<>();
        long[] v = new long[3];
        for (int t = 0; t < tids.size(); t++) {
            int tid = tids.get(t);
            List<Reading> rs = new ArrayList<>();
            boolean any = false;
            for (Counter c : counters) {
                if (c.fds == null) {
                    continue;
                }
                for (int i = 0; i < c.fds.length; i++) {
                    if (c.tids[i] == tid && sys.readCounter(c.fds[i], v) == 0) {
                        rs.add(new Reading(c.spec.name(), v[0], v[1], v[2],
                                v[2] == 0 ? CounterStatus.NOT_COUNTED : CounterStatus.COUNTED, c.source));
                        any = true;
                    }
                }
            }
            if (any) {
                out.add(new ThreadReadings(tid, threadNames.get(t), rs));
            }
        }
        return out;
    }

    /**
     * Where the threads' share of the process's CPU time falls short of {@code /proc/self/stat}'s (10 ms ticks, exited
     * threads included) by more than the ticks' truncation can explain (two ticks): that shortfall, the part of
     * threads that ended after the last read that saw them; else 0.
     */
    private long endedTicksNs() {
        long now = ProcessCounters.statTaskClockNs();
        if (now < 0 || ticksStart < 0) {
            return 0;
        }
        long rest = now - ticksStart - threads.cpuNs();
        return rest > 2 * ProcessCounters.CLOCK_TICK_NS ? rest : 0;
    }

    /** This process's threads' run-queue wait since the counters opened, in ns (schedstat's second field); -1 where unreadable. */
    public long runQueueWaitNs() {
        return threads.runQueueWaitNs();
    }

    /** Why the counts cannot be split by thread role, or null where they can. */
    public String rolesNote() {
        return threads.note();
    }

    /**
     * The counts by thread role as the last {@link #read()} left them, and {@link ThreadRole#ENDED}: the whole
     * process's task-clock in {@code sameRead} (that read's readings) less the roles' sum, never below 0; without a
     * task-clock there, {@code /proc/self/stat}'s. Empty where the threads cannot be read ({@link #rolesNote()}).
     */
    public List<RoleReading> roles(List<Reading> sameRead) {
        if (threads.note() != null) {
            return List.of();
        }
        long[] perThread = taskClockByThread;
        if (taskClock != null && perThread != null) {
            return perfRoles(perThread);
        }
        List<RoleReading> out = new ArrayList<>();
        long sum = 0;
        for (ThreadCounts.RoleCounts r : threads.byRole()) {
            out.add(new RoleReading(r.role(), r.cpuNs(), r.voluntary(), r.involuntary(), r.threads(), CounterSource.PROCFS_SCHEDSTAT));
            sum += r.cpuNs();
        }
        Reading whole = null;
        for (Reading r : sameRead) {
            if (r.status() == CounterStatus.COUNTED && EventSpec.baseName(r.event()).equals("task-clock")) {
                whole = r;
            }
        }
        long rest = whole != null ? Math.round(whole.scaled()) - sum : endedTicksNs();
        out.add(new RoleReading(ThreadRole.ENDED, Math.max(0, rest), -1, -1, 0, whole != null ? whole.source() : SOURCE_PROCFS_STAT));
        return out;
    }

    /**
     * The roles from the per-thread task-clock counters ({@link RoleAttribution}): each opened thread's count (its
     * descendants' included) in its role, later-born threads seen by schedstat moved to their own; no ended row, as
     * the counters hold the threads that ended. Context switches and threads seen from {@link ThreadCounts}.
     */
    private List<RoleReading> perfRoles(long[] perThread) {
        int n = ThreadRole.values().length;
        long[] perf = new long[n];
        for (int i = 0; i < perThread.length; i++) {
            perf[taskClockRoles[i].ordinal()] += perThread[i];
        }
        long[] own = cpuByRole(threads.byRole(false), n);
        long[] born = cpuByRole(threads.byRole(true), n);
        long[] ns = RoleAttribution.attribute(perf, own, born);
        String source = taskClock.source.startsWith(SOURCE_PERF_USER) ? CounterSource.PERF_EVENT_OPEN_USER_PER_THREAD
                : CounterSource.PERF_EVENT_OPEN_PER_THREAD;
        List<RoleReading> out = new ArrayList<>();
        for (ThreadCounts.RoleCounts r : threads.byRole()) {
            out.add(new RoleReading(r.role(), ns[r.role().ordinal()], r.voluntary(), r.involuntary(), r.threads(), source));
        }
        return out;
    }

    /**
     * Per role, each event other than task-clock and context-switches that perf_event_open counts per thread, as the
     * last {@link #read()} left it: the role's threads' counts summed (roles in the enum's order, the ended row left
     * out). No extra descriptor and no read of its own: the counters the whole process's rows sum. Empty where the
     * threads cannot be read one by one, and for an event that is not supported or not counted per thread.
     */
    public List<RoleEventReading> roleEvents() {
        if (threads.note() != null) {
            return List.of();
        }
        List<RoleEventReading> out = new ArrayList<>();
        for (Counter c : counters) {
            long[] each = c.byThread;
            String base = EventSpec.baseName(c.spec.name());
            if (c.roles == null || each == null || base.equals("task-clock") || base.equals("context-switches")) {
                continue;
            }
            long[] sums = new long[ThreadRole.values().length];
            for (int i = 0; i < each.length; i++) {
                sums[c.roles[i].ordinal()] += each[i];
            }
            for (ThreadRole r : ThreadRole.values()) {
                if (r != ThreadRole.ENDED) {
                    out.add(new RoleEventReading(r, c.spec.name(), sums[r.ordinal()], c.source));
                }
            }
        }
        return out;
    }

    private static long[] cpuByRole(List<ThreadCounts.RoleCounts> counts, int n) {
        long[] out = new long[n];
        for (ThreadCounts.RoleCounts r : counts) {
            out[r.role().ordinal()] += r.cpuNs();
        }
        return out;
    }

    private static java.util.Set<Integer> tidSet(int[] ids) {
        java.util.Set<Integer> out = new java.util.HashSet<>();
        for (int id : ids) {
            out.add(id);
        }
        return out;
    }

    /** User and system CPU time of the whole process since open, in ns: getrusage where it can, else procfs. */
    public long[] userSystemNs() {
        if (sys != null && rusageStart != null) {
            long[] r = sys.rusageSelf();
            if (r != null) {
                return new long[] {r[0] - rusageStart[0], r[1] - rusageStart[1]};
            }
        }
        ProcessCounters.Sample s = ProcessCounters.read();
        if (s.userNs() < 0 || procStart.userNs() < 0) {
            return new long[] {-1, -1};
        }
        return new long[] {s.userNs() - procStart.userNs(), s.systemNs() - procStart.systemNs()};
    }

    @Override
    public void close() {
        for (Counter c : counters) {
            if (c.fds != null) {
                for (int fd : c.fds) {
                    sys.close(fd);
                }
            }
        }
    }
}

package perfstat.agent.counters;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import perfstat.format.IntervalLines;
import java.nio.file.StandardOpenOption;
import java.util.List;
import perfstat.agent.events.CounterReaderEvent;
import perfstat.agent.events.PerfCounterEvent;
import perfstat.agent.events.ThreadRoleEvent;
import perfstat.format.Transformation;
import perfstat.format.Phase;

/**
 * perfstat's counter thread: reads the {@link CounterSet} at every interval boundary and
 * commits the values, and commits the totals when asked (at the end of a chunk).
 *
 * <p>With an interval log, each read is also appended to that file as text, for
 * {@code perfstat stat -I} to print while the command runs: one line per event,
 * {@code WINDOW_NS EVENT VALUE ENABLED_NS RUNNING_NS STATUS SOURCE}, then one per thread role
 * ({@link CounterSet#roles} of the same read, no read of its own),
 * {@code thread-role WINDOW_NS ROLE TASK_CLOCK_NS VOLUNTARY INVOLUNTARY THREADS SOURCE}, separated by
 * tabs, then a line {@code end WINDOW_NS}.
 */
public final class CounterReader implements Runnable {
    private final CounterSet counters;
    private final long intervalNs;
    private final Path intervalLog;
    private final PerfControl perfControl;
    private final Thread thread;
    /** How busy the machine is, from the counters' opening: read with the totals, sampled (its frequency) at each interval. */
    private final MachineLoad machine = new MachineLoad();
    private volatile boolean stopped;
    private long reads;
    private long readerCpuNs;
    private long firstReadCpuNs = -1;
    /** Interval reads that failed: each costs its interval's row, and is counted in the recording. */
    private final java.util.concurrent.atomic.AtomicLong readFailures = new java.util.concurrent.atomic.AtomicLong();

    /** The application threads' CPU time in perfstat's class transformation (cumulative), or null; and its value as the window opened. */
    private volatile java.util.function.LongSupplier transformNs;
    private volatile long transformAtOpen;

    /**
     * @param perfControl perf stat's control FIFO, told {@code disable} after the last read; null for none
     */
    public CounterReader(CounterSet counters, long intervalNs, Path intervalLog, PerfControl perfControl) {
        this.counters = counters;
        this.perfControl = perfControl;
        this.intervalNs = intervalNs;
        this.intervalLog = intervalLog;
        this.thread = new Thread(this, "perfstat-counters");
        thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    /**
     * Also records, with each split by role, the application threads' CPU time in perfstat's class transformation
     * since now (the window's opening), as the application role's count of {@link Transformation#EVENT}.
     */
    public void transformClock(java.util.function.LongSupplier cumulativeNs) {
        transformAtOpen = cumulativeNs.getAsLong();
        transformNs = cumulativeNs;
    }

    /** Stops the thread; the counters stay open for a last {@link #commitEnd()}. */
    public void stop() {
        stopped = true;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void run() {
        long next = System.nanoTime() + intervalNs;
        while (!stopped) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                    if (stopped) {
                        return;
                    }
                }
                continue;
            }
            next += intervalNs;
            readInterval();
        }
    }

    /** One interval's read: its rows committed and logged. A failure costs that row, never the host, and is counted. */
    void readInterval() {
        try {
            List<CounterSet.Reading> rs = counters.read();
            long window = counters.windowNs();
            machine.sample();
            for (CounterSet.Reading r : rs) {
                commit(Phase.INTERVAL, r, window, 0, "");
            }
            Path w = windowLog;
            List<CounterSet.RoleReading> roles = intervalLog != null || w != null ? counters.roles(rs) : List.of();
            if (intervalLog != null) {
                log(intervalLog, rs, roles, window, "end");
            }
            if (w != null) {
                log(w, rs, roles, window, "end");
            }
            synchronized (this) {
                reads++;
                readerCpuNs = ProcessCounters.currentThreadCpuNs();
                if (reads == 1) {
                    firstReadCpuNs = readerCpuNs;
                }
            }
        } catch (Throwable t) {
            readFailures.incrementAndGet();
        }
    }

    /** Interval reads that failed so far. */
    public long readFailures() {
        return readFailures.get();
    }

    /** The interval log of a window opened on this running agent (perfstat attach -I), or null. */
    private volatile Path windowLog;

    /**
     * Starts writing interval rows to {@code log} as well, for a window: first the totals now,
     * marked as the window's base ({@code base WINDOW_NS}), so that the rows count from here.
     */
    public void startWindowLog(Path log) {
        logRead(log, "base");
        windowLog = log;
    }

    /** The totals now as the interval log's base (the counters' window opened late): its later rows count from here. */
    public void logBase() {
        if (intervalLog != null) {
            logRead(intervalLog, "base");
        }
    }

    /** The window's last, partial interval, then no more rows to its log. */
    public void endWindowLog() {
        Path w = windowLog;
        windowLog = null;
        if (w != null) {
            logRead(w, "end");
        }
    }

    /** A read now, and its roles, appended to {@code log}. */
    private void logRead(Path log, String marker) {
        List<CounterSet.Reading> rs = counters.read();
        log(log, rs, counters.roles(rs), counters.windowNs(), marker);
    }

    private static void log(Path file, List<CounterSet.Reading> rs, List<CounterSet.RoleReading> roles, long window,
                            String marker) {
        StringBuilder sb = new StringBuilder();
        for (CounterSet.Reading r : rs) {
            sb.append(IntervalLines.counter(window, r.event(), r.value(), r.enabledNs(), r.runningNs(), r.status(), r.source()))
                    .append('\n');
        }
        for (CounterSet.RoleReading r : roles) {
            sb.append(IntervalLines.role(window, r.role(), r.taskClockNs(), r.voluntary(), r.involuntary(), r.threads(),
                    r.source())).append('\n');
        }
        sb.append(IntervalLines.marker(marker.equals("base"), window)).append('\n');
        try {
            if (!Files.exists(file)) {
                perfstat.agent.recording.RecordingSession.ownerOnly(file); // the user's alone, as every file perfstat writes
            }
        } catch (IOException e) {
            return;
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            w.write(sb.toString());
        } catch (IOException e) {
            // the interval rows are a view; the recording keeps the values
        }
    }

    /** Commits the totals, per thread where perf_event_open counts, and the reader's own figures. */
    public void commitEnd() {
        long window = counters.windowNs();
        List<CounterSet.Reading> totals = counters.read();
        if (perfControl != null) {
            perfControl.send("disable");
        }
        for (CounterSet.Reading r : totals) {
            commit(Phase.END, r, window, 0, "");
        }
        commitRoles(Phase.END, totals, window);
        commitMachine(Phase.END, window);
        if (intervalLog != null) {
            log(intervalLog, totals, counters.roles(totals), window, "end"); // the last, partial interval, as perf stat -I prints it
        }
        for (CounterSet.ThreadReadings t : counters.readPerThread()) {
            for (CounterSet.Reading r : t.readings()) {
                commit(Phase.END, r, window, t.tid(), t.name());
            }
        }
        long[] us = counters.userSystemNs();
        CounterReaderEvent e = new CounterReaderEvent();
        e.mode = counters.mode();
        e.note = counters.note() == null ? "" : counters.note();
        e.intervalNs = intervalNs;
        e.windowNs = window;
        e.userNs = us[0];
        e.systemNs = us[1];
        synchronized (this) {
            e.reads = reads;
            e.readerCpuNs = readerCpuNs;
            e.readerFirstReadCpuNs = firstReadCpuNs;
        }
        e.descriptors = counters.descriptors();
        e.readFailures = readFailures.get();
        e.commit();
    }

    /**
     * Commits the totals so far with {@code phase} (window-start, window-end): a window opened on
     * a JVM whose agent already counts takes the difference. Returns the counters' window, in ns.
     */
    public long commitWindow(String phase) {
        long window = counters.windowNs();
        List<CounterSet.Reading> rs = counters.read();
        for (CounterSet.Reading r : rs) {
            commit(phase, r, window, 0, "");
        }
        commitRoles(phase, rs, window);
        commitMachine(phase, window);
        return window;
    }

    /** How busy the machine was since the counters opened, and this JVM's threads' run-queue wait: one event. Never throws. */
    private void commitMachine(String phase, long window) {
        try {
            MachineLoad.Reading m = machine.read();
            long wait = counters.runQueueWaitNs();
            perfstat.agent.events.MachineEvent e = new perfstat.agent.events.MachineEvent();
            e.phase = phase;
            e.windowNs = window;
            e.machineBusyNs = m.machineBusyNs();
            e.processNs = m.processNs();
            e.othersNs = m.othersNs();
            e.stealNs = m.stealNs();
            e.cpus = m.cpus();
            e.runQueueWaitNs = wait;
            e.cpuFreqKhz = m.cpuFreqKhz();
            String why = wait < 0 ? "no run-queue wait: the threads' schedstat cannot be read" : "";
            e.note = m.note().isEmpty() ? why : why.isEmpty() ? m.note() : m.note() + "; " + why;
            e.commit();
        } catch (RuntimeException | Error t) {
            readFailures.incrementAndGet(); // the machine's figures are context: their loss costs no counter
        }
    }

    /** The counts by thread role of the read that gave {@code rs}; where there is none, one event saying why. */
    private void commitRoles(String phase, List<CounterSet.Reading> rs, long window) {
        String note = counters.rolesNote();
        if (note != null) {
            ThreadRoleEvent e = new ThreadRoleEvent();
            e.phase = phase;
            e.role = "";
            e.taskClockNs = -1;
            e.voluntaryContextSwitches = -1;
            e.involuntaryContextSwitches = -1;
            e.source = "";
            e.windowNs = window;
            e.note = note;
            e.commit();
            return;
        }
        for (CounterSet.RoleReading r : counters.roles(rs)) {
            ThreadRoleEvent e = new ThreadRoleEvent();
            e.phase = phase;
            e.role = r.role().text();
            e.taskClockNs = r.taskClockNs();
            e.voluntaryContextSwitches = r.voluntary();
            e.involuntaryContextSwitches = r.involuntary();
            e.threads = r.threads();
            e.source = r.source();
            e.windowNs = window;
            e.note = "";
            e.commit();
        }
        java.util.function.LongSupplier transform = transformNs;
        if (transform != null) {
            perfstat.agent.events.ThreadRoleCounterEvent e = new perfstat.agent.events.ThreadRoleCounterEvent();
            e.phase = phase;
            e.role = perfstat.format.ThreadRole.APPLICATION.text();
            e.event = Transformation.EVENT;
            e.value = Math.max(0, transform.getAsLong() - transformAtOpen);
            e.source = Transformation.SOURCE;
            e.windowNs = window;
            e.commit();
        }
        for (CounterSet.RoleEventReading r : counters.roleEvents()) {
            perfstat.agent.events.ThreadRoleCounterEvent e = new perfstat.agent.events.ThreadRoleCounterEvent();
            e.phase = phase;
            e.role = r.role().text();
            e.event = r.event();
            e.value = r.value();
            e.source = r.source();
            e.windowNs = window;
            e.commit();
        }
    }

    private static void commit(String phase, CounterSet.Reading r, long window, int tid, String name) {
        PerfCounterEvent e = new PerfCounterEvent();
        e.phase = phase;
        e.event = r.event();
        e.value = r.value();
        e.valueNs = EventSpec.isClock(EventSpec.baseName(r.event())) ? r.value() : Long.MIN_VALUE; // N/A for a count
        e.enabledNs = r.enabledNs();
        e.runningNs = r.runningNs();
        e.status = r.status().text();
        e.source = r.source();
        e.windowNs = window;
        e.tid = tid;
        e.threadName = name;
        e.commit();
    }
}

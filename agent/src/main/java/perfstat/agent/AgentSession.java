package perfstat.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import perfstat.agent.counters.CounterReader;
import perfstat.agent.counters.CounterSet;
import perfstat.agent.counters.PerfControl;
import perfstat.agent.counters.ProcessCounters;
import perfstat.agent.events.AgentEvent;
import perfstat.agent.events.CounterReaderEvent;
import perfstat.agent.events.CountersEvent;
import perfstat.format.HistogramCodec;
import perfstat.agent.events.PerfCounterEvent;
import perfstat.agent.events.ProbeEvent;
import perfstat.agent.events.ProbePatternEvent;
import perfstat.agent.events.ThreadRoleEvent;
import perfstat.agent.probe.ProbeFilter;
import perfstat.agent.probe.ProbeHints;
import perfstat.agent.probe.ProbeInstaller;
import perfstat.agent.probe.Probes;
import perfstat.agent.recording.RecordingSession;
import perfstat.format.Phase;

/**
 * One life of the agent in a JVM: {@link #open} starts it (recording, counters, probes) and,
 * for an agent loaded into a running JVM, {@link #close} ends it (probes removed, counters
 * closed, recording written). An agent started with the JVM is never closed: JFR writes its
 * recording as the JVM exits. All the agent's state lives here, so that a session can be
 * opened and closed in one JVM, in a test, as often as needed; {@link Agent} only holds the
 * current one.
 *
 * <p>Assumptions and guarantees:
 * <ol>
 *   <li>At most one session is open in a JVM at a time ({@link Agent} sees to it): the probe
 *       runtime ({@link Probes}) is static, as advice inlined into host classes must find it.</li>
 *   <li>{@link #open} either returns a running session or throws, leaving nothing behind
 *       (recording closed, counters closed, probes removed).</li>
 *   <li>{@link #close}, {@link #openWindow} and {@link #closeWindow} never throw; each failure
 *       is one line on stderr.</li>
 * </ol>
 */
final class AgentSession {
    /** The counter reader's procfs reads run before the window opens, for the JIT to compile them then. */
    private static final int WARM_UP_READS = 8;
    private final AgentOptions options;
    private final Instrumentation inst;
    /** Attached sessions write {@code partFile}, then move it to {@code outFile} whole; null otherwise. */
    private final Path outFile;
    private final Path partFile;
    private final Recording recording;
    /** Null when no filter is given: nothing is probed, and the probe runtime and Byte Buddy never load. */
    private final ProbeInstaller installer;
    private final CounterSet counterSet;
    private final CounterReader reader;
    private final Runnable probesHook = new Hook(Hook.PROBES);
    private final Runnable countersHook = new Hook(Hook.COUNTERS);
    private final Runnable patternsHook = new Hook(Hook.PATTERNS);
    private final Runnable perfHook;
    /** The timer's cost, measured once when the session opens (0 when nothing is probed); a window reports the same. */
    private final long timerCostNs;
    /** The process's CPU time that the session's opening took, before its counters' window opened (procfs, 10 ms ticks). */
    private final long startCpuNs;
    /** Where this session's lines go: an attached session's side file ({@code messages=FILE}), or stderr. */
    private final Messages say;
    private Thread detacher;
    private Window window;
    /** The counters' window opening late (delay, from), or null; and when the session opened (System.nanoTime()). */
    private LateWindow late;
    private Runnable lateHook;
    private final long openedNs = System.nanoTime();
    private boolean closed;

    /**
     * The session's periodic events, as JFR calls them at the end of a chunk. A class, not lambdas: a JVM spins a
     * class for each lambda it meets, and these are met at its start (docs/agent.md, the agent's start).
     */
    private final class Hook implements Runnable {
        static final int PROBES = 0;
        static final int COUNTERS = 1;
        static final int PATTERNS = 2;
        static final int PERF = 3;
        static final int ITERATIONS = 4;
        private final int what;

        Hook(int what) {
            this.what = what;
        }

        @Override
        public void run() {
            switch (what) {
                case PROBES -> emitProbes(Phase.TOTALS);
                case COUNTERS -> commitCounters(Phase.END);
                case PATTERNS -> emitPatterns();
                case ITERATIONS -> emitIterations();
                default -> reader.commitEnd();
            }
        }
    }

    /** Undoes an opening step: a periodic event's hook removed, or the counter reader stopped (not a lambda, as above). */
    private static final class Undo implements AutoCloseable {
        private final Runnable hook;
        private final CounterReader reader;

        private Undo(Runnable hook, CounterReader reader) {
            this.hook = hook;
            this.reader = reader;
        }

        static Undo periodic(Runnable hook) {
            return new Undo(hook, null);
        }

        static Undo stopping(CounterReader reader) {
            return new Undo(null, reader);
        }

        @Override
        public void close() {
            if (hook != null) {
                FlightRecorder.removePeriodicEvent(hook);
            } else {
                reader.stop();
            }
        }
    }

    /** A window opened by perfstat attach on a JVM whose agent was already running: a recording of its own. */
    private record Window(Recording recording, Path part, Path out, Thread timer, Messages say, Thread atExit) {
    }

    private AgentSession(AgentOptions options, Instrumentation inst, Path outFile, Path partFile, Recording recording,
                         ProbeInstaller installer, CounterSet counterSet, CounterReader reader, long timerCostNs,
                         long startCpuNs) {
        this.options = options;
        this.inst = inst;
        this.outFile = outFile;
        this.partFile = partFile;
        this.recording = recording;
        this.installer = installer;
        this.counterSet = counterSet;
        this.reader = reader;
        this.perfHook = reader == null ? null : new Hook(Hook.PERF);
        this.timerCostNs = timerCostNs;
        this.startCpuNs = startCpuNs;
        this.say = Messages.to(options.messages());
    }

    /**
     * Starts recording, counting and probing as {@code o} says. An attached session
     * ({@code attached} or a {@code duration}) writes its recording when closed; any other when
     * the JVM exits.
     */
    static AgentSession open(AgentOptions o, Instrumentation inst) throws AgentOptions.BadOption, IOException {
        return open(o, inst, null);
    }

    /** @param bootReason why the probe runtime is not on the boot class path (JDK classes cannot be probed), or null */
    static AgentSession open(AgentOptions o, Instrumentation inst, String bootReason) throws AgentOptions.BadOption, IOException {
        LateWindow late = LateWindow.of(o);
        List<ProbeFilter> filters = filters(o, late);
        Path out = freePath(Path.of(o.out()), Messages.to(o.messages()));
        boolean attached = attachedOptions(o);
        Path part = attached ? out.resolveSibling(out.getFileName() + ".part") : null;
        List<AutoCloseable> undo = new ArrayList<>();
        long cpuAtStart = ProcessCounters.statTaskClockNs(); // /proc/self/stat alone, not every thread's files
        // nothing probed: no probe runtime, no Byte Buddy, no timer calibration (nothing to correct)
        ProbeInstaller installer = filters.isEmpty() ? null : installer(o, filters, bootReason);
        Thread ready = StartUp.begin(installer, !o.events().isEmpty()); // alongside JFR's start
        try {
            // a JDK settings file samples from the start anyway: then the samples' settings are the recording's first,
            // and JFR writes every type's settings once (JMC's rules count one jdk.ActiveSetting "enabled" a type)
            boolean samplesAtStart = o.samples() && o.jfrSettings() != null;
            Recording r = attached ? RecordingSession.start(part, o.contentionNs(), false, samplesAtStart, o.jfrSettings())
                    : RecordingSession.start(out, o.contentionNs(), true, samplesAtStart, o.jfrSettings());
            undo.add(r);
            StartUp.await(ready);
            // probes first, counters last: the window opens once the agent is ready, so that its own
            // start (JFR, Byte Buddy, the timer's calibration) is not counted as the application's
            long timerCost = installer == null ? 0 : installProbes(o, installer, late, inst, undo, r);
            registerEvents(installer != null, !o.events().isEmpty(), late != null, o.iteration() != null);
            if (!attached) {
                quietJit(o);
            }
            long startCpuNs = ProcessCounters.statTaskClockNs() - cpuAtStart;
            // before the window opens: the events' commits and /sys's reads are not counted as the application's
            commitAgentEvent(o, installer, timerCost, startCpuNs, o.describeForRecording());
            commitCounters(Phase.START);
            Counting counting = openCounters(o, undo);
            timeTransformation(installer, counting.reader());
            if (o.samples() && !samplesAtStart) {
                RecordingSession.enableSamples(r); // once the agent is ready: its own start is not sampled
            }
            AgentSession s = new AgentSession(o, inst, attached ? out : null, part, r, installer, counting.set(),
                    counting.reader(), timerCost, startCpuNs);
            s.late = late;
            s.addPeriodicEvents(undo);
            if (late != null) {
                late.attach(s, counting.set() == null ? 0 : counting.set().windowNs());
            }
            if (attached) {
                s.sayMatches(); // a running JVM has its classes loaded: the counts mean something now
            } else {
                sayUnmatchedAtExit(installer, inst);
            }
            if (o.parentPid() > 0) {
                exitWith(o.parentPid());
            }
            return s;
        } catch (IOException | RuntimeException | Error e) {
            StartUp.await(ready);
            undoAll(undo);
            if (installer != null) {
                Probes.reset();
            }
            throw e;
        }
    }

    /** Puts the probes in place (the late window's trigger armed first); their removal added to {@code undo}; the timer's cost. */
    private static long installProbes(AgentOptions o, ProbeInstaller installer, LateWindow late, Instrumentation inst,
                                      List<AutoCloseable> undo, Recording r) {
        Probes.configureSampling(samplingPeriod(o));
        if (late != null && late.filter() != null) {
            Probes.onFirstCall(late::firstCall); // before the probes are in place: their first call finds it
            installer.trigger(late.filter());
        }
        if (o.iteration() != null) {
            // what a change of level can be matched with besides compilations and GCs: deoptimisations, few a run
            r.enable(perfstat.format.JdkEvent.DEOPTIMIZATION.type()).withoutStackTrace();
            perfstat.agent.probe.IterationSeries.clocks(new IterationClock(IterationClock.CPU, o),
                    new IterationClock(IterationClock.ALLOCATED, o));
            installer.iteration(ProbeFilter.parse(o.iteration()));
        }
        undo.add(() -> installer.uninstall(inst));
        installer.install(inst);
        return timerOverheadNs();
    }

    /** Whether {@code o} loads the agent into a running JVM (attach), where the window opens when asked. */
    private static boolean attachedOptions(AgentOptions o) {
        return o.durationMs() > 0 || o.attached();
    }

    /** The methods to probe: those {@code o} names, the one that opens a late window and the iteration's. */
    private static List<ProbeFilter> filters(AgentOptions o, LateWindow late) throws AgentOptions.BadOption {
        return withFilter(withFilter(o.filters(), late == null ? null : late.filter()),
                o.iteration() == null ? null : ProbeFilter.parse(o.iteration()));
    }

    /** {@code filters} with {@code f} (the method that opens a late window, or the iteration's), where it is not among them. */
    private static List<ProbeFilter> withFilter(List<ProbeFilter> filters, ProbeFilter f) {
        if (f == null || filters.contains(f)) {
            return filters;
        }
        List<ProbeFilter> all = new ArrayList<>(filters);
        all.add(f);
        return all;
    }

    /**
     * Opens the counters' window late ({@link LateWindow}): the totals now, phase late-start, the baseline a reader
     * subtracts; the perf counters last, nearest the opening. Returns the time since the counters opened, in ns.
     */
    long openLate() {
        commitCounters(Phase.LATE_START);
        emitProbes(Phase.LATE_START);
        if (reader == null) {
            return System.nanoTime() - openedNs;
        }
        long w = reader.commitWindow(Phase.LATE_START);
        reader.logBase();
        return w;
    }

    /** The probe installer of {@code o}'s filters; its transformer timed on the application's threads, by the roles' rule. */
    private static ProbeInstaller installer(AgentOptions o, List<ProbeFilter> filters, String bootReason) {
        ProbeInstaller installer = new ProbeInstaller(filters, Messages.to(o.messages())::say).bootReason(bootReason)
                .mergeOverloads(o.probesMerge());
        installer.clock().applicationThreads(n -> perfstat.format.ThreadRoles.of(n) == perfstat.format.ThreadRole.APPLICATION)
                .nativeClock(o.events().isEmpty() ? null : perfstat.agent.counters.ThreadCpu::nowNs);
        return installer;
    }

    /** Has the counter reader record the transformer's time on the application's threads from the window's opening. */
    private static void timeTransformation(ProbeInstaller installer, CounterReader reader) {
        if (installer != null && reader != null && installer.clock().available()) {
            reader.transformClock(installer.clock()::applicationNs);
        }
    }

    /**
     * Registers with JFR the event classes that the session commits (JFR rewrites each class as it
     * loads and registers it, tens of milliseconds for the first), so that this is part of the
     * agent's start and not of the counters' window, which opens next, or of the JVM's exit; only
     * those this session commits (the probes' with probes, the counters' with counters, the late
     * window's with a late window), as each costs the start a few milliseconds.
     */
    private static void registerEvents(boolean probes, boolean counting, boolean late, boolean iterations) {
        List<Class<? extends jdk.jfr.Event>> events = new ArrayList<>(List.of(CountersEvent.class, AgentEvent.class,
                perfstat.agent.events.SetupEvent.class));
        if (late) { // committed only where the window opens late: a class JFR rewrites for nothing otherwise
            events.add(perfstat.agent.events.LateWindowEvent.class);
        }
        if (counting) {
            events.add(PerfCounterEvent.class);
            events.add(CounterReaderEvent.class);
            events.add(ThreadRoleEvent.class);
            events.add(perfstat.agent.events.ThreadRoleCounterEvent.class);
            events.add(perfstat.agent.events.MachineEvent.class);
        }
        if (iterations) {
            events.add(perfstat.agent.events.IterationsEvent.class);
        }
        if (probes) {
            events.add(ProbeEvent.class);
            events.add(ProbePatternEvent.class);
            events.add(perfstat.agent.events.NotProbedEvent.class);
        }
        for (Class<? extends jdk.jfr.Event> e : events) {
            FlightRecorder.register(e);
        }
    }

    /**
     * Started with the JVM: what JFR's start and the agent's queued for the JIT, and the counter reader's procfs path,
     * compiled before the window opens, not in it ({@code jit-wait}). Not for an attached session: in a running JVM the
     * compiler's work is mostly the application's, and the window opens at once.
     */
    private static void quietJit(AgentOptions o) {
        if (o.jitWaitMs() <= 0) {
            return;
        }
        if (!o.events().isEmpty()) {
            perfstat.agent.counters.ReaderWarmUp.run(WARM_UP_READS);
        }
        JitQuiet.await(o.jitWaitMs());
    }

    /** The counters and their reader, or two nulls where {@code events=none}. */
    private record Counting(CounterSet set, CounterReader reader) {
    }

    /** One call in how many is timed: every call for exact timing, none for none. */
    private static int samplingPeriod(AgentOptions o) {
        return switch (o.timing()) {
            case EXACT -> 1;
            case OFF -> 0;
            case SAMPLED -> o.sample();
        };
    }

    /** Opens the counters {@code o} names (and perf's window with them), each step's undoing added to {@code undo}. */
    private static Counting openCounters(AgentOptions o, List<AutoCloseable> undo) throws IOException {
        if (o.events().isEmpty()) {
            return new Counting(null, null);
        }
        PerfControl perf = perfControl(o);
        CounterSet set = CounterSet.open(o.events());
        undo.add(set);
        if (perf != null) {
            if (!perf.send("enable") && o.perfAck() != null) { // perf's window opens with perfstat's
                Messages.to(o.messages()).say("perf did not acknowledge 'enable' on " + o.perfAck()
                        + " within a second; its window may open after perfstat's");
            }
        }
        CounterReader reader = new CounterReader(set, o.intervalMs() * 1_000_000L,
                o.intervalLog() == null ? null : Path.of(o.intervalLog()), perf);
        undo.add(Undo.stopping(reader));
        return new Counting(set, reader);
    }

    /** Registers the periodic events' hooks (and starts the counter reader), their removal added to {@code undo}. */
    private void addPeriodicEvents(List<AutoCloseable> undo) {
        FlightRecorder.addPeriodicEvent(CountersEvent.class, countersHook);
        undo.add(Undo.periodic(countersHook));
        if (late != null) {
            Runnable hook = late::commit;
            lateHook = hook;
            FlightRecorder.addPeriodicEvent(perfstat.agent.events.LateWindowEvent.class, hook);
            undo.add(() -> FlightRecorder.removePeriodicEvent(hook));
        }
        if (installer != null) { // nothing probed: no probe or pattern events to emit, and their classes never load
            FlightRecorder.addPeriodicEvent(ProbeEvent.class, probesHook);
            undo.add(Undo.periodic(probesHook));
            FlightRecorder.addPeriodicEvent(ProbePatternEvent.class, patternsHook);
            undo.add(Undo.periodic(patternsHook));
            if (options.iteration() != null) {
                Hook iterations = new Hook(Hook.ITERATIONS);
                FlightRecorder.addPeriodicEvent(perfstat.agent.events.IterationsEvent.class, iterations);
                undo.add(Undo.periodic(iterations));
            }
        }
        if (reader != null) {
            FlightRecorder.addPeriodicEvent(PerfCounterEvent.class, perfHook);
            undo.add(Undo.periodic(perfHook));
            reader.start();
        }
    }

    /** Undoes what {@code undo} holds, last first, as much as can be undone. */
    private static void undoAll(List<AutoCloseable> undo) {
        for (int i = undo.size() - 1; i >= 0; i--) {
            try {
                undo.get(i).close();
            } catch (Exception | Error ignored) {
                // undoing as much as can be undone
            }
        }
    }

    /**
     * The JVM exits (status 143, as by SIGTERM: shutdown hooks run, the recording is written)
     * when process {@code pid} ends: a JVM that perfstat started never outlives it. A thread of
     * perfstat's own looks once a second (the observer's role), not {@code ProcessHandle.onExit},
     * whose JDK "process reaper" thread would count in the application's role.
     */
    private static void exitWith(long pid) {
        Thread watch = new Thread(new ParentWatch(ProcessHandle.of(pid).orElse(null), pid), "perfstat-parent-watch");
        watch.setDaemon(true);
        watch.start();
    }

    /** Waits for perfstat's process to end, then has the JVM exit. Not a lambda: met at the agent's start. */
    private static final class ParentWatch implements Runnable {
        private final ProcessHandle parent;
        private final long pid;

        ParentWatch(ProcessHandle parent, long pid) {
            this.parent = parent;
            this.pid = pid;
        }

        @Override
        public void run() {
            try {
                while (parent != null && parent.isAlive()) {
                    Thread.sleep(1000);
                }
            } catch (InterruptedException e) {
                return; // the JVM is going down anyway
            }
            System.err.println("perfstat agent: perfstat (pid " + pid + ") has ended; this JVM exits with it");
            System.exit(143);
        }
    }

    private static PerfControl perfControl(AgentOptions o) {
        if (o.perfCtl() == null) {
            return null;
        }
        try {
            return new PerfControl(o.perfCtl(), o.perfAck());
        } catch (IOException e) {
            Messages.to(o.messages()).say("cannot open perf's control FIFO " + o.perfCtl() + "; counting without it");
            return null;
        }
    }

    AgentOptions options() {
        return options;
    }

    /** The counts so far, for a reader in this JVM ({@link Agent#counts(boolean)}); with {@code roles}, by thread role too. */
    Agent.Counts counts(boolean roles) {
        Map<String, Double> events = new java.util.LinkedHashMap<>();
        Map<perfstat.format.ThreadRole, Long> byRole = new java.util.EnumMap<>(perfstat.format.ThreadRole.class);
        String rolesNote = null;
        if (counterSet != null) {
            List<CounterSet.Reading> read = counterSet.read();
            for (CounterSet.Reading r : read) {
                if (r.status() == perfstat.format.CounterStatus.COUNTED) {
                    events.put(r.event(), r.scaled());
                }
            }
            if (roles) {
                rolesNote = counterSet.rolesNote();
                for (CounterSet.RoleReading r : counterSet.roles(read)) {
                    byRole.put(r.role(), r.taskClockNs());
                }
            }
        }
        Map<String, Long> calls = new java.util.LinkedHashMap<>();
        if (installer != null) {
            for (Probes.Summary p : Probes.snapshot()) {
                calls.put(p.name(), p.calls());
            }
        }
        return new Agent.Counts(events, calls, byRole, rolesNote);
    }

    /** The events this session cannot count, with the reason, by perf's name. */
    Map<String, String> notCounted() {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        if (counterSet != null) {
            for (CounterSet.Reading r : counterSet.read()) {
                if (r.status() != perfstat.format.CounterStatus.COUNTED) {
                    out.put(r.event(), r.source());
                }
            }
        }
        return out;
    }

    /** Whether this session writes its recording when closed (loaded into a running JVM) rather than at exit. */
    boolean attached() {
        return outFile != null;
    }

    /** Closes the session after {@code ms} unless closed first; {@code action} does the closing. */
    synchronized void closeAfter(long ms, Runnable action) {
        detacher = after(ms, "perfstat-detach", action);
    }

    /** Detaches: the reverse of {@link #open}, for an attached session. Never throws. */
    synchronized void close() {
        if (closed || !attached()) {
            return;
        }
        closed = true;
        if (detacher != null && detacher != Thread.currentThread()) {
            detacher.interrupt(); // its window ends now; it must not end a later one
        }
        detacher = null;
        closeWindow();
        try {
            if (installer != null) {
                installer.uninstall(inst);
            }
            if (reader != null) {
                reader.stop();
                reader.commitEnd();
            }
            try { // what the probes counted is lost where this fails; the recording is still written
                emitProbes(Phase.TOTALS);
                emitPatterns();
            } catch (Throwable t) {
                say.say("could not record the probes' totals (" + t + ")");
            }
            commitCounters(Phase.END);
            FlightRecorder.removePeriodicEvent(countersHook);
            if (late != null) {
                late.commit(); // whether the window opened, as the recording ends
                FlightRecorder.removePeriodicEvent(lateHook);
            }
            if (installer != null) {
                FlightRecorder.removePeriodicEvent(probesHook);
                FlightRecorder.removePeriodicEvent(patternsHook);
            }
            if (perfHook != null) {
                FlightRecorder.removePeriodicEvent(perfHook);
            }
            seal(recording, partFile, outFile);
            if (counterSet != null) {
                counterSet.close();
            }
        } catch (Throwable t) {
            say.say("detaching failed (" + t + ")");
        } finally {
            if (installer != null) {
                try {
                    Probes.reset();
                } catch (Throwable t) { // never out of this thread into the host's stderr
                    say.say("could not reset the probes' counts (" + t + ")");
                }
            }
        }
    }

    /**
     * perfstat attach on a JVM that already runs the agent: its probes and counters go on, and
     * a recording of its own takes the window, with the totals as the window opens and as it
     * closes (phases window-start, window-end), whose differences are the window's counts.
     * The window's file appears whole when it closes. Never throws.
     */
    synchronized void openWindow(AgentOptions w) {
        Messages wSay = Messages.to(w.messages());
        if (window != null) {
            wSay.say("a window is already open in this JVM; ignoring the second");
            return;
        }
        try {
            Path out = freePath(Path.of(w.out()), wSay);
            Path part = out.resolveSibling(out.getFileName() + ".part");
            Recording r = RecordingSession.start(part, options.contentionNs(), false, true, options.jfrSettings());
            commitAgentEvent(options.describeForRecording() + Agent.WINDOW_NOTE);
            emitProbes(Phase.WINDOW_START);
            commitCounters(Phase.WINDOW_START);
            if (reader != null) {
                reader.commitWindow(Phase.WINDOW_START);
                if (w.intervalLog() != null) {
                    reader.startWindowLog(Path.of(w.intervalLog()));
                }
            }
            Thread atExit = new Thread(this::windowEndsAtExit, "perfstat-window-exit");
            Runtime.getRuntime().addShutdownHook(atExit);
            window = new Window(r, part, out, w.durationMs() > 0 ? after(w.durationMs(), "perfstat-window", this::closeWindow) : null,
                    wSay, atExit);
        } catch (IOException | RuntimeException e) {
            wSay.say("could not open a window (" + e.getMessage() + "); the agent goes on");
        }
    }

    /** Ends the window, if one is open: the closing totals, then its recording is written and moved into place. Never throws. */
    synchronized boolean closeWindow() {
        Window w = window;
        if (w == null) {
            return false;
        }
        window = null;
        if (w.timer() != null && w.timer() != Thread.currentThread()) {
            w.timer().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(w.atExit());
        } catch (IllegalStateException e) {
            // the JVM is exiting: the hook has run or runs
        }
        try {
            emitProbes(Phase.WINDOW_END);
            commitCounters(Phase.WINDOW_END);
            if (reader != null) {
                reader.endWindowLog();
                reader.commitWindow(Phase.WINDOW_END);
            }
            seal(w.recording(), w.part(), w.out());
        } catch (Throwable t) {
            w.say().say("closing the window failed (" + t + ")");
        }
        return true;
    }

    /**
     * The JVM exits with a window open: its closing totals (phase window-end) go into the
     * window's recording, which JFR then stops and writes to its {@code .part} as the JVM ends
     * (perfstat attach moves it into place). JFR's own shutdown hook runs alongside; where it
     * stops the recording first, the window's recording ends without them.
     */
    private synchronized void windowEndsAtExit() {
        if (window == null) {
            return;
        }
        try {
            emitProbes(Phase.WINDOW_END);
            commitCounters(Phase.WINDOW_END);
            if (reader != null) {
                reader.commitWindow(Phase.WINDOW_END);
            }
        } catch (Throwable t) {
            // the JVM is exiting; the recording holds what it holds
        }
    }

    /** Stops a recording (which writes {@code part}), then makes it the user's alone and moves it to {@code out} whole. */
    private static void seal(Recording r, Path part, Path out) throws IOException {
        r.stop();
        r.close();
        try {
            Files.setPosixFilePermissions(part, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException | UnsupportedOperationException e) {
            // not POSIX: the platform's default
        }
        Files.move(part, out, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A daemon thread that runs {@code action} after {@code ms}, unless interrupted first (the window ended early). */
    private static Thread after(long ms, String name, Runnable action) {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                return; // stopped early: this window is over already
            }
            action.run();
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** What the agent is and runs with: the recording's perfstat.Agent event. */
    private void commitAgentEvent(String optionsText) {
        commitAgentEvent(options, installer, timerCostNs, startCpuNs, optionsText);
    }

    /** The perfstat.Agent and perfstat.Setup events of a session with these options, probes and costs. */
    private static void commitAgentEvent(AgentOptions options, ProbeInstaller installer, long timerCostNs, long startCpuNs,
                                         String optionsText) {
        AgentEvent e = new AgentEvent();
        e.formatVersion = perfstat.format.RecordingFormat.VERSION;
        e.agentVersion = Agent.version();
        e.options = optionsText;
        e.jvmVersion = Runtime.version().toString();
        e.cores = Runtime.getRuntime().availableProcessors();
        e.instrumentedMethods = installer == null ? 0 : installer.instrumentedMethods();
        e.timerOverheadNs = timerCostNs;
        e.startCpuNs = startCpuNs;
        e.contentionThresholdNs = options.contentionNs();
        e.program = program();
        e.commit();
        perfstat.agent.recording.MachineSetup.commitEvent();
    }

    /** The program this JVM runs, by name only ({@link perfstat.format.ProgramName}); "" where it cannot say. */
    private static String program() {
        try {
            return perfstat.format.ProgramName.of(System.getProperty("sun.java.command"));
        } catch (RuntimeException e) {
            return ""; // never into the host application
        }
    }

    /** The output file, or the first {@code NAME.N.jfr} that does not exist: an existing file is never overwritten. */
    static Path freePath(Path out, Messages say) {
        if (!Files.exists(out)) {
            return out;
        }
        String name = out.getFileName().toString();
        String stem = name.endsWith(".jfr") ? name.substring(0, name.length() - 4) : name;
        for (int i = 1; ; i++) {
            Path p = out.resolveSibling(stem + "." + i + ".jfr");
            if (!Files.exists(p)) {
                say.say(out + " exists; recording to " + p);
                return p;
            }
        }
    }

    private static void commitCounters(String phase) {
        ProcessCounters.Sample s = ProcessCounters.read();
        CountersEvent e = new CountersEvent();
        e.phase = phase;
        e.taskClockNs = s.taskClockNs();
        e.voluntaryContextSwitches = s.voluntaryContextSwitches();
        e.involuntaryContextSwitches = s.involuntaryContextSwitches();
        e.cpuMigrations = s.cpuMigrations();
        e.minorFaults = s.minorFaults();
        e.majorFaults = s.majorFaults();
        e.source = s.source();
        e.commit();
    }

    /**
     * One line as an attached session starts: how many methods each pattern has matched so far
     * (classes loaded later may add more). At JVM start nothing is loaded yet, and the agent
     * leaves the host's stderr alone; the recording says at the end what each pattern matched.
     */
    private void sayMatches() {
        if (installer == null) {
            return;
        }
        Map<String, Long> m = installer.matchesByPattern();
        if (m.isEmpty()) {
            return;
        }
        List<String> parts = new ArrayList<>();
        m.forEach((pattern, n) -> parts.add("'" + pattern + "' " + (n == 0 ? "none yet" : n == 1 ? "1 method" : n + " methods")));
        say.say("probes so far: " + String.join(", ", parts));
    }

    /**
     * At JVM exit, one line on stderr naming the patterns that matched no method (a typo, or a
     * class never loaded), each with the loaded names nearest to it ({@link ProbeHints}); nothing
     * when every pattern matched (a pattern whose methods could not be probed was said as they were).
     * Never throws into the host.
     */
    private static void sayUnmatchedAtExit(ProbeInstaller installer, Instrumentation inst) {
        if (installer == null || installer.matchesByPattern().isEmpty()) {
            return;
        }
        Thread hook = new Thread(() -> {
            try {
                Map<String, Long> matches = new java.util.LinkedHashMap<>(installer.matchesByPattern());
                installer.notProbed().forEach(n -> matches.remove(n.pattern())); // matched, not probed: said apart
                String line = ProbeHints.line(hints(matches, inst));
                if (line != null) {
                    System.err.println("perfstat agent: " + line);
                }
            } catch (RuntimeException | Error ignored) {
                // the host's exit goes on
            }
        }, "perfstat-unmatched");
        hook.setDaemon(true);
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException | SecurityException ignored) {
            // the JVM is already exiting
        }
    }

    /** The nearest loaded names of each pattern that matched nothing; the loaded classes are looked at only then. */
    private static Map<String, List<String>> hints(Map<String, Long> matches, Instrumentation inst) {
        try {
            return matches.containsValue(0L) ? ProbeHints.forUnmatched(matches, inst.getAllLoadedClasses()) : Map.of();
        } catch (RuntimeException | LinkageError e) {
            return Map.of(); // the patterns are still named, without candidates
        }
    }

    private void emitPatterns() {
        if (installer == null) {
            return;
        }
        Map<String, Long> matches = installer.matchesByPattern();
        Map<String, List<String>> hints = hints(matches, inst);
        matches.forEach((pattern, n) -> {
            ProbePatternEvent e = new ProbePatternEvent();
            e.pattern = pattern;
            e.methods = n;
            e.candidates = String.join(", ", hints.getOrDefault(pattern, List.of()));
            e.installerErrors = installer.errors();
            e.classesInvisible = installer.skippedInvisible();
            e.probesDropped = installer.probesDropped();
            e.commit();
        });
        for (ProbeInstaller.NotProbedMethod m : installer.notProbed()) {
            perfstat.agent.events.NotProbedEvent e = new perfstat.agent.events.NotProbedEvent();
            e.method = m.method();
            e.reason = m.reason().text();
            e.detail = m.detail();
            e.pattern = m.pattern();
            e.commit();
        }
    }

    /** The iterations ended since the last block, in blocks of at most 1,024 (a block's series a few kB of text each). */
    private void emitIterations() {
        long dropped = perfstat.agent.probe.IterationSeries.dropped();
        long threads = perfstat.agent.probe.IterationSeries.threads();
        for (perfstat.agent.probe.IterationSeries.Batch b : perfstat.agent.probe.IterationSeries.drain(1024)) {
            perfstat.agent.events.IterationsEvent e = new perfstat.agent.events.IterationsEvent();
            e.begin();
            long clock = System.nanoTime();
            long[] ends = new long[b.count()];
            for (int i = 0; i < ends.length; i++) {
                ends[i] = i == 0 ? clock - b.endNs()[0] : b.endNs()[i] - b.endNs()[i - 1];
            }
            e.method = options.iteration();
            e.first = b.first();
            e.count = b.count();
            e.clockNs = clock;
            e.ends = perfstat.format.SeriesCodec.encode(ends, ends.length);
            e.wallNs = perfstat.format.SeriesCodec.encode(b.wallNs(), b.count());
            e.cpuNs = perfstat.format.SeriesCodec.encode(b.cpuNs(), b.count());
            e.allocatedBytes = perfstat.format.SeriesCodec.encode(b.allocatedBytes(), b.count());
            e.dropped = dropped;
            e.threads = threads;
            e.commit();
        }
    }

    /**
     * A clock an iteration reads ({@link perfstat.agent.probe.IterationSeries#clocks}): its thread's CPU time (the
     * native layer's where it reads, else the JDK's {@code ThreadMXBean}) or the bytes its thread allocated (the JDK's
     * {@code com.sun.management.ThreadMXBean}); -1 where it cannot say. Only with {@code iteration=}: then
     * java.lang.management is loaded into the host (a host's own first use of it is cheaper for it).
     */
    private static final class IterationClock implements java.util.function.LongSupplier {
        static final int CPU = 0;
        static final int ALLOCATED = 1;
        private final int what;
        private final boolean nativeCpu;
        private final java.lang.management.ThreadMXBean threads;
        private final com.sun.management.ThreadMXBean allocation;

        IterationClock(int what, AgentOptions o) {
            this.what = what;
            boolean fromNative = false;
            if (what == CPU && !o.events().isEmpty()) {
                try {
                    fromNative = perfstat.agent.counters.ThreadCpu.nowNs() >= 0;
                } catch (RuntimeException | LinkageError e) {
                    fromNative = false;
                }
            }
            this.nativeCpu = fromNative;
            java.lang.management.ThreadMXBean t = null;
            com.sun.management.ThreadMXBean a = null;
            try {
                if (!fromNative) {
                    t = java.lang.management.ManagementFactory.getThreadMXBean();
                    if (what == CPU && !t.isCurrentThreadCpuTimeSupported()) {
                        t = null;
                    }
                    if (what == ALLOCATED && t instanceof com.sun.management.ThreadMXBean sun
                            && sun.isThreadAllocatedMemorySupported() && sun.isThreadAllocatedMemoryEnabled()) {
                        a = sun;
                        a.getCurrentThreadAllocatedBytes();
                    }
                }
            } catch (RuntimeException | LinkageError e) {
                t = null;
                a = null;
            }
            this.threads = t;
            this.allocation = a;
        }

        @Override
        public long getAsLong() {
            if (what == ALLOCATED) {
                return allocation == null ? -1 : allocation.getCurrentThreadAllocatedBytes();
            }
            if (nativeCpu) {
                return perfstat.agent.counters.ThreadCpu.nowNs();
            }
            return threads == null ? -1 : threads.getCurrentThreadCpuTime();
        }
    }

    private void emitProbes(String phase) {
        if (installer == null) {
            return; // nothing probed
        }
        String timing = options.timing().text();
        long failures = Probes.failures();
        for (Probes.Summary s : Probes.snapshot()) {
            ProbeEvent e = new ProbeEvent();
            e.probe = s.name();
            e.phase = phase;
            e.calls = s.calls();
            e.timedCalls = s.latencyNs().getTotalCount();
            e.timing = timing;
            e.sampleMeanGap = Probes.sampleMean() == Long.MAX_VALUE ? 0 : Probes.sampleMean();
            e.histogram = HistogramCodec.encode(s.latencyNs());
            e.failures = failures;
            e.commit();
        }
    }

    /**
     * The cost of a back-to-back pair of System.nanoTime() calls: the lowest mean over a few
     * batches, long enough for the JIT to compile the loop (about 5 ms, once, at start).
     */
    static long timerOverheadNs() {
        long best = Long.MAX_VALUE;
        long sink = 0;
        for (int batch = 0; batch < 6; batch++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 20_000; i++) {
                sink += System.nanoTime() - System.nanoTime();
            }
            best = Math.min(best, (System.nanoTime() - t0) / 20_000);
        }
        return best + (sink == Long.MIN_VALUE ? 1 : 0);
    }
}

package perfstat.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.FlightRecorder;
import perfstat.agent.counters.CounterReader;
import perfstat.agent.counters.CounterSet;
import perfstat.agent.counters.PerfControl;
import perfstat.agent.counters.ProcessCounters;
import perfstat.agent.events.AgentEvent;
import perfstat.agent.events.CountersEvent;
import perfstat.agent.events.HistogramCodec;
import perfstat.agent.events.PerfCounterEvent;
import perfstat.agent.events.ProbeEvent;
import perfstat.agent.probe.ProbeFilter;
import perfstat.agent.probe.ProbeInstaller;
import perfstat.agent.probe.Probes;
import perfstat.agent.recording.RecordingSession;

/**
 * {@code -javaagent:perfstat.jar[=options]}: probes methods, reads the process's counters
 * and writes everything into one JFR recording when the JVM exits. See {@link AgentOptions}.
 *
 * <p>The agent never harms its host: every failure here ends in one line on stderr and
 * the application runs on, unmeasured.
 */
public final class Agent {

    /** Set while the agent runs in this JVM, for perfstat ps. */
    public static final String LOADED_PROPERTY = "perfstat.agent";
    private static boolean started;
    private static AgentOptions options;
    /** What a detach must undo (attach mode). */
    private static Instrumentation instrumentation;
    private static jdk.jfr.Recording recording;
    private static ProbeInstaller installer;
    private static CounterReader reader;
    private static CounterSet counterSet;
    private static Path partFile;
    private static Path outFile;
    private static final Runnable PROBES_HOOK = () -> emitProbes("");
    private static final Runnable COUNTERS_HOOK = () -> commitCounters("end");
    private static Runnable perfHook;
    private static Thread detacher;
    /** A window opened by perfstat attach on a JVM whose agent was already running (perfstat run, -javaagent). */
    private static jdk.jfr.Recording windowRecording;
    private static Path windowPart;
    private static Path windowOut;
    private static Thread windowTimer;
    /** The timer's cost, measured once when the agent starts; a window reports the same. */
    private static long timerCostNs;
    /** The end of a window's perfstat.Agent options: how a reader tells a window's recording from the agent's own. */
    public static final String WINDOW_NOTE = " (window of an agent already running)";

    private Agent() {
    }

    public static void premain(String args, Instrumentation inst) {
        start(args, inst);
    }

    /**
     * Loaded into a running JVM ({@code perfstat attach}). With {@code duration=D} the agent
     * records for that long, then detaches by itself: probes removed (classes back to their
     * original bytecode), its threads stopped, its recording written to {@code out} (owner-only
     * permissions, complete before it appears) and closed. {@code stop} as the whole argument
     * detaches at once.
     */
    public static void agentmain(String args, Instrumentation inst) {
        if ("stop".equals(args)) {
            synchronized (Agent.class) {
                if (windowRecording != null) {
                    closeWindow();
                    return;
                }
            }
            stop();
            return;
        }
        start(args, inst);
        synchronized (Agent.class) {
            if (started && options.durationMs() > 0) {
                detacher = after(options.durationMs(), "perfstat-detach", Agent::stop);
            }
        }
    }

    /** Detaches: the reverse of start, for an agent loaded into a running JVM. Never throws. */
    public static synchronized void stop() {
        if (!started || partFile == null) {
            return;
        }
        if (detacher != null && detacher != Thread.currentThread()) {
            detacher.interrupt(); // its window ends now; it must not end a later one
        }
        detacher = null;
        try {
            if (installer != null) {
                installer.uninstall(instrumentation);
            }
            if (reader != null) {
                reader.stop();
                reader.commitEnd();
            }
            emitProbes("");
            commitCounters("end");
            FlightRecorder.removePeriodicEvent(PROBES_HOOK);
            FlightRecorder.removePeriodicEvent(COUNTERS_HOOK);
            if (perfHook != null) {
                FlightRecorder.removePeriodicEvent(perfHook);
            }
            seal(recording, partFile, outFile);
            if (counterSet != null) {
                counterSet.close();
            }
        } catch (Throwable t) {
            System.err.println("perfstat agent: detaching failed (" + t + ")");
        } finally {
            Probes.reset();
            installer = null;
            reader = null;
            counterSet = null;
            perfHook = null;
            recording = null;
            partFile = null;
            started = false;
            System.clearProperty(LOADED_PROPERTY);
        }
    }

    /** Stops a recording (which writes {@code part}), then makes it the user's alone and moves it to {@code out} whole. */
    private static void seal(jdk.jfr.Recording r, Path part, Path out) throws IOException {
        r.stop();
        r.close();
        ownerOnly(part);
        Files.move(part, out, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static void ownerOnly(Path p) {
        try {
            Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        } catch (IOException | UnsupportedOperationException e) {
            // not POSIX: the platform's default
        }
    }

    private static synchronized void start(String args, Instrumentation inst) {
        try {
            if (started) {
                AgentOptions w = AgentOptions.parse(args);
                if (w.attached() || w.durationMs() > 0) {
                    try {
                        openWindow(w);
                    } catch (IOException | RuntimeException e) {
                        windowRecording = null;
                        System.err.println("perfstat agent: could not open a window (" + e.getMessage() + "); the agent goes on");
                    }
                } else {
                    System.err.println("perfstat agent: already running in this JVM; ignoring the second start");
                }
                return;
            }
            AgentOptions o = AgentOptions.parse(args);
            List<ProbeFilter> filters = o.filters();
            Path out = freePath(Path.of(o.out()));
            Probes.configureSampling(switch (o.timing()) {
                case EXACT -> 1;
                case OFF -> 0;
                case SAMPLED -> o.sample();
            });
            boolean attached = o.durationMs() > 0 || o.attached();
            if (attached) {
                // written when the window ends, to a name of its own, then moved into place whole
                outFile = out;
                partFile = out.resolveSibling(out.getFileName() + ".part");
                recording = RecordingSession.start(partFile, o.contentionNs(), false);
            } else {
                RecordingSession.start(out, o.contentionNs());
            }
            instrumentation = inst;
            options = o;
            started = true;
            System.setProperty(LOADED_PROPERTY, version()); // what perfstat ps shows
            commitCounters("start");
            startCounters(o);
            FlightRecorder.addPeriodicEvent(ProbeEvent.class, PROBES_HOOK);
            FlightRecorder.addPeriodicEvent(CountersEvent.class, COUNTERS_HOOK);
            installer = new ProbeInstaller(filters);
            installer.install(inst);
            timerCostNs = timerOverheadNs();
            commitAgentEvent(o.describeForRecording());
        } catch (AgentOptions.BadOption e) {
            System.err.println("perfstat agent: " + e.getMessage() + "; the application runs without perfstat");
        } catch (Throwable t) {
            System.err.println("perfstat agent: could not start (" + t.getMessage()
                    + "); the application runs without perfstat");
        }
    }

    /**
     * perfstat attach on a JVM that already runs the agent: its probes and counters go on, and
     * a recording of its own takes the window, with the totals as the window opens and as it
     * closes (phases window-start, window-end), whose differences are the window's counts.
     * The probes and counters stay as they were; the window's file appears whole when it closes.
     */
    private static void openWindow(AgentOptions w) throws IOException {
        if (windowRecording != null) {
            System.err.println("perfstat agent: a window is already open in this JVM; ignoring the second");
            return;
        }
        Path out = freePath(Path.of(w.out()));
        windowOut = out;
        windowPart = out.resolveSibling(out.getFileName() + ".part");
        windowRecording = RecordingSession.start(windowPart, options.contentionNs(), false);
        commitAgentEvent(options.describeForRecording() + WINDOW_NOTE);
        emitProbes("window-start");
        commitCounters("window-start");
        if (reader != null) {
            reader.commitWindow("window-start");
            if (w.intervalLog() != null) {
                reader.startWindowLog(Path.of(w.intervalLog()));
            }
        }
        if (w.durationMs() > 0) {
            windowTimer = after(w.durationMs(), "perfstat-window", Agent::closeWindow);
        }
    }

    /** Ends the window: the closing totals, then its recording is written and moved into place. Never throws. */
    private static synchronized void closeWindow() {
        if (windowRecording == null) {
            return;
        }
        if (windowTimer != null && windowTimer != Thread.currentThread()) {
            windowTimer.interrupt();
        }
        windowTimer = null;
        try {
            emitProbes("window-end");
            commitCounters("window-end");
            if (reader != null) {
                reader.endWindowLog();
                reader.commitWindow("window-end");
            }
            seal(windowRecording, windowPart, windowOut);
        } catch (Throwable t) {
            System.err.println("perfstat agent: closing the window failed (" + t + ")");
        } finally {
            windowRecording = null;
            windowPart = null;
            windowOut = null;
        }
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
    private static void commitAgentEvent(String optionsText) {
        AgentEvent e = new AgentEvent();
        e.formatVersion = perfstat.format.RecordingFormat.VERSION;
        e.agentVersion = version();
        e.options = optionsText;
        e.jvmVersion = Runtime.version().toString();
        e.cores = Runtime.getRuntime().availableProcessors();
        e.instrumentedMethods = installer == null ? 0 : installer.instrumentedMethods();
        e.timerOverheadNs = timerCostNs;
        e.commit();
    }

    /** The output file, or the first {@code NAME.N.jfr} that does not exist: an existing file is never overwritten. */
    static Path freePath(Path out) {
        if (!Files.exists(out)) {
            return out;
        }
        String name = out.getFileName().toString();
        String stem = name.endsWith(".jfr") ? name.substring(0, name.length() - 4) : name;
        for (int i = 1; ; i++) {
            Path p = out.resolveSibling(stem + "." + i + ".jfr");
            if (!Files.exists(p)) {
                System.err.println("perfstat agent: " + out + " exists; recording to " + p);
                return p;
            }
        }
    }

    /** Opens the counters over the whole process and starts the thread that reads them. */
    private static void startCounters(AgentOptions o) {
        if (o.events().isEmpty()) {
            return;
        }
        PerfControl perf = null;
        if (o.perfCtl() != null) {
            try {
                perf = new PerfControl(o.perfCtl());
            } catch (IOException e) {
                System.err.println("perfstat agent: cannot open perf's control FIFO " + o.perfCtl() + "; counting without it");
            }
        }
        CounterSet set = CounterSet.open(o.events());
        if (perf != null) {
            perf.send("enable");
        }
        CounterReader r = new CounterReader(set, o.intervalMs() * 1_000_000L,
                o.intervalLog() == null ? null : Path.of(o.intervalLog()), perf);
        perfHook = r::commitEnd;
        FlightRecorder.addPeriodicEvent(PerfCounterEvent.class, perfHook);
        r.start();
        counterSet = set;
        reader = r;
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

    private static void emitProbes(String phase) {
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

    private static String version() {
        String v = Agent.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}

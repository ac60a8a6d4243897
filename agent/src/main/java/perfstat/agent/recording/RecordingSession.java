package perfstat.agent.recording;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import perfstat.format.Events;

/**
 * The agent's own JFR recording. It starts from no settings at all and enables only
 * perfstat's events and a short list of JDK events that carry no environment, system
 * properties, command line, paths or other processes of the machine. JFR's default
 * settings would record all of those (jdk.InitialEnvironmentVariable,
 * jdk.InitialSystemProperty, jdk.JVMInformation's arguments, jdk.SystemProcess,
 * jdk.NativeLibrary, jdk.ActiveRecording's destination, ...).
 *
 * <p>JFR writes the recording to its destination when the JVM exits, by any path,
 * {@code System.exit} included; periodic {@code endChunk} events (probe totals, the end
 * counters) are emitted just before.
 */
public final class RecordingSession {
    /** perfstat's own events: the agent's, the models' and those of perfstat's JMH profiler. */
    public static final List<String> PERFSTAT_EVENTS = List.of(
            Events.Agent.NAME, Events.Probe.NAME, Events.ProbePattern.NAME, Events.Counters.NAME, Events.PerfCounter.NAME,
            Events.CounterReader.NAME, Events.Workload.NAME, Events.Score.NAME, Events.Result.NAME, Events.ModelCounter.NAME,
            Events.JmhIteration.NAME, Events.ThreadRoleCounts.NAME, Events.Setup.NAME, Events.Machine.NAME,
            Events.LateWindow.NAME, Events.NotProbedMethod.NAME);

    /** The JDK's CPU-time samples (JEP 509): JDK 25 on, Linux only. */
    static final String CPU_TIME_SAMPLE = "jdk.CPUTimeSample";
    /** The JDK's execution samples, where there are no CPU-time samples. */
    static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";

    /**
     * What makes a run comparable that the JDK records of itself, once a chunk: the collector, the heap's sizes, the JIT,
     * a container's limits, and the JVM's flags that are numbers or booleans (jdk.StringFlag, which may hold paths,
     * stays off).
     */
    static final List<String> CONFIGURATION_EVENTS = List.of("jdk.GCConfiguration", "jdk.GCHeapConfiguration",
            "jdk.CompilerConfiguration", "jdk.ContainerConfiguration", "jdk.BooleanFlag", "jdk.IntFlag",
            "jdk.UnsignedIntFlag", "jdk.LongFlag", "jdk.UnsignedLongFlag", "jdk.DoubleFlag");

    /**
     * Every JDK event the agent's recording enables (in {@link #start}; RecordingSessionTest holds the two to each other),
     * all safe to keep: no environment, properties, arguments, paths or processes. A JDK total the reader makes of an
     * event not here shows only on recordings made with {@code jfr-settings} or without perfstat; adding one here is a
     * change of the recording format (docs/recording-format.md lists them).
     */
    public static final List<String> JDK_EVENTS = concat(List.of(
            "jdk.CPUInformation", "jdk.CPULoad", "jdk.GarbageCollection", "jdk.GCHeapSummary",
            "jdk.JavaMonitorEnter", "jdk.ThreadPark", "jdk.ExecutionSample", CPU_TIME_SAMPLE, "jdk.Compilation",
            "jdk.ActiveSetting"), CONFIGURATION_EVENTS);

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new java.util.ArrayList<>(a); // a loop's work, not a stream's, at the JVM's start
        out.addAll(b);
        return List.copyOf(out);
    }

    private RecordingSession() {
    }

    /** Starts recording with the default contention threshold; {@code out} is written when the JVM exits. */
    public static Recording start(Path out) throws IOException {
        return start(out, 10_000);
    }

    /**
     * Starts recording; {@code out} is written when the JVM exits. The JDK's contention events
     * (jdk.JavaMonitorEnter, jdk.ThreadPark) are kept when they block at least {@code contentionNs}.
     */
    public static Recording start(Path out, long contentionNs) throws IOException {
        return start(out, contentionNs, true);
    }

    /** As above; without {@code dumpOnExit} the file is written when the recording is stopped. */
    public static Recording start(Path out, long contentionNs, boolean dumpOnExit) throws IOException {
        return start(out, contentionNs, dumpOnExit, true);
    }

    /**
     * How often a thread is sampled, in ms of its time: JFR's profile setting for execution
     * samples (profile.jfc), at a cost measured in docs/agent.md.
     */
    public static final int SAMPLE_PERIOD_MS = 10;

    /** Whether this JVM takes CPU-time samples: JDK 25 or later, on Linux (the only OS JEP 509 supports). */
    public static boolean cpuTimeSamples() {
        return Runtime.version().feature() >= 25 && System.getProperty("os.name", "").startsWith("Linux");
    }

    /**
     * As above; with {@code samples} the JDK's method samples from the start ({@link #enableSamples}, applied before the
     * recording starts, so that its settings are written once);
     * native method samples are left off (a thread in native code is often merely waiting).
     */
    public static Recording start(Path out, long contentionNs, boolean dumpOnExit, boolean samples) throws IOException {
        return start(out, contentionNs, dumpOnExit, samples, null);
    }

    /**
     * Events a JDK settings file may enable that carry what perfstat's recordings never hold: the environment,
     * system properties, JVM arguments and flags, paths, hosts and processes of the machine, and free text (exception
     * messages, thread dumps) that may hold any of them. With {@code jfr-settings} they stay off. jdk.Shutdown is not
     * among them: its reason is the JVM's own words ("No remaining non-daemon Java threads", "Shutdown requested from
     * Java"), which JMC's "Fatal Errors" rule reads.
     */
    public static final List<String> PRIVATE_EVENTS = List.of(
            "jdk.InitialEnvironmentVariable", "jdk.InitialSystemProperty", "jdk.InitialSecurityProperty",
            "jdk.SecurityPropertyModification", "jdk.JVMInformation", "jdk.SystemProcess", "jdk.ProcessStart",
            "jdk.NativeLibrary", "jdk.NativeLibraryLoad", "jdk.NativeLibraryUnload", "jdk.ActiveRecording",
            "jdk.JavaAgent", "jdk.NativeAgent", "jdk.StringFlag", "jdk.OSInformation", "jdk.FileRead", "jdk.FileWrite",
            "jdk.FileForce", "jdk.SocketRead", "jdk.SocketWrite", "jdk.X509Certificate", "jdk.X509Validation",
            "jdk.TLSHandshake", "jdk.JavaErrorThrow", "jdk.JavaExceptionThrow", "jdk.ThreadDump", "jdk.DumpReason", "jdk.ModuleRequire", "jdk.ModuleExport");

    /**
     * A JDK settings file's settings: JFR's {@code default} or {@code profile} by name, else a .jfc file; an
     * IOException naming it where it cannot be read.
     */
    static java.util.Map<String, String> jdkSettings(String name) throws IOException {
        try {
            jdk.jfr.Configuration c = name.equals("default") || name.equals("profile")
                    ? jdk.jfr.Configuration.getConfiguration(name) : jdk.jfr.Configuration.create(Path.of(name));
            return c.getSettings();
        } catch (java.text.ParseException | RuntimeException e) {
            throw new IOException("jfr-settings: cannot read " + name + " (" + e.getMessage() + ")", e);
        }
    }

    /**
     * As above, and with {@code jfrSettings} (a JDK settings file, or null) what that file enables as well: its
     * settings first, perfstat's over them, then {@link #PRIVATE_EVENTS} off.
     */
    public static Recording start(Path out, long contentionNs, boolean dumpOnExit, boolean samples, String jfrSettings)
            throws IOException {
        java.util.Map<String, String> jdk = jfrSettings == null ? null : jdkSettings(jfrSettings);
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new IOException("no directory " + parent);
        }
        if (!FlightRecorder.isAvailable()) {
            throw new IOException("JFR is not available in this JVM");
        }
        Recording r = new Recording();
        r.setName("perfstat");
        if (jdk != null) {
            r.setSettings(jdk);
        }
        for (String e : PERFSTAT_EVENTS) {
            r.enable(e);
        }
        r.enable("jdk.CPUInformation");
        r.enable("jdk.CPULoad").withPeriod(Duration.ofSeconds(1));
        r.enable("jdk.GarbageCollection");
        r.enable("jdk.GCHeapSummary");
        r.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ofNanos(contentionNs)).withStackTrace();
        r.enable("jdk.ThreadPark").withThreshold(Duration.ofNanos(contentionNs)).withStackTrace();
        // every compilation, however short: the reader sums the JIT's time on JFR's and perfstat's code apart
        r.enable("jdk.Compilation").withThreshold(Duration.ZERO);
        // each event type's settings (enabled, threshold, period) as JFR applies them: a reader, JMC's rules among them,
        // learns what was recorded, and what was not
        r.enable("jdk.ActiveSetting");
        for (String e : CONFIGURATION_EVENTS) { // loops, not lambdas, at the JVM's start (docs/agent.md)
            r.enable(e); // JFR's own period for them: at the start of every chunk
        }
        if (jdk != null) {
            for (String e : PRIVATE_EVENTS) {
                r.disable(e);
            }
        }
        r.setToDisk(true);
        ownerOnly(out); // JFR truncates and appends to the file it finds, keeping its permissions
        r.setDestination(out);
        r.setDumpOnExit(dumpOnExit);
        if (samples) {
            enableSamples(r); // before the start: JFR writes each type's settings (jdk.ActiveSetting) once, as JMC expects
        }
        r.start();
        return r;
    }

    /**
     * Makes {@code file} the user's alone (rw-------), creating it empty where it is not there,
     * so that what is written into it later, partial or finished, is never readable by others.
     * Not POSIX: the platform's default.
     */
    public static void ownerOnly(Path file) throws IOException {
        try {
            if (!Files.exists(file)) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            }
            Files.setPosixFilePermissions(file, OWNER_ONLY);
        } catch (UnsupportedOperationException e) {
            // not POSIX
        } catch (java.nio.file.FileAlreadyExistsException e) {
            Files.setPosixFilePermissions(file, OWNER_ONLY); // made meanwhile
        }
    }

    private static final java.util.Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    /**
     * Starts the method samples of a running recording (the agent does so once it is ready, so
     * that its own start is not among them): every {@link #SAMPLE_PERIOD_MS} ms of CPU time where
     * {@link #cpuTimeSamples()}, else of a running thread's time (jdk.ExecutionSample). On a running
     * recording the sample event's settings go in as one change: JFR applies a running recording's
     * every change to all its event types and writes all their settings again (jdk.ActiveSetting),
     * so that three changes (enabled, rate, stack trace) cost the start three passes where one will do.
     */
    public static void enableSamples(Recording r) {
        java.util.Map<String, String> s = new java.util.LinkedHashMap<>(r.getSettings()); // a copy: set back whole below
        String event = cpuTimeSamples() ? CPU_TIME_SAMPLE : EXECUTION_SAMPLE;
        s.put(event + "#enabled", "true");
        if (event.equals(CPU_TIME_SAMPLE)) {
            s.put(event + "#throttle", SAMPLE_PERIOD_MS + " ms");
        } else {
            s.put(event + "#period", Duration.ofMillis(SAMPLE_PERIOD_MS).toNanos() + " ns"); // as EventSettings.withPeriod
        }
        s.put(event + "#stackTrace", "true");
        r.setSettings(s);
    }
}

package perfstat.agent;

import java.lang.instrument.Instrumentation;

/**
 * {@code -javaagent:perfstat.jar[=options]}: probes methods, reads the process's counters
 * and writes everything into one JFR recording. See {@link AgentOptions} for the options and
 * {@link AgentSession} for what a session does; this class only holds the session that runs
 * in this JVM, and does as little as it can.
 *
 * <p>The agent never harms its host: every failure here ends in one line on stderr and
 * the application runs on, unmeasured.
 */
public final class Agent {
    /** Set while the agent runs in this JVM, for perfstat ps. */
    public static final String LOADED_PROPERTY = "perfstat.agent";
    /** The end of a window's perfstat.Agent options: how a reader tells a window's recording from the agent's own. */
    public static final String WINDOW_NOTE = " (window of an agent already running)";

    /** The session running in this JVM, or null. Guarded by Agent.class. */
    private static AgentSession session;
    /** Whether the probe runtime has been put on the boot class path, and if that failed, why. Guarded by Agent.class. */
    private static boolean bootTried;
    private static String bootReason;

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
     * ends an open window, or else detaches, at once.
     */
    public static void agentmain(String args, Instrumentation inst) {
        if ("stop".equals(args)) {
            AgentSession s = current();
            if (s != null && !s.closeWindow()) {
                stop();
            }
            return;
        }
        AgentSession s = start(args, inst);
        if (s != null && s.options().durationMs() > 0) {
            s.closeAfter(s.options().durationMs(), Agent::stop);
        }
    }

    /** Detaches the running session, if it was loaded into a running JVM. Never throws. */
    public static void stop() {
        AgentSession s;
        synchronized (Agent.class) {
            s = session;
            if (s == null || !s.attached()) {
                return;
            }
            session = null;
        }
        s.close();
        System.clearProperty(LOADED_PROPERTY);
    }

    private static synchronized AgentSession current() {
        return session;
    }

    /**
     * The running agent's counts so far, for code in the same JVM such as perfstat's JMH
     * profiler: each counted event by perf's name (scaled by time enabled over time running, as
     * perf scales; task-clock in ns), and each probe's calls by {@code pkg.Class::method}. An
     * event that is not counted is left out; {@link #notCounted} says why.
     *
     * <p>Where asked for ({@link #counts(boolean)}), task-clock by thread role too, in ns, from the
     * same read ({@code CounterSet.roles}: the per-thread task-clock counters on a Java 22+ target,
     * each thread's schedstat on 17 and 21), {@link perfstat.format.ThreadRole#ENDED} where the source
     * has that rest; or, where the threads cannot be read one by one, no roles and
     * {@code rolesNote} saying why. Not asked for: no roles and a null note.
     */
    public record Counts(java.util.Map<String, Double> events, java.util.Map<String, Long> probeCalls,
                         java.util.Map<perfstat.format.ThreadRole, Long> roleTaskClockNs, String rolesNote) {
        public static final Counts NONE = new Counts(java.util.Map.of(), java.util.Map.of());

        public Counts {
            events = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(events));
            probeCalls = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(probeCalls));
            roleTaskClockNs = java.util.Collections.unmodifiableMap(roleTaskClockNs.isEmpty()
                    ? java.util.Map.of() : new java.util.EnumMap<>(roleTaskClockNs));
        }

        /** Counts without roles. */
        public Counts(java.util.Map<String, Double> events, java.util.Map<String, Long> probeCalls) {
            this(events, probeCalls, java.util.Map.of(), null);
        }

        public boolean isEmpty() {
            return events.isEmpty() && probeCalls.isEmpty();
        }
    }

    /**
     * The running agent's counts so far ({@link Counts#NONE} when no agent runs), without roles.
     * Reads each counter once (about a microsecond a descriptor): not for hot paths.
     */
    public static Counts counts() {
        return counts(false);
    }

    /**
     * As {@link #counts()}, and with {@code roles} the task-clock by thread role of the same read
     * (no second read of the counters; the split is worked out from what that read left).
     */
    public static Counts counts(boolean roles) {
        AgentSession s = current();
        return s == null ? Counts.NONE : s.counts(roles);
    }

    /**
     * Each probe's latency histogram so far (timed calls, nanoseconds), by {@code pkg.Class::method};
     * copies, the caller's to keep. Empty when no agent runs or nothing is probed. Not for hot paths.
     */
    public static java.util.Map<String, org.HdrHistogram.Histogram> probeLatencies() {
        if (current() == null) {
            return java.util.Map.of();
        }
        java.util.Map<String, org.HdrHistogram.Histogram> out = new java.util.LinkedHashMap<>();
        for (perfstat.agent.probe.Probes.Summary p : perfstat.agent.probe.Probes.snapshot()) {
            out.put(p.name(), p.latencyNs());
        }
        return out;
    }

    /** The running agent's events that are not counted here, with the reason; empty when none or no agent. */
    public static java.util.Map<String, String> notCounted() {
        AgentSession s = current();
        return s == null ? java.util.Map.of() : s.notCounted();
    }

    /**
     * Opens a session, or a window on the one already running; the new session, or null. Never
     * throws. Its lines go where the options say ({@code messages=FILE} for perfstat attach).
     */
    private static synchronized AgentSession start(String args, Instrumentation inst) {
        Messages say = Messages.STDERR;
        try {
            AgentOptions o = AgentOptions.parse(args);
            say = Messages.to(o.messages());
            if (session != null) {
                if (o.attached() || o.durationMs() > 0) {
                    session.openWindow(o);
                } else {
                    say.say("already running in this JVM; ignoring the second start");
                }
                return null;
            }
            if (!bootTried && BootRuntime.wanted(o)) {
                bootTried = true;
                bootReason = BootRuntime.install(inst); // before anything loads the probe runtime
                if (bootReason == null && o.messages() != null) {
                    say.say("the probe runtime is on the boot class path now, for the JDK classes the patterns name; the JVM"
                            + " says so in its own output ('Sharing is only supported for boot loader classes ...')");
                }
            }
            session = AgentSession.open(o, inst, bootReason);
            System.setProperty(LOADED_PROPERTY, version()); // what perfstat ps shows
            return session;
        } catch (AgentOptions.BadOption e) {
            say.say(e.getMessage() + "; the application runs without perfstat");
        } catch (Throwable t) {
            say.say("could not start (" + t.getMessage() + "); the application runs without perfstat");
        }
        return null;
    }

    static String version() {
        String v = Agent.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}

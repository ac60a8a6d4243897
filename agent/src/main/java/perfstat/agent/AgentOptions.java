package perfstat.agent;

import perfstat.format.Timing;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.Predicate;
import perfstat.agent.counters.EventSpec;
import perfstat.agent.probe.ProbeFilter;

/**
 * The agent's options: {@code -javaagent:perfstat.jar=KEY=VALUE,KEY=VALUE...}. One value
 * type for both sides of the process boundary: the CLI builds one with {@link #builder()}
 * and sends {@link #format()}; the agent reads it back with {@link #parse}, and
 * {@code parse(o.format()).equals(o)} for every valid {@code o}. Every check lives in
 * {@link Builder#build()}, so a bad value is refused where the value is made, before any
 * JVM starts.
 *
 * <p>Each option is one declaration below ({@link AgentOption}: key, {@link OptionType type},
 * default, whether it is recorded, its line of docs), in the order {@link #format()} writes
 * them; parsing, formatting, the checks, the table in {@code docs/agent.md} ({@link #docsTable()})
 * and the property test's values follow from it. A new option is one more declaration, and
 * {@code o.get(OPTION)} where the agent acts on it.
 * A bad option is reported in one line ({@link BadOption}); the agent then stays out.
 */
public final class AgentOptions {
    public static final int DEFAULT_SAMPLE = 1024;
    public static final String DEFAULT_OUT = "perfstat.jfr";
    public static final int DEFAULT_INTERVAL_MS = 1000;
    public static final long DEFAULT_CONTENTION_NS = 10_000;
    public static final int DEFAULT_JIT_WAIT_MS = 0;
    private static final String PROBESETS = "/META-INF/perfstat/probesets.properties";

    private static final List<AgentOption<?>> OPTIONS = new ArrayList<>();
    /*
     * No lambda on the agent's start path (these are built as AgentOptions initialises, in premain): the JVM's
     * first lambda bootstraps its lambda factory, tens of milliseconds that a class of its own does not cost.
     */
    private static final Predicate<AgentOptions> RECORDED = new Recorded(Recorded.ALWAYS);
    /** Paths name places on the machine; the attach options say how the recording was made, not what it holds. */
    private static final Predicate<AgentOptions> NOT_RECORDED = new Recorded(Recorded.NEVER);

    public static final AgentOption<String> OUT = declare("out", "FILE.jfr", OptionTypes.path(), DEFAULT_OUT, NOT_RECORDED,
            "The recording, written when the JVM exits (also through `System.exit`). Default `perfstat.jfr`. "
                    + "An existing file is never overwritten: the agent writes `FILE.1.jfr` and says so.");
    public static final AgentOption<List<String>> PROBES = declare("probes", "PATTERN;...", OptionTypes.probePatterns(),
            List.of(), RECORDED, "Methods to probe, in JEP 520's filter syntax (below).");
    public static final AgentOption<List<String>> PROBE_SETS = declare("probeset", "NAME", OptionTypes.probeSetNames(),
            List.of(), RECORDED, "A built-in set, one per model: `writepath` (the `write()` syscall, write faults, remounts), "
                    + "`writepath-mnt` (adds the mount-writer calls), `rwsem`, `block`; `perfstat list` prints them.");
    public static final AgentOption<Timing> TIMING = declare("timing", "sampled|exact|off", OptionTypes.timing(),
            Timing.SAMPLED, RECORDED, "How calls are timed. Calls are always counted exactly.");
    public static final AgentOption<Integer> SAMPLE = declare("sample", "N", OptionTypes.integer(1, "a positive integer"),
            DEFAULT_SAMPLE, new Recorded(Recorded.WITH_SAMPLED_TIMING),
            "With sampled timing (the default), one call in N on average is timed, per thread and probe (default "
                    + DEFAULT_SAMPLE + ").");
    public static final AgentOption<List<EventSpec>> EVENTS = declare("events", "EVENT;...", OptionTypes.events(),
            EventSpec.defaults(), RECORDED, "Counters, with perf's names (`task-clock;cycles:u;r01c2`); "
                    + "default perf stat's default set; `none` for none.");
    public static final AgentOption<Integer> INTERVAL = declare("interval", "MS",
            OptionTypes.integer(10, "a number of milliseconds, 10 or more"), DEFAULT_INTERVAL_MS, RECORDED,
            "How often the counter thread reads and records the counters (default " + DEFAULT_INTERVAL_MS
                    + "). They are never read per probe call.");
    public static final AgentOption<String> INTERVAL_LOG = declare("interval-log", "FILE",
            OptionTypes.nullable(OptionTypes.path()), null, NOT_RECORDED,
            "Also append each interval's counts to FILE (what `stat -I` prints from).");
    public static final AgentOption<Long> CONTENTION = declare("contention", "DURATION", OptionTypes.duration(1, "ns", 0),
            DEFAULT_CONTENTION_NS, RECORDED, "Keep the JDK's contention events (`jdk.JavaMonitorEnter`, `jdk.ThreadPark`) "
                    + "that block at least this long, with stacks (default `10us`). Tables show their count and blocked time, "
                    + "leaving out blocks with perfstat's or JFR's code on the stack (the observer's); `report` lists the "
                    + "five sites (first frame outside the JDK) that blocked longest.");
    public static final AgentOption<Boolean> SAMPLES = declare("samples", "true|false", OptionTypes.bool(), true, RECORDED,
            "Record the JDK's method samples every " + perfstat.agent.recording.RecordingSession.SAMPLE_PERIOD_MS + " ms of a thread's time, for the "
                    + "tables' hot methods: CPU-time samples (`jdk.CPUTimeSample`) on JDK 25 and later on Linux, execution "
                    + "samples (`jdk.ExecutionSample`) elsewhere (default `true`; `perfstat … --no-samples` sets `false`).");
    public static final AgentOption<String> JFR_SETTINGS = declare("jfr-settings", "profile|default|FILE.jfc",
            OptionTypes.nullable(OptionTypes.path()), null, NOT_RECORDED,
            "Also record what a JDK settings file enables (JFR's `profile` or `default`, or a `.jfc` of your own), for "
                    + "JDK Mission Control's whole analysis; perfstat's own settings win where both set an event, and events "
                    + "that carry the environment, properties, arguments, paths, hosts or messages stay off "
                    + "(`RecordingSession.PRIVATE_EVENTS`). The recording's `jdk.ActiveSetting` events say what was enabled.");
    public static final AgentOption<String> PERF_CTL = declare("perf-ctl", "FIFO", OptionTypes.nullable(OptionTypes.path()),
            null, NOT_RECORDED, "Drive `perf stat --delay=-1 --control fifo:FIFO`: `enable` when perfstat's window opens, "
                    + "`disable` when it closes, to cross-check perfstat against perf over the same window.");
    public static final AgentOption<String> PERF_ACK = declare("perf-ack", "FIFO", OptionTypes.nullable(OptionTypes.path()),
            null, NOT_RECORDED, "With `perf-ctl`, perf's acknowledgement FIFO (`--control fifo:CTL,ACK`): after each command "
                    + "the agent waits (at most a second) for perf's `ack`, so that perf's window opens before the program "
                    + "goes on, even on a busy machine.");
    public static final AgentOption<Long> DURATION = declare("duration", "DURATION",
            OptionTypes.duration(1_000_000, "ms", 1), 0L, NOT_RECORDED,
            "Loaded into a running JVM: record this long (`30s`, `500ms`), or until `stop`, then detach and write `out`; "
                    + "`perfstat attach` sets it.");
    public static final AgentOption<Boolean> ATTACHED = declare("attached", "true", OptionTypes.bool(), false, NOT_RECORDED,
            "Loaded into a running JVM: detach on `stop` and write `out`, rather than record until the JVM exits; "
                    + "`perfstat attach` sets it.");
    public static final AgentOption<Long> PARENT = declare("parent", "PID", OptionTypes.processId(), 0L, NOT_RECORDED,
            "The JVM ends (as by SIGTERM, recording written) when process PID ends; `perfstat stat` sets it to itself.");
    public static final AgentOption<String> MESSAGES = declare("messages", "FILE", OptionTypes.nullable(OptionTypes.path()),
            null, NOT_RECORDED, "Loaded into a running JVM: append the agent's lines to FILE (owner-only) rather than to "
                    + "the JVM's stderr; `perfstat attach` sets it and prints them on its own stderr.");
    public static final AgentOption<Integer> JIT_WAIT = declare("jit-wait", "MS",
            OptionTypes.integer(0, "a number of milliseconds, 0 or more"), DEFAULT_JIT_WAIT_MS,
            new Recorded(Recorded.STARTED_WITH_THE_JVM), // recorded where it is used: not in a running JVM
            "Started with the JVM: before the counters' window opens, wait until the JIT compiler threads have been idle for "
                    + JitQuiet.QUIET_MS + " ms, at most MS (default " + DEFAULT_JIT_WAIT_MS + ": off, as it delays every start; 500 is a"
                    + " bound that works here), so "
                    + "that what JFR's and the agent's start queued for the JIT is compiled before the window and not counted "
                    + "as the application's. The wait delays `main` as much. Not used when loaded into a running JVM.");
    public static final AgentOption<Boolean> PROBES_MERGE = declare("probes-merge", "true|false", OptionTypes.bool(), false,
            new Recorded(Recorded.MERGED), // recorded where it is on: rows of merged overloads
            "The overloads a pattern matches count as one probe, one row `Class::method` (default `false`: "
                    + "a row each, `Class::method(int,String)`; `perfstat … --probes-merge` sets `true`).");

    public static final AgentOption<Long> DELAY = declare("delay", "DURATION", OptionTypes.duration(1_000_000, "ms", 0), 0L,
            new Recorded(Recorded.DELAYED), "Started with the JVM: open the counters' window this long after the agent's start "
                    + "(`2s`, `500ms`), as `perf stat --delay`: counters, probes, hot methods and the JDK's rows count from "
                    + "there (the totals then are taken as the baseline, phase `late-start`); default 0, at once.");
    public static final AgentOption<String> FROM = declare("from", "pkg.Class::method", OptionTypes.nullable(OptionTypes.method()),
            null, new Recorded(Recorded.FROM_A_METHOD), "Started with the JVM: open the counters' window at the first call of this method "
                    + "(probed for it, by any thread; an overload's parameter types may be given), so that a warm-up before "
                    + "it is not counted. A method never called leaves the window unopened: the counts are the whole run's, "
                    + "and the recording says so (`perfstat.LateWindow`).");

    public static final AgentOption<String> ITERATION = declare("iteration", "pkg.Class::method",
            OptionTypes.nullable(OptionTypes.method()), null, new Recorded(Recorded.ITERATIONS),
            "Each call of this method (probed for it; an overload's parameter types may be given) is one iteration of the "
                    + "program's loop: its wall time, its thread's CPU time and the bytes its thread allocated during it are "
                    + "recorded call by call (`perfstat.Iterations`, at most " + perfstat.agent.probe.IterationSeries.LIMIT
                    + " a run), and perfstat judges the run by its steady state. A call inside another of the same thread is "
                    + "part of the outer one.");

    private static final Map<String, AgentOption<?>> BY_KEY = byKey();

    /** The timing spelled {@code text} ({@link perfstat.format.Timing}), or a one-line error naming the choices. */
    static perfstat.format.Timing timing(String text) throws BadOption {
        perfstat.format.Timing t = perfstat.format.Timing.named(text);
        if (t == null) {
            throw new BadOption("option 'timing' must be sampled, exact or off, not '" + text + "'");
        }
        return t;
    }

    /** Thrown with a one-line message that names the bad option. */
    public static final class BadOption extends Exception {
        public BadOption(String message) {
            super(message, null, false, false);
        }
    }

    /** Each option's value, by {@link AgentOption#index()}; checked and immutable. */
    private final Object[] values;

    private AgentOptions(Object[] values) {
        this.values = values;
    }

    private static <T> AgentOption<T> declare(String key, String syntax, OptionType<T> type, T defaultValue,
                                              Predicate<AgentOptions> recorded, String doc) {
        AgentOption<T> o = new AgentOption<>(OPTIONS.size(), key, syntax, type, defaultValue, recorded, doc);
        OPTIONS.add(o);
        return o;
    }

    /** Whether an option goes into the recording's description of the options (a class, not a lambda: see above). */
    private static final class Recorded implements Predicate<AgentOptions> {
        static final int ALWAYS = 0;
        static final int NEVER = 1;
        static final int WITH_SAMPLED_TIMING = 2;
        static final int STARTED_WITH_THE_JVM = 3;
        static final int MERGED = 4;
        static final int DELAYED = 5;
        static final int FROM_A_METHOD = 6;
        static final int ITERATIONS = 7;
        private final int when;

        Recorded(int when) {
            this.when = when;
        }

        @Override
        public boolean test(AgentOptions o) {
            switch (when) {
                case ALWAYS:
                    return true;
                case WITH_SAMPLED_TIMING:
                    return o.timing() == Timing.SAMPLED;
                case STARTED_WITH_THE_JVM:
                    return !o.attached() && o.durationMs() == 0;
                case MERGED:
                    return o.probesMerge();
                case DELAYED:
                    return o.delayMs() > 0;
                case FROM_A_METHOD:
                    return o.from() != null;
                case ITERATIONS:
                    return o.iteration() != null;
                default:
                    return false;
            }
        }
    }

    private static Map<String, AgentOption<?>> byKey() {
        Map<String, AgentOption<?>> m = new LinkedHashMap<>();
        for (AgentOption<?> o : OPTIONS) {
            m.put(o.key(), o);
        }
        return Collections.unmodifiableMap(m);
    }

    /** Every option, in the order {@link #format()} writes them. */
    public static List<AgentOption<?>> all() {
        return Collections.unmodifiableList(OPTIONS);
    }

    /** The value of {@code option}. */
    public <T> T get(AgentOption<T> option) {
        return option.cast(values[option.index()]);
    }

    // the options the CLI and the agent read by name

    public String out() {
        return get(OUT);
    }

    public List<String> probes() {
        return get(PROBES);
    }

    public List<String> probeSets() {
        return get(PROBE_SETS);
    }

    public Timing timing() {
        return get(TIMING);
    }

    /** Whether the overloads a pattern matches count as one probe. */
    public boolean probesMerge() {
        return get(PROBES_MERGE);
    }

    public int sample() {
        return get(SAMPLE);
    }

    /** The counters to open; empty for none. */
    public List<EventSpec> events() {
        return get(EVENTS);
    }

    public int intervalMs() {
        return get(INTERVAL);
    }

    /** The interval log file, or null. */
    public String intervalLog() {
        return get(INTERVAL_LOG);
    }

    /** perf stat's control FIFO to drive, or null. */
    public String perfCtl() {
        return get(PERF_CTL);
    }

    /** perf stat's acknowledgement FIFO, or null. */
    public String perfAck() {
        return get(PERF_ACK);
    }

    /** Whether the recording takes the JDK's method samples. */
    public boolean samples() {
        return get(SAMPLES);
    }

    /** The JDK settings file whose events are recorded too ({@code profile}, {@code default} or a .jfc's path), or null. */
    public String jfrSettings() {
        return get(JFR_SETTINGS);
    }

    /** The threshold for the JDK's contention events, in nanoseconds. */
    public long contentionNs() {
        return get(CONTENTION);
    }

    /** For an agent loaded into a running JVM: how long to record before detaching (0: until stopped or exit). */
    public long durationMs() {
        return get(DURATION);
    }

    /** Loaded by perfstat attach: detach on stop rather than record until exit. */
    public boolean attached() {
        return get(ATTACHED);
    }

    /**
     * The process that started this JVM under the agent (perfstat stat): when it ends, even by
     * SIGKILL, the JVM exits as by SIGTERM (recording written); 0 for none.
     */
    public long parentPid() {
        return get(PARENT);
    }

    /** Where an attached session writes its lines, or null for the JVM's stderr. */
    public String messages() {
        return get(MESSAGES);
    }

    /** How long, at most, to wait for the JIT compiler threads to be idle before the counters' window opens; 0: not at all. */
    public int jitWaitMs() {
        return get(JIT_WAIT);
    }

    /** How long after the agent's start the counters' window opens (0: at once). */
    public long delayMs() {
        return get(DELAY);
    }

    /** The method at whose first call the counters' window opens, or null. */
    public String from() {
        return get(FROM);
    }

    /** The method whose calls are the program's iterations, or null. */
    public String iteration() {
        return get(ITERATION);
    }

    /** Whether the counters' window opens late ({@link #delayMs()}, {@link #from()}). */
    public boolean lateWindow() {
        return delayMs() > 0 || from() != null;
    }

    public static Builder builder() {
        return new Builder(null);
    }

    /** A builder that starts from these options. */
    public Builder toBuilder() {
        return new Builder(values);
    }

    /** Builds options; {@link #build()} checks every value. */
    public static final class Builder {
        private final Object[] values = new Object[OPTIONS.size()];

        private Builder(Object[] from) {
            for (AgentOption<?> o : OPTIONS) {
                values[o.index()] = from == null ? o.defaultValue() : from[o.index()];
            }
        }

        /** Sets {@code option}; checked when built. */
        public <T> Builder set(AgentOption<T> option, T value) {
            values[option.index()] = option.type().immutable(value);
            return this;
        }

        private <T> T value(AgentOption<T> option) {
            return option.cast(values[option.index()]);
        }

        /** One more {@code KEY=text}, as the agent's argument holds it. */
        private <T> void parsed(AgentOption<T> option, String text) throws BadOption {
            set(option, option.parseOnto(values[option.index()], text));
        }

        /** {@code option} from its text, as the agent's argument would hold it ({@code delay=2s}); a bad one is a {@link BadOption}. */
        public <T> Builder text(AgentOption<T> option, String text) throws BadOption {
            parsed(option, text.trim());
            option.check(values[option.index()]);
            return this;
        }

        public Builder out(String file) {
            return set(OUT, file);
        }

        public Builder probe(String pattern) {
            return set(PROBES, appended(value(PROBES), pattern.trim()));
        }

        public Builder probes(List<String> patterns) {
            patterns.forEach(this::probe);
            return this;
        }

        /** No probes: neither patterns nor probe sets. */
        public Builder clearProbes() {
            return set(PROBES, List.of()).set(PROBE_SETS, List.of());
        }

        public Builder probeSet(String name) {
            return set(PROBE_SETS, appended(value(PROBE_SETS), name.trim()));
        }

        public Builder timing(Timing t) {
            return set(TIMING, t);
        }

        /** Each call of {@code method} one iteration (null: none). */
        public Builder iteration(String method) {
            return set(ITERATION, method);
        }

        public Builder probesMerge(boolean on) {
            return set(PROBES_MERGE, on);
        }

        public Builder sample(int n) {
            return set(SAMPLE, n);
        }

        public Builder events(List<EventSpec> specs) {
            return set(EVENTS, specs);
        }

        /** Events by perf's names ({@code task-clock}, {@code cycles:u}, {@code r01c2}). */
        public Builder eventNames(List<String> names) throws BadOption {
            List<EventSpec> specs = new ArrayList<>();
            for (String n : names) {
                try {
                    specs.add(EventSpec.parse(n.trim()));
                } catch (IllegalArgumentException e) {
                    throw new BadOption(e.getMessage());
                }
            }
            return set(EVENTS, specs);
        }

        public Builder intervalMs(int ms) {
            return set(INTERVAL, ms);
        }

        public Builder intervalLog(String file) {
            return set(INTERVAL_LOG, file);
        }

        public Builder perfCtl(String fifo) {
            return set(PERF_CTL, fifo);
        }

        public Builder samples(boolean on) {
            return set(SAMPLES, on);
        }

        public Builder jfrSettings(String settings) {
            return set(JFR_SETTINGS, settings);
        }

        public Builder contentionNs(long ns) {
            return set(CONTENTION, ns);
        }

        public Builder durationMs(long ms) {
            return set(DURATION, ms);
        }

        public Builder attached(boolean a) {
            return set(ATTACHED, a);
        }

        public Builder parentPid(long pid) {
            return set(PARENT, pid);
        }

        public Builder messages(String file) {
            return set(MESSAGES, file);
        }

        /** {@link #build()} for values already checked: a bad one is a bug, thrown unchecked. */
        public AgentOptions buildOrThrow() {
            try {
                return build();
            } catch (BadOption e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }

        /** The options, or a one-line {@link BadOption} naming the first bad value. */
        public AgentOptions build() throws BadOption {
            for (AgentOption<?> o : OPTIONS) {
                o.check(values[o.index()]);
            }
            return new AgentOptions(values.clone());
        }

        private static <T> List<T> appended(List<T> list, T item) {
            List<T> longer = new ArrayList<>(list);
            longer.add(item);
            return longer;
        }
    }

    public static AgentOptions parse(String args) throws BadOption {
        Builder b = builder();
        if (args == null || args.isBlank()) {
            return b.build();
        }
        for (String part : parts(args)) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new BadOption("option '" + part + "' is not KEY=VALUE");
            }
            String key = part.substring(0, eq).trim();
            AgentOption<?> option = BY_KEY.get(key);
            if (option == null) {
                throw new BadOption("unknown option '" + key + "' (known: " + String.join(", ", BY_KEY.keySet()) + ")");
            }
            b.parsed(option, part.substring(eq + 1).trim());
        }
        return b.build();
    }

    /**
     * The KEY=VALUE parts of the agent's argument, split at commas; in a {@code probes} part, a
     * comma inside a signature's parentheses ({@code probes=a.B::c(int,String)}) is the pattern's.
     */
    private static List<String> parts(String args) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = null;
        for (String piece : args.split(",", -1)) {
            String sofar = part == null ? "" : part.toString().trim();
            if ((sofar.startsWith(PROBES.key() + "=") || sofar.startsWith(FROM.key() + "=")
                    || sofar.startsWith(ITERATION.key() + "=")) && unclosed(part)) {
                part.append(',').append(piece);
            } else {
                if (part != null) {
                    parts.add(part.toString());
                }
                part = new StringBuilder(piece);
            }
        }
        parts.add(part.toString());
        return parts;
    }

    /** Whether the text has more '(' than ')'. */
    private static boolean unclosed(CharSequence text) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            depth += text.charAt(i) == '(' ? 1 : text.charAt(i) == ')' ? -1 : 0;
        }
        return depth > 0;
    }

    /**
     * The options as the agent's argument: only what differs from the defaults, so that
     * {@code parse(format())} gives these options back.
     */
    public String format() {
        List<String> parts = new ArrayList<>();
        for (AgentOption<?> o : OPTIONS) {
            if (!java.util.Objects.equals(values[o.index()], o.defaultValue())) {
                parts.addAll(o.parts(values[o.index()]));
            }
        }
        return String.join(",", parts);
    }

    /** The options as recorded: everything but the paths, which name places on the machine; defaults spelled out. */
    public String describeForRecording() {
        List<String> parts = new ArrayList<>();
        for (AgentOption<?> o : OPTIONS) {
            if (o.recordedIn(this)) {
                parts.addAll(o.parts(values[o.index()]));
            }
        }
        return String.join(",", parts);
    }

    /** The table of options in {@code docs/agent.md}: a header and one row per option. */
    public static String docsTable() {
        StringBuilder t = new StringBuilder("| Option | Meaning |\n|---|---|\n");
        OPTIONS.forEach(o -> t.append(o.docRow()).append('\n'));
        return t.toString();
    }

    /** Prints {@link #docsTable()}, for {@code docs/agent.md}. */
    public static void main(String[] args) {
        System.out.print(docsTable());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AgentOptions other && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** Every option as {@code KEY=TEXT}, defaults included (an option with nothing to say left out). */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (AgentOption<?> o : OPTIONS) {
            parts.addAll(o.parts(values[o.index()]));
        }
        return "AgentOptions[" + String.join(",", parts) + "]";
    }

    /**
     * Every pattern to probe: {@link #probes()} and those of each {@link #probeSets()} set, or a
     * one-line error for a probe set that does not exist.
     */
    public List<ProbeFilter> filters() throws BadOption {
        List<String> patterns = new ArrayList<>(probes());
        if (!probeSets().isEmpty()) {
            Properties sets = probeSetTable();
            for (String name : probeSets()) {
                String value = sets.getProperty(name);
                if (value == null) {
                    throw new BadOption("unknown probe set '" + name + "' (known: "
                            + String.join(", ", new TreeSet<>(sets.stringPropertyNames())) + ")");
                }
                for (String p : value.split(";")) {
                    if (!p.isBlank()) {
                        patterns.add(p.trim());
                    }
                }
            }
        }
        List<ProbeFilter> filters = new ArrayList<>();
        for (String p : patterns) {
            filters.add(ProbeFilter.parse(p));
        }
        return filters;
    }

    /** The built-in probe sets, one per model: NAME=PATTERN;PATTERN... (empty where the jar has none). */
    public static Properties probeSetTable() {
        Properties p = new Properties();
        try (InputStream in = AgentOptions.class.getResourceAsStream(PROBESETS)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // unreadable: no built-in sets, and a name is then refused as unknown
        }
        return p;
    }

}

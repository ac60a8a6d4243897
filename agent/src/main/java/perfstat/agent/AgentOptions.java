package perfstat.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * <ul>
 *   <li>{@code out=FILE.jfr}: where the recording is written when the JVM exits
 *       (default {@code perfstat.jfr} in the working directory).</li>
 *   <li>{@code probes=PATTERN[;PATTERN...]}: methods to probe, in JEP 520's filter
 *       syntax: {@code pkg.Class}, {@code pkg.Class::method}, {@code ::method}.</li>
 *   <li>{@code probeset=NAME}: a built-in probe set, one per model.</li>
 *   <li>{@code timing=sampled|exact|off}: how calls are timed (counts are always exact).</li>
 *   <li>{@code sample=N}: with sampled timing, time one call in N on average per thread
 *       and probe (default {@value #DEFAULT_SAMPLE}).</li>
 *   <li>{@code events=EVENT[;EVENT...]}: the counters, with perf's names (default: perf
 *       stat's default set); {@code events=none} counts nothing.</li>
 *   <li>{@code interval=MS}: how often the counters are read and recorded (default
 *       {@value #DEFAULT_INTERVAL_MS} ms).</li>
 *   <li>{@code interval-log=FILE}: also append each interval's counts to FILE as text (what
 *       {@code perfstat stat -I} prints from); not recorded, as it names a path.</li>
 *   <li>{@code contention=DURATION}: record the JDK's contention events (monitor enter,
 *       park) that block at least this long, with their stack traces (default 10us;
 *       {@code ns}, {@code us}, {@code ms} or {@code s}).</li>
 *   <li>{@code duration=D}, {@code attached=true}: loaded into a running JVM, record for D (or
 *       until {@code stop}), then detach and write {@code out}.</li>
 *   <li>{@code perf-ctl=FIFO}: line perfstat's window up with {@code perf stat --delay=-1
 *       --control fifo:FIFO}: the agent writes {@code enable} to FIFO when its counters open
 *       and {@code disable} when it reads them for the last time, so that both count the same
 *       window (for cross-checking perfstat against perf).</li>
 *   <li>{@code parent=PID}: the JVM does not outlive process PID (what perfstat stat sets).</li>
 * </ul>
 * A bad option is reported in one line ({@link BadOption}); the agent then stays out.
 *
 * @param durationMs for an agent loaded into a running JVM: how long to record before detaching (0: until stopped or exit)
 * @param attached   loaded by perfstat attach: detach on stop rather than record until exit
 * @param contentionNs the threshold for the JDK's contention events, in nanoseconds
 * @param perfCtl    perf stat's control FIFO to drive, or null
 * @param intervalLog the interval log file, or null
 * @param events     the counters to open; empty for none
 * @param parentPid  the process that started this JVM under the agent (perfstat stat): when it ends, even by
 *                   SIGKILL, the JVM exits as by SIGTERM (recording written); 0 for none
 */
public record AgentOptions(String out, List<String> probes, List<String> probeSets, Timing timing, int sample,
                           List<EventSpec> events, int intervalMs, String intervalLog, String perfCtl,
                           long contentionNs, long durationMs, boolean attached, long parentPid) {
    public static final int DEFAULT_SAMPLE = 1024;
    public static final String DEFAULT_OUT = "perfstat.jfr";
    public static final int DEFAULT_INTERVAL_MS = 1000;
    public static final long DEFAULT_CONTENTION_NS = 10_000;
    private static final String PROBESETS = "/META-INF/perfstat/probesets.properties";
    private static final String KNOWN = "out, probes, probeset, timing, sample, events, interval, interval-log, "
            + "contention, perf-ctl, duration, attached, parent";

    public enum Timing {
        SAMPLED, EXACT, OFF;

        /** The option's spelling: {@code sampled}, {@code exact}, {@code off}. */
        public String text() {
            return name().toLowerCase(Locale.ROOT);
        }

        @Override
        public String toString() {
            return text();
        }

        /** The timing spelled {@code text}, or a one-line error naming the choices. */
        public static Timing of(String text) throws BadOption {
            for (Timing t : values()) {
                if (t.text().equals(text)) {
                    return t;
                }
            }
            throw new BadOption("option 'timing' must be sampled, exact or off, not '" + text + "'");
        }
    }

    public AgentOptions {
        probes = List.copyOf(probes);
        probeSets = List.copyOf(probeSets);
        events = List.copyOf(events);
    }

    /** Thrown with a one-line message that names the bad option. */
    public static final class BadOption extends Exception {
        public BadOption(String message) {
            super(message, null, false, false);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder that starts from these options. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.out = out;
        b.probes.addAll(probes);
        b.probeSets.addAll(probeSets);
        b.timing = timing;
        b.sample = sample;
        b.events = events;
        b.intervalMs = intervalMs;
        b.intervalLog = intervalLog;
        b.perfCtl = perfCtl;
        b.contentionNs = contentionNs;
        b.durationMs = durationMs;
        b.attached = attached;
        b.parentPid = parentPid;
        return b;
    }

    /** Builds options; {@link #build()} checks every value. */
    public static final class Builder {
        private String out = DEFAULT_OUT;
        private final List<String> probes = new ArrayList<>();
        private final List<String> probeSets = new ArrayList<>();
        private Timing timing = Timing.SAMPLED;
        private int sample = DEFAULT_SAMPLE;
        private List<EventSpec> events = EventSpec.defaults();
        private int intervalMs = DEFAULT_INTERVAL_MS;
        private String intervalLog;
        private String perfCtl;
        private long contentionNs = DEFAULT_CONTENTION_NS;
        private long durationMs;
        private boolean attached;
        private long parentPid;

        private Builder() {
        }

        public Builder out(String file) {
            this.out = file;
            return this;
        }

        public Builder probe(String pattern) {
            probes.add(pattern.trim());
            return this;
        }

        public Builder probes(List<String> patterns) {
            patterns.forEach(this::probe);
            return this;
        }

        /** No probes: neither patterns nor probe sets. */
        public Builder clearProbes() {
            probes.clear();
            probeSets.clear();
            return this;
        }

        public Builder probeSet(String name) {
            probeSets.add(name.trim());
            return this;
        }

        public Builder timing(Timing t) {
            this.timing = t;
            return this;
        }

        public Builder sample(int n) {
            this.sample = n;
            return this;
        }

        public Builder events(List<EventSpec> specs) {
            this.events = specs;
            return this;
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
            this.events = specs;
            return this;
        }

        public Builder intervalMs(int ms) {
            this.intervalMs = ms;
            return this;
        }

        public Builder intervalLog(String file) {
            this.intervalLog = file;
            return this;
        }

        public Builder perfCtl(String fifo) {
            this.perfCtl = fifo;
            return this;
        }

        public Builder contentionNs(long ns) {
            this.contentionNs = ns;
            return this;
        }

        public Builder durationMs(long ms) {
            this.durationMs = ms;
            return this;
        }

        public Builder attached(boolean a) {
            this.attached = a;
            return this;
        }

        public Builder parentPid(long pid) {
            this.parentPid = pid;
            return this;
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
            path("out", out);
            for (String p : probes) {
                if (p.isEmpty() || p.contains(";") || p.contains(",")) {
                    throw new BadOption("option 'probes': bad pattern '" + p + "'");
                }
                try {
                    ProbeFilter.parse(p);
                } catch (IllegalArgumentException e) {
                    throw new BadOption("option 'probes': " + e.getMessage());
                }
            }
            for (String s : probeSets) {
                if (s.isEmpty() || s.contains(",")) {
                    throw new BadOption("option 'probeset' needs a probe set's name");
                }
            }
            if (timing == null) {
                throw new BadOption("option 'timing' must be sampled, exact or off");
            }
            if (sample < 1) {
                throw new BadOption("option 'sample' must be a positive integer, not '" + sample + "'");
            }
            if (intervalMs < 10) {
                throw new BadOption("option 'interval' must be a number of milliseconds, 10 or more, not '" + intervalMs + "'");
            }
            if (intervalLog != null) {
                path("interval-log", intervalLog);
            }
            if (perfCtl != null) {
                path("perf-ctl", perfCtl);
            }
            if (contentionNs < 0 || durationMs < 0 || parentPid < 0) {
                throw new BadOption("options 'contention', 'duration' and 'parent' cannot be negative");
            }
            return new AgentOptions(out, probes, probeSets, timing, sample, events, intervalMs, intervalLog, perfCtl,
                    contentionNs, durationMs, attached, parentPid);
        }

        private static void path(String key, String value) throws BadOption {
            if (value == null || value.isEmpty()) {
                throw new BadOption("option '" + key + "' needs a file name");
            }
            if (value.contains(",")) {
                throw new BadOption("option '" + key + "' cannot carry a comma: " + value);
            }
        }
    }

    public static AgentOptions parse(String args) throws BadOption {
        Builder b = builder();
        if (args == null || args.isBlank()) {
            return b.build();
        }
        for (String part : args.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new BadOption("option '" + part + "' is not KEY=VALUE");
            }
            String key = part.substring(0, eq).trim();
            String value = part.substring(eq + 1).trim();
            switch (key) {
                case "out" -> b.out(value);
                case "probes" -> {
                    for (String p : value.split(";")) {
                        if (!p.isBlank()) {
                            b.probe(p);
                        }
                    }
                }
                case "probeset" -> b.probeSet(value);
                case "timing" -> b.timing(Timing.of(value));
                case "sample" -> b.sample(integer(key, value, "a positive integer"));
                case "events" -> {
                    if (value.equals("none")) {
                        b.events(List.of());
                    } else {
                        try {
                            b.events(EventSpec.parseList(value));
                        } catch (IllegalArgumentException e) {
                            throw new BadOption("option 'events': " + e.getMessage());
                        }
                    }
                }
                case "interval" -> b.intervalMs(integer(key, value, "a number of milliseconds, 10 or more"));
                case "interval-log" -> b.intervalLog(value);
                case "contention" -> b.contentionNs(durationNs(key, value));
                case "duration" -> b.durationMs(Math.max(1, durationNs(key, value) / 1_000_000));
                case "attached" -> b.attached(Boolean.parseBoolean(value));
                case "perf-ctl" -> b.perfCtl(value);
                case "parent" -> {
                    try {
                        b.parentPid(Long.parseLong(value));
                    } catch (NumberFormatException e) {
                        throw new BadOption("option 'parent' must be a process id, not '" + value + "'");
                    }
                }
                default -> throw new BadOption("unknown option '" + key + "' (known: " + KNOWN + ")");
            }
        }
        return b.build();
    }

    /**
     * The options as the agent's argument: only what differs from the defaults, so that
     * {@code parse(format())} gives these options back.
     */
    public String format() {
        List<String> parts = new ArrayList<>();
        if (!out.equals(DEFAULT_OUT)) {
            parts.add("out=" + out);
        }
        parts.addAll(described(false));
        if (intervalLog != null) {
            parts.add("interval-log=" + intervalLog);
        }
        if (perfCtl != null) {
            parts.add("perf-ctl=" + perfCtl);
        }
        if (durationMs > 0) {
            parts.add("duration=" + durationMs + "ms");
        }
        if (attached) {
            parts.add("attached=true");
        }
        if (parentPid > 0) {
            parts.add("parent=" + parentPid);
        }
        return String.join(",", parts);
    }

    /** The options as recorded: everything but the paths, which name places on the machine; defaults spelled out. */
    public String describeForRecording() {
        return String.join(",", described(true));
    }

    private List<String> described(boolean all) {
        List<String> parts = new ArrayList<>();
        if (!probes.isEmpty()) {
            parts.add("probes=" + String.join(";", probes));
        }
        for (String s : probeSets) {
            parts.add("probeset=" + s);
        }
        if (all || timing != Timing.SAMPLED) {
            parts.add("timing=" + timing.text());
        }
        if (all ? timing == Timing.SAMPLED : sample != DEFAULT_SAMPLE) {
            parts.add("sample=" + sample);
        }
        if (all || !events.equals(EventSpec.defaults())) {
            List<String> names = new ArrayList<>();
            events.forEach(e -> names.add(e.name()));
            parts.add("events=" + (events.isEmpty() ? "none" : String.join(";", names)));
        }
        if (all || intervalMs != DEFAULT_INTERVAL_MS) {
            parts.add("interval=" + intervalMs);
        }
        if (all || contentionNs != DEFAULT_CONTENTION_NS) {
            parts.add("contention=" + contentionNs + "ns");
        }
        return parts;
    }

    /**
     * Every pattern to probe: {@link #probes()} and those of each {@link #probeSets()} set, or a
     * one-line error for a probe set that does not exist.
     */
    public List<ProbeFilter> filters() throws BadOption {
        List<String> patterns = new ArrayList<>(probes);
        if (!probeSets.isEmpty()) {
            Properties sets = probeSetTable();
            for (String name : probeSets) {
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

    /** {@code 10us}, {@code 2ms}, {@code 500ns}, {@code 1s} in nanoseconds. */
    private static long durationNs(String key, String value) throws BadOption {
        Matcher m = Pattern.compile("([0-9]{1,12})(ns|us|ms|s)").matcher(value);
        if (!m.matches()) {
            throw new BadOption("option '" + key + "' must be a duration like 10us or 2ms, not '" + value + "'");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ns" -> n;
            case "us" -> n * 1_000L;
            case "ms" -> n * 1_000_000L;
            default -> n * 1_000_000_000L;
        };
    }

    private static int integer(String key, String value, String what) throws BadOption {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new BadOption("option '" + key + "' must be " + what + ", not '" + value + "'");
        }
    }
}

package perfstat.agent;

import java.util.ArrayList;
import java.util.List;

/**
 * The agent's options: {@code -javaagent:perfstat.jar=KEY=VALUE,KEY=VALUE...}.
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
 * </ul>
 * A bad option is reported in one line by {@link #parse}; the agent then stays out.
 */
public final class AgentOptions {
    public static final int DEFAULT_SAMPLE = 1024;
    public static final String DEFAULT_OUT = "perfstat.jfr";
    public static final int DEFAULT_INTERVAL_MS = 1000;
    public static final long DEFAULT_CONTENTION_NS = 10_000;

    public enum Timing { SAMPLED, EXACT, OFF }

    String out = DEFAULT_OUT;
    final List<String> probes = new ArrayList<>();
    final List<String> probeSets = new ArrayList<>();
    Timing timing = Timing.SAMPLED;
    int sample = DEFAULT_SAMPLE;
    List<perfstat.agent.counters.EventSpec> events = perfstat.agent.counters.EventSpec.defaults();
    int intervalMs = DEFAULT_INTERVAL_MS;
    String intervalLog;
    String perfCtl;
    long contentionNs = DEFAULT_CONTENTION_NS;
    long durationMs;
    boolean attached;

    public String out() {
        return out;
    }

    public List<String> probes() {
        return probes;
    }

    public List<String> probeSets() {
        return probeSets;
    }

    public Timing timing() {
        return timing;
    }

    public int sample() {
        return sample;
    }

    /** The counters to open; empty for none. */
    public List<perfstat.agent.counters.EventSpec> events() {
        return events;
    }

    public int intervalMs() {
        return intervalMs;
    }

    /** For an agent loaded into a running JVM: how long to record before detaching (0: until stopped or exit). */
    public long durationMs() {
        return durationMs;
    }

    /** Loaded by perfstat attach: detach on stop rather than record until exit. */
    public boolean attached() {
        return attached;
    }

    /** The threshold for the JDK's contention events, in nanoseconds. */
    public long contentionNs() {
        return contentionNs;
    }

    /** perf stat's control FIFO to drive, or null. */
    public String perfCtl() {
        return perfCtl;
    }

    /** The interval log file, or null. */
    public String intervalLog() {
        return intervalLog;
    }

    /** Thrown with a one-line message that names the bad option. */
    public static final class BadOption extends Exception {
        BadOption(String message) {
            super(message, null, false, false);
        }
    }

    public static AgentOptions parse(String args) throws BadOption {
        AgentOptions o = new AgentOptions();
        if (args == null || args.isBlank()) {
            return o;
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
                case "out" -> {
                    if (value.isEmpty()) {
                        throw new BadOption("option 'out' needs a file name");
                    }
                    o.out = value;
                }
                case "probes" -> {
                    for (String p : value.split(";")) {
                        if (!p.isBlank()) {
                            ProbeFilterCheck.check(p.trim());
                            o.probes.add(p.trim());
                        }
                    }
                }
                case "probeset" -> o.probeSets.add(value);
                case "timing" -> {
                    try {
                        o.timing = Timing.valueOf(value.toUpperCase(java.util.Locale.ROOT));
                    } catch (IllegalArgumentException e) {
                        throw new BadOption("option 'timing' must be sampled, exact or off, not '" + value + "'");
                    }
                }
                case "sample" -> o.sample = atLeast(key, value, 1, "a positive integer");
                case "events" -> {
                    if (value.equals("none")) {
                        o.events = List.of();
                    } else {
                        try {
                            o.events = perfstat.agent.counters.EventSpec.parseList(value);
                        } catch (IllegalArgumentException e) {
                            throw new BadOption("option 'events': " + e.getMessage());
                        }
                    }
                }
                case "interval" -> o.intervalMs = atLeast(key, value, 10, "a number of milliseconds, 10 or more");
                case "interval-log" -> {
                    if (value.isEmpty()) {
                        throw new BadOption("option 'interval-log' needs a file name");
                    }
                    o.intervalLog = value;
                }
                case "contention" -> o.contentionNs = duration(key, value);
                case "duration" -> o.durationMs = Math.max(1, duration(key, value) / 1_000_000);
                case "attached" -> o.attached = Boolean.parseBoolean(value);
                case "perf-ctl" -> {
                    if (value.isEmpty()) {
                        throw new BadOption("option 'perf-ctl' needs perf's control FIFO");
                    }
                    o.perfCtl = value;
                }
                default -> throw new BadOption("unknown option '" + key
                        + "' (known: out, probes, probeset, timing, sample, events, interval, interval-log, contention, perf-ctl, duration, attached)");
            }
        }
        return o;
    }

    /** {@code 10us}, {@code 2ms}, {@code 500ns}, {@code 1s} in nanoseconds. */
    private static long duration(String key, String value) throws BadOption {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]+)(ns|us|ms|s)").matcher(value);
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

    private static int atLeast(String key, String value, int min, String what) throws BadOption {
        try {
            int v = Integer.parseInt(value);
            if (v >= min) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new BadOption("option '" + key + "' must be " + what + ", not '" + value + "'");
    }

    /** Keeps {@link perfstat.agent.probe.ProbeFilter}'s syntax errors on the option-parsing path. */
    private static final class ProbeFilterCheck {
        static void check(String pattern) throws BadOption {
            try {
                perfstat.agent.probe.ProbeFilter.parse(pattern);
            } catch (IllegalArgumentException e) {
                throw new BadOption("option 'probes': " + e.getMessage());
            }
        }
    }

    /** The options as recorded: everything but the output path, which names a place on the machine. */
    public String describeForRecording() {
        StringBuilder sb = new StringBuilder();
        if (!probes.isEmpty()) {
            sb.append("probes=").append(String.join(";", probes)).append(',');
        }
        for (String s : probeSets) {
            sb.append("probeset=").append(s).append(',');
        }
        sb.append("timing=").append(timing.name().toLowerCase(java.util.Locale.ROOT));
        if (timing == Timing.SAMPLED) {
            sb.append(",sample=").append(sample);
        }
        sb.append(",events=");
        if (events.isEmpty()) {
            sb.append("none");
        } else {
            for (int i = 0; i < events.size(); i++) {
                sb.append(i == 0 ? "" : ";").append(events.get(i).name());
            }
        }
        sb.append(",interval=").append(intervalMs);
        sb.append(",contention=").append(contentionNs).append("ns");
        return sb.toString();
    }
}

package perfstat.cli.read;

import jdk.jfr.consumer.RecordedEvent;

/**
 * The JDK's totals, one line each: the event, how its events add up, and the row they make
 * (key, label, unit, and what the number leaves out). The reader's handlers
 * ({@link JdkTotalsCollector}) and the table's rows (the stats package's measurements) both
 * follow this table, in its order; a new row is one constant here. The JDK's {@code jfr view}
 * drives its views from a table in the same way.
 */
public enum JdkTotal {
    ALLOCATION("jdk.ObjectAllocationSample", Accumulation.SUM, "weight", "allocation-bytes", "allocated (bytes)", "bytes", "sum of sample weights"),
    THREADS_STARTED("jdk.JavaThreadStatistics", Accumulation.CUMULATIVE, "accumulatedCount", "threads-started", "threads started", "count", JdkTotal.SINCE_START),
    CLASSES_LOADED("jdk.ClassLoadingStatistics", Accumulation.CUMULATIVE, "loadedClassCount", "classes-loaded", "classes loaded", "count", JdkTotal.SINCE_START),
    COMPILATIONS("jdk.CompilerStatistics", Accumulation.CUMULATIVE, "compileCount", "compilations", "JIT compilations", "count", JdkTotal.SINCE_START),
    SAFEPOINTS("jdk.SafepointBegin", Accumulation.COUNT, null, "safepoints", "safepoints", "count", JdkTotal.OVER_THRESHOLD),
    EXCEPTIONS("jdk.ExceptionStatistics", Accumulation.CUMULATIVE, "throwables", "exceptions", "exceptions thrown", "count", JdkTotal.SINCE_START),
    FILE_READ("jdk.FileRead", Accumulation.SUM, "bytesRead", "file-read-bytes", "file read (bytes)", "bytes", JdkTotal.OVER_THRESHOLD),
    FILE_WRITE("jdk.FileWrite", Accumulation.SUM, "bytesWritten", "file-write-bytes", "file written (bytes)", "bytes", JdkTotal.OVER_THRESHOLD),
    SOCKET_READ("jdk.SocketRead", Accumulation.SUM, "bytesRead", "socket-read-bytes", "socket read (bytes)", "bytes", JdkTotal.OVER_THRESHOLD),
    SOCKET_WRITE("jdk.SocketWrite", Accumulation.SUM, "bytesWritten", "socket-write-bytes", "socket written (bytes)", "bytes", JdkTotal.OVER_THRESHOLD),
    DEOPTIMIZATIONS("jdk.Deoptimization", Accumulation.COUNT, null, "deoptimizations", "deoptimizations", "count", "");

    /** What a cumulative counter of the JVM's (its periodic statistics events) counts. */
    private static final String SINCE_START = "since the JVM started";
    /** What a total of an event with a threshold leaves out: the calls shorter than it. */
    static final String OVER_THRESHOLD = "those over its threshold";

    /** How a total's events add up, in an accumulator of three numbers. */
    public enum Accumulation {
        /** The sum of a field over the events. */
        SUM {
            @Override
            void add(double[] a, RecordedEvent e, String field) {
                a[0] += e.getLong(field);
                a[2]++;
            }
        },
        /** The number of events. */
        COUNT {
            @Override
            void add(double[] a, RecordedEvent e, String field) {
                a[0]++;
                a[2]++;
            }
        },
        /**
         * A cumulative counter of the JVM's, sampled periodically (jdk.CompilerStatistics' compileCount, ...): its
         * largest sample, the JVM's count from its start to that sample, as {@code jfr view} prints it.
         */
        CUMULATIVE {
            @Override
            void add(double[] a, RecordedEvent e, String field) {
                a[0] = a[2] == 0 ? e.getLong(field) : Math.max(a[0], e.getLong(field));
                a[2]++;
            }
        };

        /** Adds one event to accumulator {@code a}: {sum or smallest, largest, events}. */
        abstract void add(double[] a, RecordedEvent e, String field);

        /** The total, or null where the events cannot give one. */
        Double total(double[] a) {
            return a[2] >= 1 ? a[0] : null;
        }
    }

    private final String event;
    private final Accumulation accumulation;
    private final String field;
    private final String key;
    private final String label;
    private final String unit;
    private final String leavesOut;

    JdkTotal(String event, Accumulation accumulation, String field, String key, String label, String unit, String leavesOut) {
        this.event = event;
        this.accumulation = accumulation;
        this.field = field;
        this.key = key;
        this.label = label;
        this.unit = unit;
        this.leavesOut = leavesOut;
    }

    /** The JDK event it reads. */
    public String event() {
        return event;
    }

    public Accumulation accumulation() {
        return accumulation;
    }

    /** The field summed or followed; null for a count of events. */
    public String field() {
        return field;
    }

    /** The row's key ({@code --fail-on}'s, CSV's and JSON's name). */
    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    /** "bytes" or "count". */
    public String unit() {
        return unit;
    }

    /** What the number leaves out, or "". */
    public String leavesOut() {
        return leavesOut;
    }

    /** Where the row's number comes from: the event, and what it leaves out. */
    public String comment() {
        return leavesOut.isEmpty() ? event : event + ", " + leavesOut;
    }

    /** Whether the row counts only the events over their threshold (the event has one, and it may leave some out). */
    public boolean thresholded() {
        return leavesOut.equals(OVER_THRESHOLD);
    }

    /**
     * The label as a recording with these settings makes it: a row of an event with a threshold says so, in
     * {@code report} and {@code diff} alike ({@code file read (bytes, over threshold)}), unless the recording's
     * settings say its threshold was 0 (every call counted).
     */
    public String label(RunData.Settings settings) {
        if (!thresholded() || settings.value(event, "threshold").map(JdkTotal::zero).orElse(false)) {
            return label;
        }
        return label.endsWith(")") ? label.substring(0, label.length() - 1) + ", over threshold)" : label + " (over threshold)";
    }

    /** What the number leaves out, with the threshold where the recording's settings give it ("those of 20 ms or more"). */
    public String leavesOut(RunData.Settings settings) {
        if (!thresholded()) {
            return leavesOut;
        }
        return settings.value(event, "threshold").map(t -> zero(t) ? "every one (threshold 0)" : "those of " + duration(t) + " or more")
                .orElse(leavesOut);
    }

    private static boolean zero(String threshold) {
        return threshold.trim().matches("0+( *[a-z]+)?");
    }

    /** A setting's duration as JFR writes it ("20 ms", or "20000000 ns" as the Recording API sets it), in its largest whole unit. */
    static String duration(String setting) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) *ns").matcher(setting.trim());
        if (!m.matches() || m.group(1).length() > 18) {
            return setting.trim();
        }
        long ns = Long.parseLong(m.group(1));
        return ns % 1_000_000_000 == 0 ? ns / 1_000_000_000 + " s" : ns % 1_000_000 == 0 ? ns / 1_000_000 + " ms"
                : ns % 1000 == 0 ? ns / 1000 + " us" : ns + " ns";
    }
}

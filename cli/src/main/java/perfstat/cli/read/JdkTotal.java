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
    THREADS_STARTED("jdk.JavaThreadStatistics", Accumulation.GROWTH, "accumulatedCount", "threads-started", "threads started", "count", "growth between its samples"),
    CLASSES_LOADED("jdk.ClassLoadingStatistics", Accumulation.GROWTH, "loadedClassCount", "classes-loaded", "classes loaded", "count", "growth between its samples"),
    COMPILATIONS("jdk.Compilation", Accumulation.COUNT, null, "compilations", "JIT compilations", "count", "above its threshold"),
    SAFEPOINTS("jdk.SafepointBegin", Accumulation.COUNT, null, "safepoints", "safepoints", "count", ""),
    EXCEPTIONS("jdk.ExceptionStatistics", Accumulation.GROWTH, "throwables", "exceptions", "exceptions thrown", "count", "growth between its samples"),
    FILE_READ("jdk.FileRead", Accumulation.SUM, "bytesRead", "file-read-bytes", "file read (bytes)", "bytes", "reads above its threshold"),
    FILE_WRITE("jdk.FileWrite", Accumulation.SUM, "bytesWritten", "file-write-bytes", "file written (bytes)", "bytes", "writes above its threshold"),
    SOCKET_READ("jdk.SocketRead", Accumulation.SUM, "bytesRead", "socket-read-bytes", "socket read (bytes)", "bytes", "reads above its threshold"),
    SOCKET_WRITE("jdk.SocketWrite", Accumulation.SUM, "bytesWritten", "socket-write-bytes", "socket written (bytes)", "bytes", "writes above its threshold"),
    DEOPTIMIZATIONS("jdk.Deoptimization", Accumulation.COUNT, null, "deoptimizations", "deoptimizations", "count", "");

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
        /** How much a cumulative counter (a field of periodic samples) grew: largest less smallest, two samples at least. */
        GROWTH {
            @Override
            void add(double[] a, RecordedEvent e, String field) {
                double v = e.getLong(field);
                a[0] = a[2] == 0 ? v : Math.min(a[0], v);
                a[1] = a[2] == 0 ? v : Math.max(a[1], v);
                a[2]++;
            }

            @Override
            Double total(double[] a) {
                return a[2] >= 2 ? a[1] - a[0] : null; // one sample tells no growth
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

    /** The row's key, and the total's name in {@link RunData.JdkSummary#totals()}. */
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
}

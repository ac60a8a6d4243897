package perfstat.format;

/**
 * The interval log (agent option {@code interval-log}): the counters' cumulative reads as text lines, which the agent
 * appends while it runs and the CLI follows to print {@code stat -I} and {@code attach -I} rows. One class writes and
 * parses them, so the two ends cannot drift apart. A read is a batch: one {@link Counter} line per counter, one
 * {@link Role} line per thread role, then a {@link Marker} ({@code end}: a read; {@code base}: the totals as a window
 * opened on an agent that was already counting, which a window's rows count from). Fields are tab-separated; a torn
 * line (the file read while being written) parses as null.
 */
public final class IntervalLines {
    private static final String ROLE = "thread-role";

    private IntervalLines() {
    }

    /** A line of the log, parsed. */
    public sealed interface Line permits Counter, Role, Marker {
    }

    /** A counter's cumulative read: {@code WINDOW_NS EVENT VALUE ENABLED_NS RUNNING_NS STATUS SOURCE}. */
    public record Counter(long windowNs, String event, long value, long enabledNs, long runningNs, CounterStatus status,
                          String source) implements Line {
    }

    /** A role's cumulative counts: {@code thread-role WINDOW_NS ROLE TASK_CLOCK_NS VOLUNTARY INVOLUNTARY THREADS SOURCE}. */
    public record Role(long windowNs, ThreadRole role, long taskClockNs, long voluntary, long involuntary, int threads,
                       String source) implements Line {
    }

    /** The end of a batch: {@code end WINDOW_NS} or {@code base WINDOW_NS}. */
    public record Marker(boolean base, long windowNs) implements Line {
    }

    /** A counter's line, without its newline. */
    public static String counter(long windowNs, String event, long value, long enabledNs, long runningNs,
                                 CounterStatus status, String source) {
        return windowNs + "\t" + event + "\t" + value + "\t" + enabledNs + "\t" + runningNs + "\t" + status.token() + "\t"
                + source;
    }

    /** A role's line, without its newline. */
    public static String role(long windowNs, ThreadRole role, long taskClockNs, long voluntary, long involuntary,
                              int threads, String source) {
        return ROLE + "\t" + windowNs + "\t" + role.text() + "\t" + taskClockNs + "\t" + voluntary + "\t" + involuntary
                + "\t" + threads + "\t" + source;
    }

    /** A batch's last line, without its newline. */
    public static String marker(boolean base, long windowNs) {
        return (base ? "base" : "end") + "\t" + windowNs;
    }

    /** The line {@code text} (without its newline), or null where it is torn or of no known kind. */
    public static Line parse(String text) {
        String[] f = text.split("\t", -1);
        try {
            if (f.length == 2 && (f[0].equals("end") || f[0].equals("base"))) {
                return new Marker(f[0].equals("base"), Long.parseLong(f[1]));
            }
            if (f.length == 8 && f[0].equals(ROLE)) {
                ThreadRole role = ThreadRole.parse(f[2]);
                return role == null ? null : new Role(Long.parseLong(f[1]), role, Long.parseLong(f[3]), Long.parseLong(f[4]),
                        Long.parseLong(f[5]), Integer.parseInt(f[6]), f[7]);
            }
            if (f.length == 6 || f.length == 7) {
                CounterStatus status = CounterStatus.parse(f[5]);
                return status == null ? null : new Counter(Long.parseLong(f[0]), f[1], Long.parseLong(f[2]),
                        Long.parseLong(f[3]), Long.parseLong(f[4]), status, f.length == 7 ? f[6] : "");
            }
        } catch (NumberFormatException e) {
            return null; // torn
        }
        return null;
    }
}

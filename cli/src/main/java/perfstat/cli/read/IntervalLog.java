package perfstat.cli.read;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import perfstat.format.CounterStatus;

/**
 * Follows the agent's interval log (agent option {@code interval-log}) while the command
 * runs: each complete batch of lines ({@code WINDOW_NS EVENT VALUE ENABLED_NS RUNNING_NS
 * STATUS [SOURCE]}, the roles' {@code thread-role WINDOW_NS ROLE TASK_CLOCK_NS VOLUNTARY INVOLUNTARY
 * THREADS SOURCE}, then {@code end WINDOW_NS}) is handed on as cumulative counts; a batch ending
 * {@code base WINDOW_NS} is the base a window's rows count from.
 */
public final class IntervalLog {
    private final Path file;
    private long offset;
    private final StringBuilder pending = new StringBuilder();
    private List<RunData.PerfCounter> batch = new ArrayList<>();
    private List<RunData.RoleCount> roles = new ArrayList<>();

    /**
     * One read: the counters and the counts by thread role of the same read, both cumulative since the counters
     * opened (roles empty where the agent has no split).
     */
    public record Batch(List<RunData.PerfCounter> counters, List<RunData.RoleCount> roles) {
        public Batch {
            counters = List.copyOf(counters);
            roles = List.copyOf(roles);
        }
    }

    public IntervalLog(Path file) {
        this.file = file;
    }

    /**
     * Reads what has been appended since the last call; calls {@code sink} once per complete batch, a {@code base} one
     * (the totals as the counters' window opened late, --delay or --from) among them: an interval ends there.
     */
    public void poll(Consumer<Batch> sink) {
        poll(sink, sink);
    }

    /**
     * As above; a batch marked {@code base} (the totals as a window opened on an agent that was
     * already counting) goes to {@code base} instead: rows count from it.
     */
    public void poll(Consumer<Batch> sink, Consumer<Batch> base) {
        byte[] bytes;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long len = f.length();
            if (len <= offset) {
                return;
            }
            bytes = new byte[(int) Math.min(len - offset, 1 << 20)];
            f.seek(offset);
            f.readFully(bytes);
            offset += bytes.length;
        } catch (IOException e) {
            return; // not written yet
        }
        pending.append(new String(bytes, StandardCharsets.UTF_8));
        int nl;
        while ((nl = pending.indexOf("\n")) >= 0) {
            String line = pending.substring(0, nl);
            pending.delete(0, nl + 1);
            String[] f = line.split("\t");
            if (f.length == 2 && (f[0].equals("end") || f[0].equals("base"))) {
                if (!batch.isEmpty()) {
                    (f[0].equals("base") ? base : sink).accept(new Batch(batch, roles));
                }
                batch = new ArrayList<>();
                roles = new ArrayList<>();
            } else {
                line(f);
            }
        }
    }

    /** One counter's or one role's line into the batch; a torn line is skipped. */
    private void line(String[] f) {
        try {
            if (f.length == 8 && f[0].equals("thread-role")) {
                perfstat.format.ThreadRole role = perfstat.format.ThreadRole.parse(f[2]);
                if (role != null) {
                    roles.add(new RunData.RoleCount(role, Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]),
                            Integer.parseInt(f[6]), f[7]));
                }
            } else if (f.length == 6 || f.length == 7) {
                batch.add(new RunData.PerfCounter(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]),
                        Long.parseLong(f[4]), CounterStatus.parse(f[5]), f.length == 7 ? f[6] : "", Long.parseLong(f[0]), 0, ""));
            }
        } catch (NumberFormatException e) {
            // a torn line: skip it
        }
    }
}

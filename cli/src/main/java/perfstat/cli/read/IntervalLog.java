package perfstat.cli.read;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import perfstat.format.IntervalLines;

/**
 * Follows the agent's interval log (agent option {@code interval-log}, its lines {@link IntervalLines}) while the
 * command runs: each complete batch is handed on as cumulative counts; a batch ending in a base marker is the base a
 * window's rows count from.
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
            IntervalLines.Line line = IntervalLines.parse(pending.substring(0, nl));
            pending.delete(0, nl + 1);
            if (line instanceof IntervalLines.Marker m) {
                if (!batch.isEmpty()) {
                    (m.base() ? base : sink).accept(new Batch(batch, roles));
                }
                batch = new ArrayList<>();
                roles = new ArrayList<>();
            } else if (line instanceof IntervalLines.Counter c) {
                batch.add(new RunData.PerfCounter(c.event(), c.value(), c.enabledNs(), c.runningNs(), c.status(), c.source(),
                        c.windowNs(), 0, ""));
            } else if (line instanceof IntervalLines.Role r) {
                roles.add(new RunData.RoleCount(r.role(), r.taskClockNs(), r.voluntary(), r.involuntary(), r.threads(),
                        r.source()));
            } // null: a torn line, skipped
        }
    }
}

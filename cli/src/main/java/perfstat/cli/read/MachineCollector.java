package perfstat.cli.read;

import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.format.Events;
import perfstat.format.Phase;

/**
 * How busy the machine was (perfstat.Machine, format 10): the latest read at the end wins, as for the counters; a window
 * (attached, or opened late) takes the figures as it closed less those as it opened.
 */
final class MachineCollector implements Collector {
    /** One event as read, cumulative since the counters opened. */
    private record Read(String phase, long windowNs, long othersNs, long stealNs, long waitNs, int cpus, long freqKhz,
                        String note) {
    }

    private final List<Read> reads = new ArrayList<>();

    @Override
    public void register(Handlers h) {
        h.on(Events.Machine.NAME, e -> reads.add(read(e)));
    }

    private static Read read(RecordedEvent e) {
        return new Read(e.getString(Events.Machine.PHASE), e.getLong(Events.Machine.WINDOW_NS), e.getLong(Events.Machine.OTHERS_NS),
                e.getLong(Events.Machine.STEAL_NS), e.getLong(Events.Machine.RUN_QUEUE_WAIT_NS), e.getInt(Events.Machine.CPUS),
                e.getLong(Events.Machine.CPU_FREQ_KHZ), e.getString(Events.Machine.NOTE));
    }

    /** The machine over the recording, its window ({@code window}), or from the late opening on ({@code late}). */
    RunData.Machine result(boolean window, boolean late) {
        Read end = latest(window ? Phase.WINDOW_END : Phase.END);
        if (end == null) {
            return RunData.Machine.NONE;
        }
        Read start = window ? latest(Phase.WINDOW_START) : late ? latest(Phase.LATE_START) : null;
        if (start == null) {
            return new RunData.Machine(end.othersNs(), end.stealNs(), end.waitNs(), end.windowNs(), end.cpus(), end.freqKhz(),
                    note(end.note()));
        }
        return new RunData.Machine(less(end.othersNs(), start.othersNs()), less(end.stealNs(), start.stealNs()),
                less(end.waitNs(), start.waitNs()), end.windowNs() - start.windowNs(), end.cpus(), end.freqKhz(), note(end.note()));
    }

    /** The read of {@code phase} with the largest window, or null. */
    private Read latest(String phase) {
        Read best = null;
        for (Read r : reads) {
            if (phase.equals(r.phase()) && (best == null || r.windowNs() > best.windowNs())) {
                best = r;
            }
        }
        return best;
    }

    private static String note(String n) {
        return n == null ? "" : n;
    }

    /** {@code a - b}, never below 0 (the other processes' figure is clamped at each read); -1 where either is unknown. */
    private static long less(long a, long b) {
        return a < 0 || b < 0 ? -1 : Math.max(0, a - b);
    }
}

package perfstat.cli.command;

import java.util.List;
import perfstat.cli.read.IntervalLog;
import perfstat.cli.stats.StatSummary;

/**
 * {@code attach -I}'s interval rows from the agent's log, batch by batch: each interval from the read before to this
 * one. A read older than the last one taken (appended late by another of the agent's threads) is left out, and the
 * window's closing interval, where it would be shorter than half an interval (the agent's last regular read falls just
 * before the window closes), is folded into the one before it: the last regular read is held until the closing one
 * comes, or the window ends, and the two print as one interval.
 */
final class IntervalRows {
    /** Prints one interval: seconds into the window at its end, and its rows. */
    interface Printer {
        void print(double seconds, List<StatSummary.Line> lines);
    }

    private final long durationNs;
    private final long intervalNs;
    private final Printer printer;
    private long baseNs;
    /** The read the next interval counts from (the window's base, or the last printed), or null. */
    private IntervalLog.Batch previous;
    /** A read near the window's end, held until the closing read comes. */
    private IntervalLog.Batch held;

    IntervalRows(long durationNs, long intervalNs, Printer printer) {
        this.durationNs = durationNs;
        this.intervalNs = intervalNs;
        this.printer = printer;
    }

    /** The totals as a window opened on an agent already counting: rows count from them. */
    void base(IntervalLog.Batch b) {
        baseNs = windowNs(b);
        previous = b;
        held = null;
    }

    /** One read of the log. */
    void batch(IntervalLog.Batch b) {
        IntervalLog.Batch last = held != null ? held : previous;
        if (last != null && windowNs(b) <= windowNs(last)) {
            return; // an older read, appended after a newer one
        }
        if (held != null) {
            if (windowNs(b) - windowNs(held) < intervalNs / 2) {
                print(b); // the closing stub: folded into the interval before it
                return;
            }
            print(held);
        }
        if (durationNs - (windowNs(b) - baseNs) < intervalNs / 2) {
            held = b; // the window closes before half an interval more
        } else {
            print(b);
        }
    }

    /** The window is over: a read still held prints. */
    void flush() {
        if (held != null) {
            print(held);
        }
    }

    private void print(IntervalLog.Batch b) {
        printer.print((windowNs(b) - baseNs) / 1e9, StatSummary.interval(b, previous));
        previous = b;
        held = null;
    }

    private static long windowNs(IntervalLog.Batch b) {
        return b.counters().isEmpty() ? 0 : b.counters().get(0).windowNs();
    }
}

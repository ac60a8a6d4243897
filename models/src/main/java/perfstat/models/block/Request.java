package perfstat.models.block;

import java.util.ArrayList;
import java.util.List;

/**
 * A request: contiguous bios the block layer sends to the device as one command. It grows by
 * back and front merges while it waits in the elevator; once the driver has started it
 * (or the elevator moved it to the dispatch list), it never grows again.
 */
final class Request {
    long start;
    int sectors;
    final boolean sync;
    final boolean read;
    final int task;
    final List<Bio> bios = new ArrayList<>();
    /** Arrival in the elevator, for its FIFO expiry. */
    long fifoTime;
    /** Set once the request left the elevator (dispatch list or driver): no more merges. */
    boolean dispatched;
    /** Set when the driver fetched it ('D'). */
    boolean started;
    /** A merge would exceed the size limit (the kernel's REQ_NOMERGE). */
    boolean noMerge;
    /** The CFQ queue it belongs to; null under NOOP. */
    Cfq.Queue cfqQueue;

    Request(Bio first, long now) {
        start = first.sector;
        sectors = Bio.SECTORS;
        sync = first.sync;
        read = first.read;
        task = first.task;
        bios.add(first);
        fifoTime = now;
    }

    long end() {
        return start + sectors;
    }

    boolean mergeable() {
        return !dispatched && !started && !noMerge;
    }

    @Override
    public String toString() {
        return "rq[" + start + "+" + sectors + (sync ? " sync" : "") + "]";
    }
}

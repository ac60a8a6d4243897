package perfstat.models.block;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The request queue of one disk (docs/models/block.md): bios are merged into requests or
 * start new ones (at most 128 allocated; allocators sleep when none is free); the queue plugs
 * when a request arrives to an empty scheduler and unplugs on the 3 ms timer, at 4 queued
 * requests, or when a task waiting on a page asks ({@link #blkUnplug}); the driver takes
 * requests from the dispatch list, which the elevator fills only when it is empty. Requests on
 * the dispatch list or in the driver never grow again.
 *
 * <p>The methods named after the kernel's trace points ({@link #plug}, {@link #blkUnplug},
 * {@link #unplugTimerFired}, {@link #issue}, {@link #backMerge}, {@link #frontMerge},
 * {@link #completeRequest}, {@link #sleepForRequest}) are called exactly once per event and
 * count it, so the agent's probes on them count what blktrace would.
 */
final class RequestQueue {
    static final int NR_REQUESTS = 128;
    static final int UNPLUG_THRESH = 4;
    static final long UNPLUG_DELAY = 3_000_000L;
    static final int MAX_SECTORS = 1024;
    static final int CONGESTION_ON = NR_REQUESTS - NR_REQUESTS / 8 + 1;
    static final int CONGESTION_OFF = NR_REQUESTS - NR_REQUESTS / 8 - NR_REQUESTS / 16 - 1;

    final Sim sim;
    final BlockStats stats;
    private final Elevator elevator;
    private Disk disk;
    private final List<Request> dispatchList = new ArrayList<>();
    private final Map<Long, Request> endHash = new HashMap<>();
    private Request lastMerge;
    private int allocated;
    private int inFlight;
    private boolean plugged;
    private Sim.Timer unplugTimer;
    private long boundary;
    private final ArrayDeque<Runnable> allocWaiters = new ArrayDeque<>();
    private final List<Runnable> congestionWaiters = new ArrayList<>();
    private boolean congested;
    private final PageCache.WritebackEnd writebackEnd;

    RequestQueue(Sim sim, Elevator elevator, BlockStats stats, PageCache.WritebackEnd writebackEnd) {
        this.sim = sim;
        this.elevator = elevator;
        this.stats = stats;
        this.writebackEnd = writebackEnd;
        elevator.attach(this);
    }

    void attach(Disk disk) {
        this.disk = disk;
    }

    boolean congested() {
        return congested;
    }

    int allocated() {
        return allocated;
    }

    /** The scheduler holds nothing: neither the dispatch list nor the elevator (elv_queue_empty). */
    boolean queueEmpty() {
        return dispatchList.isEmpty() && elevator.empty();
    }

    // ---- submission (__make_request) ----

    /**
     * Submits a bio; {@code then} runs once it is queued, at once or, if the task had to sleep
     * for a free request, later.
     */
    void submit(Bio bio, Runnable then) {
        bio.queuedAt = sim.now();
        stats.queued(bio);
        if (!queueEmpty() && tryMerge(bio)) {
            then.run();
            return;
        }
        getRequest(bio, then);
    }

    /** elv_rq_merge_ok: mergeable, the same data direction, and the elevator agrees. */
    private boolean mergeOk(Request rq, Bio bio) {
        return rq != null && rq.mergeable() && rq.read == bio.read && elevator.allowMerge(rq, bio);
    }

    private boolean tryMerge(Bio bio) {
        Request rq = lastMerge;
        if (mergeOk(rq, bio)) {
            if (rq.end() == bio.sector) {
                return fits(rq) && backMerge(rq, bio);
            }
            if (rq.start == bio.end()) {
                return fits(rq) && frontMerge(rq, bio);
            }
        }
        rq = endHash.get(bio.sector);
        if (mergeOk(rq, bio)) {
            return fits(rq) && backMerge(rq, bio);
        }
        rq = elevator.frontMergeCandidate(bio);
        if (mergeOk(rq, bio)) {
            return fits(rq) && frontMerge(rq, bio);
        }
        return false;
    }

    /** One more bio fits within max_sectors; if not, the request is closed to merges (REQ_NOMERGE). */
    private boolean fits(Request rq) {
        if (rq.sectors + Bio.SECTORS <= MAX_SECTORS) {
            return true;
        }
        rq.noMerge = true;
        if (lastMerge == rq) {
            lastMerge = null;
        }
        return false;
    }

    /** A back merge ('M'). */
    boolean backMerge(Request rq, Bio bio) {
        endHash.remove(rq.end());
        rq.bios.add(bio);
        rq.sectors += Bio.SECTORS;
        endHash.put(rq.end(), rq);
        stats.backMerge(bio);
        Request next = elevator.latter(rq);
        if (next != null) {
            mergeRequests(rq, next);
        }
        lastMerge = rq;
        return true;
    }

    /** A front merge ('F'). */
    boolean frontMerge(Request rq, Bio bio) {
        elevator.moveStart(rq, bio.sector);
        rq.bios.add(0, bio);
        rq.sectors += Bio.SECTORS;
        stats.frontMerge(bio);
        Request prev = elevator.former(rq);
        lastMerge = prev != null && mergeRequests(prev, rq) ? prev : rq;
        return true;
    }

    /** attempt_merge: {@code next} joins {@code rq} if they touch and fit; the freed request goes back. */
    private boolean mergeRequests(Request rq, Request next) {
        if (!rq.mergeable() || !next.mergeable() || rq.end() != next.start || rq.sync != next.sync || rq.read != next.read
                || rq.sectors + next.sectors > MAX_SECTORS) {
            return false;
        }
        endHash.remove(rq.end());
        endHash.remove(next.end());
        rq.bios.addAll(next.bios);
        rq.sectors += next.sectors;
        endHash.put(rq.end(), rq);
        elevator.mergedRequests(rq, next);
        if (lastMerge == next) {
            lastMerge = null;
        }
        stats.requestMerge(rq);
        freeRequest();
        return true;
    }

    private void getRequest(Bio bio, Runnable then) {
        if (allocated >= NR_REQUESTS) {
            sleepForRequest(bio, then);
            return;
        }
        allocated++;
        if (allocated >= CONGESTION_ON) {
            congested = true;
        }
        stats.getRequest(bio);
        Request rq = new Request(bio, sim.now());
        if (queueEmpty() && !plugged) {
            plug();
        }
        endHash.put(rq.end(), rq);
        if (lastMerge == null) {
            lastMerge = rq;
        }
        elevator.add(rq);
        if (plugged && allocated - inFlight >= UNPLUG_THRESH) {
            unplugNow(); // the threshold unplug: no 'U' trace
        }
        then.run();
    }

    /** No free request ('S'): the task sleeps until one is freed, after running the queue. */
    void sleepForRequest(Bio bio, Runnable then) {
        stats.sleepForRequest();
        allocWaiters.addLast(() -> getRequest(bio, then));
        unplugNow();
    }

    private void freeRequest() {
        allocated--;
        if (congested && allocated < CONGESTION_OFF) {
            congested = false;
            List<Runnable> w = new ArrayList<>(congestionWaiters);
            congestionWaiters.clear();
            w.forEach(r -> sim.after(0, r));
        }
        if (allocated < NR_REQUESTS && !allocWaiters.isEmpty()) {
            sim.after(0, allocWaiters.pollFirst());
        }
    }

    /** congestion_wait: {@code then} runs when the queue stops being congested or after {@code timeoutNs}, whichever is first. */
    void congestionWait(long timeoutNs, Runnable then) {
        boolean[] done = {false};
        Runnable once = () -> {
            if (!done[0]) {
                done[0] = true;
                then.run();
            }
        };
        congestionWaiters.add(once);
        sim.after(timeoutNs, () -> {
            congestionWaiters.remove(once);
            once.run();
        });
    }

    // ---- plugging ----

    /** blk_plug_device ('P'): holds the queue for up to 3 ms so that requests can grow. */
    void plug() {
        plugged = true;
        unplugTimer = sim.after(UNPLUG_DELAY, this::unplugTimerFired);
        stats.plug();
    }

    private boolean removePlug() {
        if (!plugged) {
            return false;
        }
        plugged = false;
        unplugTimer.cancel();
        return true;
    }

    /** __generic_unplug_device: if plugged, unplug and run the queue; no trace. */
    private void unplugNow() {
        if (removePlug()) {
            requestFn();
        }
    }

    /** blk_unplug, the explicit unplug of a task about to wait on a page ('U'). */
    void blkUnplug() {
        stats.unplugIo();
        unplugNow();
    }

    /** The 3 ms unplug timer ('UT'); kblockd then unplugs ('U'). */
    void unplugTimerFired() {
        stats.unplugTimer();
        sim.after(0, this::blkUnplug);
    }

    /** blk_start_queueing: run the queue, unplugging it if it is plugged. */
    void startQueueing() {
        removePlug();
        requestFn();
    }

    boolean plugged() {
        return plugged;
    }

    // ---- the driver ----

    /** The driver's request_fn: feed the device while it has room. */
    void requestFn() {
        while (disk.hasRoom()) {
            Request rq = nextRequest();
            if (rq == null) {
                return;
            }
            dispatchList.remove(0);
            inFlight++;
            disk.start(rq);
        }
    }

    /** elv_next_request: the head of the dispatch list, asking the elevator only when the list is empty. */
    private Request nextRequest() {
        while (true) {
            if (!dispatchList.isEmpty()) {
                Request rq = dispatchList.get(0);
                if (!rq.started) {
                    issue(rq);
                }
                return rq;
            }
            if (elevator.dispatch() == 0) {
                return null;
            }
        }
    }

    /** The driver fetches a request for the first time ('D'). */
    void issue(Request rq) {
        rq.started = true;
        stats.issue(rq);
        elevator.activate(rq);
        boundary = rq.end();
    }

    /**
     * elv_dispatch_sort: a request leaves the elevator for the dispatch list, sorted in one
     * sweep from the last position; it no longer merges.
     */
    void dispatchSort(Request rq) {
        endHash.remove(rq.end(), rq);
        if (lastMerge == rq) {
            lastMerge = null;
        }
        rq.dispatched = true;
        int i = dispatchList.size();
        while (i > 0) {
            Request pos = dispatchList.get(i - 1);
            if (pos.started) {
                break;
            }
            if (rq.start >= boundary) {
                if (pos.start < boundary) {
                    i--;
                    continue;
                }
            } else if (pos.start >= boundary) {
                break;
            }
            if (rq.start >= pos.start) {
                break;
            }
            i--;
        }
        dispatchList.add(i, rq);
    }

    /** The device finished the request ('C'): pages end writeback (or are read), the request is freed, the queue runs again. */
    void completeRequest(Request rq) {
        inFlight--;
        stats.complete(rq, sim.now());
        for (Bio b : rq.bios) {
            writebackEnd.ended(b);
        }
        elevator.completed(rq);
        freeRequest();
        requestFn();
    }

    /** Invariants at the end of a run: nothing allocated, queued, in flight or waiting. */
    String idleViolation() {
        if (allocated != 0 || inFlight != 0 || !dispatchList.isEmpty() || !elevator.empty() || !allocWaiters.isEmpty()) {
            return "allocated=" + allocated + " inFlight=" + inFlight + " dispatch=" + dispatchList.size()
                    + " elevatorEmpty=" + elevator.empty() + " sleepers=" + allocWaiters.size();
        }
        return null;
    }
}

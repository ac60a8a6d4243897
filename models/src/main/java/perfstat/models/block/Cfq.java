package perfstat.models.block;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * CFQ as in 2.6.29, 2.6.30-rc1 and 2.6.30 (docs/models/block.md). One sync queue per task,
 * one shared async queue; busy queues wait on a service tree; the active queue owns the disk for
 * its time slice; a sync queue that runs dry idles for 8 ms in the hope its task sends more
 * ({@code wait_request}). The versions differ in four decisions, each marked where it is made:
 * <ul>
 *   <li>dispatch (2f5cb738): 2.6.29 moves up to the quantum per queue per call and, with only one
 *       busy queue, everything it has; 2.6.30-rc1 on moves one request per call, and lets a queue
 *       have at most the quantum in flight (four times that when it is the only busy queue);</li>
 *   <li>arrival on an idling queue (b029195d, d6ceb25e, 2d870722): 2.6.29 runs the queue at once;
 *       rc1 only marks must-dispatch; 2.6.30 runs it at once if the request is larger than a page
 *       or other queues are busy;</li>
 *   <li>idle-timer expiry: rc1 on kicks at once a must-dispatch queue;</li>
 *   <li>queue selection: rc1 on keeps a must-dispatch queue past its slice, and a new active queue
 *       starts with its flags and the idle timer cleared.</li>
 * </ul>
 * Tunables are the same in every version: quantum 4, slices 100 ms sync / 40 ms async,
 * {@code slice_async_rq} 2, {@code slice_idle} 8 ms, FIFO expiry 125 ms sync / 250 ms async,
 * back seeks up to 16 MiB at twice the cost.
 */
final class Cfq implements Elevator {

    enum Version {
        V2_6_29, V2_6_30_RC1, V2_6_30;

        boolean atLeast(Version v) {
            return compareTo(v) >= 0;
        }
    }

    static final int QUANTUM = 4;
    static final long MS = 1_000_000L;
    static final long SLICE_SYNC = 100 * MS;
    static final long SLICE_ASYNC = 40 * MS;
    static final int SLICE_ASYNC_RQ = 2;
    static final long SLICE_IDLE = 8 * MS;
    static final long FIFO_SYNC = 125 * MS;
    static final long FIFO_ASYNC = 250 * MS;
    static final long BACK_MAX_SECTORS = 16 * 1024 * 2;
    static final int BACK_PENALTY = 2;
    /** Two jiffies at HZ=250: the idle cap of a seeky task. */
    static final long MIN_TT = 8 * MS;
    /** Requests an async queue of the default priority may send in one slice when others wait (cfq_prio_to_maxrq). */
    static final int ASYNC_MAXRQ = 2 * (SLICE_ASYNC_RQ + SLICE_ASYNC_RQ * (8 - 1 - 4));
    static final long PAGE_BYTES = 4096;

    /** A cfq_queue. */
    final class Queue {
        final boolean sync;
        final int task;
        final TreeMap<Long, Request> sort = new TreeMap<>();
        final ArrayDeque<Request> fifo = new ArrayDeque<>();
        Request next;
        int dispatched;
        int sliceDispatch;
        long sliceEnd;
        boolean sliceNew;
        boolean waitRequest;
        boolean mustDispatch;
        boolean fifoExpire;
        boolean idleWindow;
        boolean onRr;
        long rbKey;
        long rbSeq;
        /** Think time: mean gap between a completion and the task's next request, and when it last completed. */
        long thinkMean;
        long lastCompletion = -1;

        Queue(boolean sync, int task) {
            this.sync = sync;
            this.task = task;
            this.idleWindow = sync;
        }

        long slice() {
            return sync ? SLICE_SYNC : SLICE_ASYNC;
        }

        long fifoExpiry() {
            return sync ? FIFO_SYNC : FIFO_ASYNC;
        }
    }

    private final Version version;
    private RequestQueue queue;
    private Sim sim;
    private final Queue async = new Queue(false, -1);
    private final Map<Integer, Queue> syncQueues = new TreeMap<>();
    private final TreeSet<Queue> serviceTree = new TreeSet<>((a, b) -> a.rbKey != b.rbKey
            ? Long.compare(a.rbKey, b.rbKey) : Long.compare(a.rbSeq, b.rbSeq));
    private long rbSeq;
    private Queue active;
    private int busyQueues;
    private int rqInDriver;
    private int syncFlight;
    private long lastPosition;
    private Sim.Timer idleTimer;
    private long idleArms;
    private long idleFires;
    private long idleKicks;
    private long fifoDispatches;

    Cfq(Version version) {
        this.version = version;
    }

    @Override
    public void attach(RequestQueue queue) {
        this.queue = queue;
        this.sim = queue.sim;
    }

    private Queue queueOf(Bio bio) {
        return bio.sync ? syncQueues.computeIfAbsent(bio.task, t -> new Queue(true, t)) : async;
    }

    @Override
    public boolean empty() {
        return busyQueues == 0;
    }

    // ---- requests in and out of a queue's sort tree ----

    @Override
    public void add(Request rq) {
        Queue q = rq.sync ? syncQueues.computeIfAbsent(rq.task, t -> new Queue(true, t)) : async;
        rq.cfqQueue = q;
        addRb(q, rq);
        rq.fifoTime = sim.now();
        q.fifo.addLast(rq);
        enqueued(q, rq);
    }

    private void addRb(Queue q, Request rq) {
        if (q.sort.putIfAbsent(rq.start, rq) != null) {
            throw new IllegalStateException("two requests start at sector " + rq.start);
        }
        if (!q.onRr) {
            addRr(q);
        }
        q.next = choose(q.next, rq);
    }

    private void removeRequest(Request rq) {
        Queue q = rq.cfqQueue;
        if (q.next == rq) {
            q.next = findNext(q, rq);
        }
        q.sort.remove(rq.start);
        q.fifo.remove(rq);
        if (q.onRr && q.sort.isEmpty()) {
            delRr(q);
        }
    }

    private void addRr(Queue q) {
        q.onRr = true;
        busyQueues++;
        resort(q);
    }

    private void delRr(Queue q) {
        q.onRr = false;
        busyQueues--;
        serviceTree.remove(q);
    }

    /** Places a busy queue on the service tree: later for async queues, as cfq_slice_offset does. */
    private void resort(Queue q) {
        serviceTree.remove(q);
        long offset = (busyQueues - 1L) * (180 * MS - q.slice());
        q.rbKey = sim.now() + offset;
        q.rbSeq = rbSeq++;
        serviceTree.add(q);
    }

    /** cfq_choose_req: the better of two requests to send next, seen from the head's last position. */
    private Request choose(Request r1, Request r2) {
        if (r1 == null || r1 == r2) {
            return r2;
        }
        if (r2 == null) {
            return r1;
        }
        if (r1.sync != r2.sync) {
            return r1.sync ? r1 : r2;
        }
        long last = lastPosition;
        long s1 = r1.start;
        long s2 = r2.start;
        long d1 = 0;
        long d2 = 0;
        boolean w1 = false;
        boolean w2 = false;
        if (s1 >= last) {
            d1 = s1 - last;
        } else if (s1 + BACK_MAX_SECTORS >= last) {
            d1 = (last - s1) * BACK_PENALTY;
        } else {
            w1 = true;
        }
        if (s2 >= last) {
            d2 = s2 - last;
        } else if (s2 + BACK_MAX_SECTORS >= last) {
            d2 = (last - s2) * BACK_PENALTY;
        } else {
            w2 = true;
        }
        if (!w1 && !w2) {
            if (d1 != d2) {
                return d1 < d2 ? r1 : r2;
            }
            return s1 >= s2 ? r1 : r2;
        }
        if (w1 && w2) {
            return s1 <= s2 ? r1 : r2;
        }
        return w1 ? r2 : r1;
    }

    /** cfq_find_next_rq: after sending {@code last}, its neighbours in sector order compete. */
    private Request findNext(Queue q, Request last) {
        Map.Entry<Long, Request> n = q.sort.higherEntry(last.start);
        Map.Entry<Long, Request> p = q.sort.lowerEntry(last.start);
        Request next = n != null ? n.getValue() : null;
        if (next == null && !q.sort.isEmpty() && q.sort.firstEntry().getValue() != last) {
            next = q.sort.firstEntry().getValue();
        }
        return choose(next, p != null ? p.getValue() : null);
    }

    // ---- merging ----

    @Override
    public Request frontMergeCandidate(Bio bio) {
        Queue q = bio.sync ? syncQueues.get(bio.task) : async;
        return q == null ? null : q.sort.get(bio.end());
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        if (bio.sync != rq.sync) {
            return false; // a sync bio never joins an async request, nor the other way round
        }
        return !bio.sync || rq.task == bio.task;
    }

    @Override
    public void moveStart(Request rq, long newStart) {
        Queue q = rq.cfqQueue;
        q.sort.remove(rq.start);
        rq.start = newStart;
        q.sort.put(rq.start, rq);
        q.next = choose(q.next, rq);
    }

    @Override
    public void mergedRequests(Request rq, Request next) {
        if (next.fifoTime < rq.fifoTime) {
            Queue q = rq.cfqQueue;
            rq.fifoTime = next.fifoTime;
            // rq takes next's place in the FIFO
            ArrayDeque<Request> reordered = new ArrayDeque<>();
            for (Request r : q.fifo) {
                if (r == next) {
                    reordered.add(rq);
                } else if (r != rq) {
                    reordered.add(r);
                }
            }
            q.fifo.clear();
            q.fifo.addAll(reordered);
        }
        removeRequest(next);
    }

    @Override
    public Request latter(Request rq) {
        Map.Entry<Long, Request> e = rq.cfqQueue.sort.higherEntry(rq.start);
        return e == null ? null : e.getValue();
    }

    @Override
    public Request former(Request rq) {
        Map.Entry<Long, Request> e = rq.cfqQueue.sort.lowerEntry(rq.start);
        return e == null ? null : e.getValue();
    }

    // ---- the arrival hook (cfq_rq_enqueued) ----

    private void enqueued(Queue q, Request rq) {
        if (q.sync) {
            updateThinkTime(q);
        }
        if (q == active) {
            if (q.waitRequest) {
                switch (version) {
                    case V2_6_29 -> {
                        q.mustDispatch = true;
                        cancelIdleTimer();
                        kick();
                    }
                    case V2_6_30_RC1 -> q.mustDispatch = true; // leaves on the next unplug or at the idle timer
                    case V2_6_30 -> {
                        if ((long) rq.sectors * 512 > PAGE_BYTES || busyQueues > 1) {
                            cancelIdleTimer();
                            kick();
                        }
                        q.mustDispatch = true;
                    }
                }
            }
        } else if (shouldPreempt(q, rq)) {
            expireSlice(false);
            setActive(q);
            q.mustDispatch = true;
            kick();
        }
    }

    /** A sync request preempts an async active queue (the part of cfq_should_preempt the model needs). */
    private boolean shouldPreempt(Queue q, Request rq) {
        return active != null && rq.sync && !active.sync;
    }

    private void updateThinkTime(Queue q) {
        if (q.lastCompletion >= 0) {
            long think = sim.now() - q.lastCompletion;
            q.thinkMean = (7 * q.thinkMean + think) / 8;
        }
        q.idleWindow = q.thinkMean <= SLICE_IDLE;
    }

    /** blk_start_queueing: run the queue now, whether plugged or not (no unplug trace). */
    private void kick() {
        queue.startQueueing();
    }

    // ---- queue selection and slices ----

    private boolean sliceUsed(Queue q) {
        return !q.sliceNew && sim.now() >= q.sliceEnd;
    }

    private void setActive(Queue q) {
        if (q != null) {
            q.sliceEnd = 0;
            q.sliceDispatch = 0;
            q.fifoExpire = false;
            q.sliceNew = true;
            if (version.atLeast(Version.V2_6_30_RC1)) {
                q.waitRequest = false;
                q.mustDispatch = false;
                cancelIdleTimer();
            }
        }
        active = q;
    }

    private void expireSlice(boolean timedOut) {
        Queue q = active;
        if (q == null) {
            return;
        }
        if (q.waitRequest) {
            cancelIdleTimer();
        }
        q.waitRequest = false;
        q.mustDispatch = false;
        if (q.onRr) {
            resort(q);
        }
        active = null;
    }

    private Queue selectQueue() {
        Queue q = active;
        if (q != null) {
            boolean keepPastSlice = version.atLeast(Version.V2_6_30_RC1) && q.mustDispatch;
            if (!(sliceUsed(q) && !keepPastSlice)) {
                if (!q.sort.isEmpty()) {
                    return q;
                }
                if ((idleTimer != null && idleTimer.pending()) || (q.dispatched > 0 && q.idleWindow)) {
                    return null; // idling: wait for the task's next request
                }
            }
            expireSlice(false);
        }
        setActive(serviceTree.isEmpty() ? null : serviceTree.first());
        return active;
    }

    // ---- dispatch (2f5cb738 changed it) ----

    @Override
    public int dispatch() {
        if (busyQueues == 0) {
            return 0;
        }
        return version == Version.V2_6_29 ? dispatchBatches() : dispatchOne();
    }

    /** 2.6.29: per queue up to the quantum, and with one busy queue, everything it has. */
    private int dispatchBatches() {
        int dispatched = 0;
        Queue q;
        while ((q = selectQueue()) != null) {
            if (q.dispatched >= QUANTUM && busyQueues > 1) {
                break;
            }
            if (syncFlight > 0 && !q.sync) {
                break; // async waits while sync I/O is in flight
            }
            q.mustDispatch = false;
            q.waitRequest = false;
            cancelIdleTimer();
            int n = 0;
            do {
                dispatchInsert(q, nextRequest(q));
                n++;
            } while (!q.sort.isEmpty() && n < QUANTUM);
            dispatched += n;
            q.sliceDispatch += n;
            if (busyQueues > 1 && !q.sync && n >= ASYNC_MAXRQ) {
                q.sliceEnd = sim.now() + 1;
                expireSlice(false);
            }
        }
        return dispatched;
    }

    /** 2.6.30-rc1 on: one request per call, and a cap on what a queue has in flight. */
    private int dispatchOne() {
        Queue q = selectQueue();
        if (q == null) {
            return 0;
        }
        if (syncFlight > 0 && !q.sync) {
            return 0;
        }
        if (q.dispatched >= QUANTUM && (busyQueues > 1 || q.dispatched >= 4 * QUANTUM)) {
            return 0;
        }
        q.waitRequest = false;
        cancelIdleTimer();
        dispatchInsert(q, nextRequest(q));
        q.sliceDispatch++;
        q.mustDispatch = false;
        if (busyQueues > 1 && !q.sync && q.sliceDispatch >= ASYNC_MAXRQ) {
            q.sliceEnd = sim.now() + 1;
            expireSlice(false);
        }
        return 1;
    }

    /** The queue's next request: an expired FIFO head (checked once per slice), else next_rq. */
    private Request nextRequest(Queue q) {
        if (!q.fifoExpire) {
            q.fifoExpire = true;
            Request head = q.fifo.peekFirst();
            if (head != null && sim.now() - head.fifoTime > q.fifoExpiry()) {
                fifoDispatches++;
                return head;
            }
        }
        return q.next;
    }

    private void dispatchInsert(Queue q, Request rq) {
        removeRequest(rq);
        q.dispatched++;
        if (q.sync) {
            syncFlight++;
        }
        queue.dispatchSort(rq);
    }

    @Override
    public void activate(Request rq) {
        rqInDriver++;
        lastPosition = rq.end();
    }

    // ---- completion and idling ----

    @Override
    public void completed(Request rq) {
        Queue q = rq.cfqQueue;
        rqInDriver--;
        q.dispatched--;
        if (q.sync) {
            syncFlight--;
            q.lastCompletion = sim.now();
        }
        if (q == active) {
            if (q.sliceNew) {
                q.sliceEnd = sim.now() + q.slice();
                q.sliceNew = false;
            }
            if (sliceUsed(q)) {
                expireSlice(true);
            } else if (q.sync && q.sort.isEmpty()) {
                armSliceTimer(q);
            }
        }
        if (rqInDriver == 0 && busyQueues > 0) {
            sim.after(0, this::kick); // cfq_schedule_dispatch: kblockd runs the queue
        }
    }

    private void armSliceTimer(Queue q) {
        if (!q.idleWindow || rqInDriver > 0) {
            return;
        }
        q.waitRequest = true;
        if (version == Version.V2_6_29) {
            q.mustDispatch = true;
        }
        long sl = q.thinkMean > SLICE_IDLE ? Math.min(SLICE_IDLE, MIN_TT) : SLICE_IDLE;
        cancelIdleTimer();
        idleTimer = sim.after(sl, this::idleTimerFired);
        idleArms++;
    }

    private void cancelIdleTimer() {
        if (idleTimer != null) {
            idleTimer.cancel();
            idleTimer = null;
        }
    }

    /** cfq_idle_slice_timer. */
    private void idleTimerFired() {
        idleTimer = null;
        idleFires++;
        Queue q = active;
        if (q != null) {
            boolean kick = false;
            if (version.atLeast(Version.V2_6_30_RC1) && q.mustDispatch) {
                kick = true;
            } else if (sliceUsed(q)) {
                expireSlice(true);
                kick = true;
            } else if (busyQueues == 0) {
                q.waitRequest = false;
                return;
            } else if (!q.sort.isEmpty()) {
                q.mustDispatch = true;
                kick = true;
            } else {
                expireSlice(true);
                kick = true;
            }
            if (kick) {
                idleKicks++;
                sim.after(0, this::kick);
            }
        }
    }

    @Override
    public void counters(Map<String, Long> out) {
        out.put("cfq_idle_arms", idleArms);
        out.put("cfq_idle_fires", idleFires);
        out.put("cfq_idle_kicks", idleKicks);
        out.put("cfq_fifo_dispatches", fifoDispatches);
    }
}

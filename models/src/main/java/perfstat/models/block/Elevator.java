package perfstat.models.block;

/**
 * An I/O scheduler as the block layer sees it (the kernel's elevator_ops). The request queue
 * owns the dispatch list, the merge hash and plugging; the elevator owns the requests not yet
 * dispatched and decides which leaves next. Variants of the block model differ only in the
 * elevator they plug in here.
 */
interface Elevator {

    /** Attaches the elevator to its queue, before any request arrives. */
    void attach(RequestQueue queue);

    /** No request waits in the elevator (elevator_queue_empty_fn). */
    boolean empty();

    /** A new request enters the elevator (elevator_add_req_fn): sorted in, and the arrival hook runs. */
    void add(Request rq);

    /** The elevator's own front-merge lookup: a request of the bio's queue starting where the bio ends; null if none. */
    Request frontMergeCandidate(Bio bio);

    /** Whether the bio may join the request (elevator_allow_merge_fn). */
    boolean allowMerge(Request rq, Bio bio);

    /** The request's start moves to {@code newStart} (a front merge): re-sort it. */
    void moveStart(Request rq, long newStart);

    /** {@code next} was merged into {@code rq} and leaves the elevator (elevator_merge_req_fn). */
    void mergedRequests(Request rq, Request next);

    /** The request after {@code rq} in the elevator's order, or null (elv_latter_request). */
    Request latter(Request rq);

    /** The request before {@code rq} in the elevator's order, or null (elv_former_request). */
    Request former(Request rq);

    /**
     * Moves requests to the queue's dispatch list ({@link RequestQueue#dispatchSort}); called
     * by the driver only when that list is empty. Returns how many were moved.
     */
    int dispatch();

    /** The driver started the request ('D'; elevator_activate_req_fn). */
    default void activate(Request rq) {
    }

    /** The device completed the request (elevator_completed_req_fn). */
    default void completed(Request rq) {
    }

    /** The elevator's own counters, added to the run's. */
    default void counters(java.util.Map<String, Long> out) {
    }
}

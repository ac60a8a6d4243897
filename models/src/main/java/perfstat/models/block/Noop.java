package perfstat.models.block;

import java.util.ArrayList;
import java.util.List;

/**
 * The NOOP elevator: requests leave in the order they arrived, one per dispatch call. It has
 * no front-merge lookup of its own (the block layer's one-hit cache and back-merge hash still
 * merge). The same code in 2.6.29 and 2.6.30.
 */
final class Noop implements Elevator {
    private final List<Request> fifo = new ArrayList<>();
    private RequestQueue queue;

    @Override
    public void attach(RequestQueue queue) {
        this.queue = queue;
    }

    @Override
    public boolean empty() {
        return fifo.isEmpty();
    }

    @Override
    public void add(Request rq) {
        fifo.add(rq);
    }

    @Override
    public Request frontMergeCandidate(Bio bio) {
        return null;
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        return true;
    }

    @Override
    public void moveStart(Request rq, long newStart) {
        rq.start = newStart;
    }

    @Override
    public void mergedRequests(Request rq, Request next) {
        fifo.remove(next);
    }

    @Override
    public Request latter(Request rq) {
        int i = fifo.indexOf(rq);
        return i >= 0 && i + 1 < fifo.size() ? fifo.get(i + 1) : null;
    }

    @Override
    public Request former(Request rq) {
        int i = fifo.indexOf(rq);
        return i > 0 ? fifo.get(i - 1) : null;
    }

    @Override
    public int dispatch() {
        if (fifo.isEmpty()) {
            return 0;
        }
        queue.dispatchSort(fifo.remove(0));
        return 1;
    }
}

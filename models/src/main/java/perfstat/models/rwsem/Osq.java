package perfstat.models.rwsem;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The optimistic spin queue: an MCS queue with one node per CPU, whose tail word holds the
 * last waiter's CPU number + 1 (0: empty), and whose waiters leave the queue when they must
 * reschedule. Only the head of the queue spins on the rwsem itself; the others spin on
 * their own node.
 *
 * <p>Leaving (unqueue) takes three steps: unlink from the predecessor (retrying while the
 * predecessor changes, and taking the lock instead if it is handed over meanwhile); find a
 * stable successor, or move the tail back to the predecessor if there is none; link
 * predecessor and successor.
 */
final class Osq {
    static final class Node {
        long p01, p02, p03, p04, p05, p06, p07;
        volatile Node next;
        volatile Node prev;
        volatile boolean locked;
        final int cpu;
        long q01, q02, q03, q04, q05, q06;

        Node(int cpu) {
            this.cpu = cpu;
        }
    }

    private static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(Node.class, "next", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Node[] nodes;
    private final AtomicInteger tail = new AtomicInteger();
    private final RwsemStats stats;

    Osq(int cpus, RwsemStats stats) {
        nodes = new Node[cpus];
        for (int i = 0; i < cpus; i++) {
            nodes[i] = new Node(i);
        }
        this.stats = stats;
    }

    /** Whether nobody is queued (at the end of a run, it must be so). */
    boolean empty() {
        return tail.get() == 0;
    }

    /** Joins the queue and waits to be its head; false if the task had to reschedule first and left. */
    boolean lock(Task t) {
        Node node = nodes[t.cpu];
        int me = t.cpu + 1;
        node.locked = false;
        node.next = null;
        int old = tail.getAndSet(me);
        if (old == 0) {
            return true;
        }
        Node prev = nodes[old - 1];
        node.prev = prev;
        prev.next = node;
        long t0 = System.nanoTime();
        try {
            while (!node.locked) {
                if (t.needResched()) {
                    return unqueue(node, prev, me);
                }
                Thread.onSpinWait();
            }
            return true;
        } finally {
            stats.osqWaitNs.add(System.nanoTime() - t0);
        }
    }

    /** Leaves the queue (a tracepoint-like method: probes count its calls, as the model counts them). */
    private boolean unqueue(Node node, Node prev, int me) {
        stats.osqUnqueues.increment();
        // A: unlink from prev, unless the lock reaches us first (then the waiter keeps it)
        for (;;) {
            if (prev.next == node && NEXT.compareAndSet(prev, node, null)) {
                break;
            }
            if (node.locked) {
                return true;
            }
            Thread.onSpinWait();
            prev = node.prev;
        }
        // B: a stable successor, or the tail moved back to prev
        Node next = waitNext(node, prev, me);
        if (next != null) {
            // C: link prev and next
            next.prev = prev;
            prev.next = next;
        }
        return false;
    }

    private Node waitNext(Node node, Node prev, int me) {
        int old = prev == null ? 0 : prev.cpu + 1;
        for (;;) {
            if (tail.get() == me && tail.compareAndSet(me, old)) {
                return null;
            }
            if (node.next != null) {
                Node next = (Node) NEXT.getAndSet(node, (Node) null);
                if (next != null) {
                    return next;
                }
            }
            Thread.onSpinWait();
        }
    }

    /** Leaves the head of the queue, handing it to the next waiter if there is one. */
    void unlock(Task t) {
        int me = t.cpu + 1;
        if (tail.compareAndSet(me, 0)) {
            return;
        }
        Node node = nodes[t.cpu];
        Node next = (Node) NEXT.getAndSet(node, (Node) null);
        if (next == null) {
            next = waitNext(node, null, me);
        }
        if (next != null) {
            next.locked = true;
        }
    }
}

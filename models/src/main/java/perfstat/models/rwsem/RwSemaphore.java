package perfstat.models.rwsem;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A reader-writer semaphore as Linux 3.15/3.16 built it for x86-64: one count word with
 * biases, an owner set only by writers, a FIFO of sleeping waiters under a spinlock, and
 * (3.16) an optimistic spin queue for writers.
 *
 * <p>The count: the low 32 bits count active lockers ({@link #ACTIVE_BIAS} each); a writer
 * adds {@link #ACTIVE_WRITE_BIAS} ({@link #WAITING_BIAS} + 1); a non-empty wait list adds
 * {@link #WAITING_BIAS}. So 0 is free, a positive count is readers only, and a count below
 * {@link #WAITING_BIAS} has an active writer.
 *
 * <p>The variants differ only in {@link Variant#spinOnNullOwner}: whether a writer that finds
 * no owner may spin (3.16-rc: yes, "it may have just been taken"; Jason Low's fix: no, readers
 * may hold it) and, for 3.15, whether writers spin at all.
 */
final class RwSemaphore {
    static final long ACTIVE_MASK = 0xffffffffL;
    static final long ACTIVE_BIAS = 1;
    static final long WAITING_BIAS = -(1L << 32);
    static final long ACTIVE_READ_BIAS = ACTIVE_BIAS;
    static final long ACTIVE_WRITE_BIAS = WAITING_BIAS + ACTIVE_BIAS;

    /** What a kernel version does with a contended writer. */
    enum Variant {
        V3_15(false, false), UNPATCHED(true, true), PATCHED(true, false);

        final boolean optimisticSpin;
        final boolean spinOnNullOwner;

        Variant(boolean optimisticSpin, boolean spinOnNullOwner) {
            this.optimisticSpin = optimisticSpin;
            this.spinOnNullOwner = spinOnNullOwner;
        }
    }

    private enum Wake { ANY, READERS }

    private static final class Waiter {
        final Task task;
        final boolean writer;
        volatile boolean granted;

        Waiter(Task task, boolean writer) {
            this.task = task;
            this.writer = writer;
        }
    }

    final AtomicLong count = new AtomicLong();
    volatile Task owner;
    private final AtomicBoolean waitLock = new AtomicBoolean();
    private final ArrayDeque<Waiter> waitList = new ArrayDeque<>();
    final Osq osq;
    /** Read on every contended write; set live by {@link XfsRepair#switchVariant}. */
    volatile Variant variant;
    final RwsemStats stats;

    RwSemaphore(Variant variant, int cpus, RwsemStats stats) {
        this.variant = variant;
        this.stats = stats;
        this.osq = new Osq(cpus, stats);
    }

    // ---- readers

    void downRead(Task t) {
        if (count.incrementAndGet() <= 0) {
            downReadFailed(t);
        }
    }

    void upRead(Task t) {
        long c = count.decrementAndGet();
        if (c < -1 && (c & ACTIVE_MASK) == 0) {
            wakeWaiters();
        }
    }

    private void downReadFailed(Task t) {
        stats.contendedReads.increment();
        Waiter w = new Waiter(t, false);
        long adjustment = -ACTIVE_READ_BIAS;
        lockWaitList();
        if (waitList.isEmpty()) {
            adjustment += WAITING_BIAS;
        }
        waitList.addLast(w);
        long c = count.addAndGet(adjustment);
        // nobody active: wake the front; or we made the queue and only readers hold it: join them
        if (c == WAITING_BIAS || (c > WAITING_BIAS && adjustment != -ACTIVE_READ_BIAS)) {
            wake(Wake.ANY);
        }
        unlockWaitList();
        while (!w.granted) {
            readerSleep(t);
        }
    }

    /** A reader goes to sleep (a tracepoint-like method: probes count its calls). */
    private void readerSleep(Task t) {
        stats.readerSleeps.increment();
        t.schedule();
    }

    // ---- writers

    void downWrite(Task t) {
        if (count.getAndAdd(ACTIVE_WRITE_BIAS) == 0) {
            owner = t;
            return;
        }
        downWriteFailed(t);
    }

    void upWrite(Task t) {
        owner = null;
        long c = count.addAndGet(-ACTIVE_WRITE_BIAS);
        if (c < 0) {
            wakeWaiters();
        }
    }

    private void downWriteFailed(Task t) {
        stats.contendedWrites.increment();
        count.addAndGet(-ACTIVE_WRITE_BIAS);
        if (variant.optimisticSpin && optimisticSpin(t)) {
            return;
        }
        Waiter w = new Waiter(t, true);
        lockWaitList();
        boolean waiting = !waitList.isEmpty();
        waitList.addLast(w);
        long c;
        if (waiting) {
            c = count.get();
            if (c > WAITING_BIAS) {
                wake(Wake.READERS); // readers hold it: let the readers queued ahead of us join them
            }
        } else {
            c = count.addAndGet(WAITING_BIAS);
        }
        for (;;) {
            if (c == WAITING_BIAS) {
                long next = waitList.size() == 1 ? ACTIVE_WRITE_BIAS : WAITING_BIAS + ACTIVE_WRITE_BIAS;
                if (count.compareAndSet(WAITING_BIAS, next)) {
                    waitList.remove(w);
                    owner = t;
                    break;
                }
            }
            unlockWaitList();
            while ((count.get() & ACTIVE_MASK) != 0) {
                writerSleep(t);
            }
            lockWaitList();
            c = count.get();
        }
        unlockWaitList();
    }

    /** A writer goes to sleep (tracepoint-like). */
    private void writerSleep(Task t) {
        stats.writerSleeps.increment();
        t.schedule();
    }

    /** The one decision the fix changed: may a writer spin, given the owner it sees? */
    private boolean canSpinOnOwner(Task t) {
        if (t.needResched()) {
            return false;
        }
        Task o = owner;
        if (o != null) {
            return o.onCpu;
        }
        return variant.spinOnNullOwner;
    }

    private boolean optimisticSpin(Task t) {
        if (!canSpinOnOwner(t)) {
            return false;
        }
        if (!osq.lock(t)) {
            return false;
        }
        boolean taken = false;
        long start = System.nanoTime();
        long ownerSpin = 0;
        for (;;) {
            Task o = owner;
            if (o != null) {
                long s = System.nanoTime();
                boolean released = spinOnOwner(t, o);
                ownerSpin += System.nanoTime() - s;
                if (!released) {
                    break;
                }
            }
            if (tryWriteUnqueued(t)) {
                taken = true;
                break;
            }
            if (o == null && t.needResched()) {
                break;
            }
            if (o == null) {
                stats.noOwnerSpins.increment();
            }
            Thread.onSpinWait();
        }
        osq.unlock(t);
        stats.ownerSpinNs.add(ownerSpin);
        stats.noOwnerSpinNs.add(System.nanoTime() - start - ownerSpin);
        if (taken) {
            stats.spinAcquisitions.increment();
        }
        return taken;
    }

    /** Spins while the same owner holds the lock and runs; true if the lock was released. */
    private boolean spinOnOwner(Task t, Task o) {
        while (owner == o && o.onCpu && !t.needResched()) {
            Thread.onSpinWait();
        }
        return owner == null;
    }

    /** Takes the lock without queueing if nobody holds it (waiters or not). */
    private boolean tryWriteUnqueued(Task t) {
        long c = count.get();
        while (c == 0 || c == WAITING_BIAS) {
            if (count.compareAndSet(c, c + ACTIVE_WRITE_BIAS)) {
                owner = t;
                return true;
            }
            c = count.get();
        }
        stats.failedWriteTrylocks.increment();
        return false;
    }

    // ---- waking

    private void wakeWaiters() {
        lockWaitList();
        if (!waitList.isEmpty()) {
            wake(Wake.ANY);
        }
        unlockWaitList();
    }

    /** Under the wait lock: wake a front writer (ANY only), or grant the lock to the readers at the front. */
    private void wake(Wake type) {
        Waiter front = waitList.peekFirst();
        if (front == null) {
            return;
        }
        if (front.writer) {
            if (type == Wake.ANY) {
                stats.wakeups.increment();
                front.task.wake();
            }
            return;
        }
        // readers: claim a read bias first, unless a writer took the lock meanwhile
        for (;;) {
            long old = count.getAndAdd(ACTIVE_READ_BIAS);
            if (old >= WAITING_BIAS) {
                break;
            }
            if ((count.addAndGet(-ACTIVE_READ_BIAS) & ACTIVE_MASK) != 0) {
                return; // the writer still holds it; its release wakes us
            }
        }
        int readers = 0;
        for (Waiter w : waitList) {
            if (w.writer) {
                break;
            }
            readers++;
        }
        long add = readers * ACTIVE_READ_BIAS - ACTIVE_READ_BIAS;
        if (readers == waitList.size()) {
            add -= WAITING_BIAS;
        }
        if (add != 0) {
            count.addAndGet(add);
        }
        Iterator<Waiter> it = waitList.iterator();
        for (int i = 0; i < readers; i++) {
            Waiter w = it.next();
            it.remove();
            w.granted = true;
            stats.readerHandoffs.increment();
            stats.wakeups.increment();
            w.task.wake();
        }
    }

    private void lockWaitList() {
        int spins = 0;
        while (!waitLock.compareAndSet(false, true)) {
            if (++spins % 64 == 0) {
                Thread.yield(); // the holder may have lost its CPU: a kernel spinlock holder cannot
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private void unlockWaitList() {
        waitLock.set(false);
    }

    /** At the end of a run: free, nobody queued, nobody spinning. */
    String idleViolation() {
        if (count.get() != 0) {
            return "count is " + Long.toHexString(count.get()) + ", not 0";
        }
        if (owner != null) {
            return "an owner is left";
        }
        lockWaitList();
        try {
            if (!waitList.isEmpty()) {
                return waitList.size() + " waiters left";
            }
        } finally {
            unlockWaitList();
        }
        return osq.empty() ? null : "the spin queue is not empty";
    }
}

package perfstat.models.writepath;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A ticket spinlock, as x86 {@code spin_lock} was in 2.6.25 to 2.6.30: one locked
 * fetch-and-add takes a ticket, the taker spins until {@code owner} reaches it, and
 * the unlock is a plain store with release semantics (no locked instruction).
 *
 * <p>Subclasses embed the lock in their own object, as the kernel embeds a
 * {@code spinlock_t} in the structure it protects.
 *
 * <p>The kernel holds a spinlock with preemption disabled, so a waiter spins only for as
 * long as the holder's critical section runs. A Java thread holding the lock can be
 * descheduled, and a waiter would then spin out its whole time slice (and, with a ticket
 * lock, so would every waiter behind it). After {@link #SPINS} turns a waiter therefore
 * yields its CPU between checks, which lets a descheduled holder run. Uncontended, the
 * loop never runs; contended while the holder runs, it ends long before the bound.
 */
abstract class TicketSpinLock extends PaddedLeft {
    private static final VarHandle NEXT;
    private static final VarHandle OWNER;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            NEXT = l.findVarHandle(TicketSpinLock.class, "next", int.class);
            OWNER = l.findVarHandle(TicketSpinLock.class, "owner", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Turns of {@code cpu_relax()} before a waiter starts yielding: about 0.1 ms on the VM the
     * model was measured on (a pause took 90 to 180 ns there), far longer than any critical
     * section the model's spinlocks guard while their holder runs.
     */
    static final int SPINS = 1 << 10;

    private volatile int next;
    private volatile int owner;

    /** {@code spin_lock}. */
    final void spinLock() {
        int ticket = (int) NEXT.getAndAdd(this, 1);
        for (int turn = 0; (int) OWNER.getAcquire(this) != ticket; turn++) {
            cpuRelax(turn);
        }
    }

    /**
     * {@code cpu_relax()} in the {@code turn}th turn of a wait for another CPU: a pause, or
     * after {@link #SPINS} turns a yield, since the CPU waited for is then off its CPU, which
     * in the kernel (preemption disabled) it never is.
     */
    static void cpuRelax(int turn) {
        if (turn < SPINS) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /** {@code spin_unlock}: a release store, no locked instruction. */
    final void spinUnlock() {
        OWNER.setRelease(this, (int) OWNER.getOpaque(this) + 1);
    }

    /** For assertions and tests: whether some CPU holds this lock now. */
    final boolean isLocked() {
        return (int) OWNER.getVolatile(this) != (int) NEXT.getVolatile(this);
    }
}

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

    private volatile int next;
    private volatile int owner;

    /** {@code spin_lock}. */
    final void spinLock() {
        int ticket = (int) NEXT.getAndAdd(this, 1);
        while ((int) OWNER.getAcquire(this) != ticket) {
            Thread.onSpinWait(); // cpu_relax()
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

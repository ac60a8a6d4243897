package perfstat.models.writepath;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A sleeping mutex with the kernel's fast path ({@code i_mutex}): the count is 1 when
 * unlocked, 0 when locked, negative when locked with waiters. Lock and unlock are one
 * locked decrement or increment each when uncontended; contended lockers sleep on a
 * wait list and the unlocker wakes the first. Its count, which a locked instruction
 * writes twice in every {@code write()}, sits between paddings ({@link MutexFields}).
 */
final class Mutex extends MutexFields {
    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(MutexFields.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    long p11, p12, p13, p14, p15, p16, p17, p18;

    void lock() {
        if ((int) COUNT.getAndAdd(this, -1) == 1) {
            return;
        }
        lockSlowpath();
    }

    private void lockSlowpath() {
        Thread me = Thread.currentThread();
        waiters.add(me);
        while ((int) COUNT.getAndSet(this, -1) != 1) {
            LockSupport.park(this);
        }
        waiters.remove(me);
        // The count stays -1 although the list may now be empty: the next unlock takes the
        // slow path and finds nobody to wake. Setting it back to 0 here would race with a
        // waiter that queued after the emptiness check, whose wake-up would then be lost
        // (LocksTest found exactly that).
    }

    void unlock() {
        if ((int) COUNT.getAndAdd(this, 1) == 0) {
            return;
        }
        COUNT.setVolatile(this, 1);
        Thread first = waiters.peek();
        if (first != null) {
            LockSupport.unpark(first);
        }
    }

    boolean isLocked() {
        return count != 1;
    }
}

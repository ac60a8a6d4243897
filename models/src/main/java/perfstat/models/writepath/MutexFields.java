package perfstat.models.writepath;

import java.util.concurrent.ConcurrentLinkedQueue;

/** The fields of a {@link Mutex}, between its paddings (see {@link PaddedLeft}). */
abstract class MutexFields extends PaddedLeft {
    /** 1 unlocked, 0 locked, negative locked with waiters. */
    volatile int count = 1;
    final ConcurrentLinkedQueue<Thread> waiters = new ConcurrentLinkedQueue<>();
}

package perfstat.models.writepath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The model's spinlock and mutex exclude each other's holders and lose no wake-up.
 * The spinlock runs with as many threads as cores: a ticket lock whose next waiter is
 * descheduled stalls everyone behind it (the kernel spins with preemption disabled,
 * Java threads cannot), so more spinners than cores only measures the scheduler.
 */
class LocksTest {
    private static final int THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    private static final int MUTEX_THREADS = 4;
    private static final int ROUNDS = 200_000;

    private long shared;

    @Test
    void ticketSpinLockExcludes() throws Exception {
        SpinLock lock = new SpinLock();
        hammer(() -> {
            lock.spinLock();
            shared++;
            lock.spinUnlock();
        });
        assertThat(shared).isEqualTo((long) THREADS * ROUNDS);
        assertThat(lock.isLocked()).isFalse();
    }

    @Test
    void mutexExcludesAndWakesEveryWaiter() throws Exception {
        Mutex mutex = new Mutex();
        hammer(MUTEX_THREADS, () -> {
            mutex.lock();
            shared++;
            if (shared % 1000 == 0) {
                Thread.yield(); // hold it long enough for others to queue and sleep
            }
            mutex.unlock();
        });
        assertThat(shared).isEqualTo((long) MUTEX_THREADS * ROUNDS);
        assertThat(mutex.isLocked()).isFalse();
    }

    private void hammer(Runnable critical) throws Exception {
        hammer(THREADS, critical);
    }

    private void hammer(int threads, Runnable critical) throws Exception {
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                for (int r = 0; r < ROUNDS; r++) {
                    critical.run();
                }
            });
            ts.add(t);
            t.start();
        }
        for (Thread t : ts) {
            t.join(60_000);
            assertThat(t.isAlive()).as("a thread is stuck: lost wake-up or deadlock").isFalse();
        }
    }
}

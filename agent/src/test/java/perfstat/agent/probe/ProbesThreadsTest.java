package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The probe runtime past its stripes: more platform threads than stripes, ten thousand virtual
 * threads, short-lived ones by the thousand. Every call counted once and, under exact timing,
 * timed once; threads that count elsewhere than in a stripe of their own never block on a
 * monitor; the lanes of ended threads are retired, not kept.
 */
class ProbesThreadsTest {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    @AfterEach
    void sampleAgain() {
        Probes.configureSampling(1024);
    }

    private static Probes.Summary summary(String name) {
        return Probes.snapshot().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private static void calls(long[] cells, int id, int n) {
        for (int i = 0; i < n; i++) {
            long start = Probes.enter(cells, id);
            if (start != 0) {
                Probes.exit(id, start);
            }
        }
    }

    /**
     * Virtual threads, through reflection: the agent and its tests compile for Java 17, which
     * has none, and run on a JDK that has them.
     */
    static ThreadFactory virtualThreads() throws ReflectiveOperationException {
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        return (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(builder);
    }

    /** Starts {@code threads} threads of {@code factory}'s, waits for all to be alive, lets them run {@code body}, joins them. */
    private static void runTogether(ThreadFactory factory, int threads, Runnable body) throws InterruptedException {
        runTogether(factory, threads, body, () -> { });
    }

    /** As above, and runs {@code whileAlive} once every thread has run {@code body} and before any ends. */
    private static void runTogether(ThreadFactory factory, int threads, Runnable body, Runnable whileAlive)
            throws InterruptedException {
        CountDownLatch alive = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch ran = new CountDownLatch(threads);
        CountDownLatch end = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = factory.newThread(() -> {
                alive.countDown();
                try {
                    go.await();
                    body.run();
                    ran.countDown();
                    end.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.start();
            ts.add(t);
        }
        alive.await();
        go.countDown();
        ran.await();
        try {
            whileAlive.run();
        } finally {
            end.countDown();
            for (Thread t : ts) {
                t.join();
            }
        }
    }

    @Test
    @SuppressWarnings("deprecation") // Thread.getId(): threadId() is Java 19+
    void morePlatformThreadsThanStripesCountAndTimeEveryCall() throws Exception {
        Probes.configureSampling(1); // every call timed: lane threads record into the shared times
        String name = "test.ProbesThreadsTest::platform";
        int id = Probes.idFor(name);
        long[] cells = Probes.cells(id);
        Probes.Summary before = summary(name);
        int threads = Probes.STRIPES + 44;
        int perThread = 5_000;
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread reader = new Thread(() -> {
            while (!done.get()) {
                summary(name); // snapshots race the lanes' counts, their tables' growth and the shared times
            }
        });
        reader.start();
        try {
            runTogether(Thread::new, threads, () -> calls(cells, id, perThread));
        } finally {
            done.set(true);
            reader.join();
        }
        Probes.Summary after = summary(name);
        long n = (long) threads * perThread;
        assertThat(after.calls() - before.calls()).isEqualTo(n);
        assertThat(after.latencyNs().getTotalCount() - before.latencyNs().getTotalCount()).isEqualTo(n);
        assertThat(Probes.failures()).isZero();
    }

    @Test
    @SuppressWarnings("deprecation") // Thread.getId(): threadId() is Java 19+
    void threadsWithoutAStripeOfTheirOwnNeverBlockOnAMonitor() throws Exception {
        // long enough that threads are preempted mid-loop: a lock on the probe path then blocks the others
        String name = "test.ProbesThreadsTest::blocking";
        int id = Probes.idFor(name);
        long[] cells = Probes.cells(id);
        long before = summary(name).calls();
        int threads = Probes.STRIPES + 44;
        int perThread = 100_000;
        AtomicLong blocked = new AtomicLong();
        runTogether(Thread::new, threads, () -> {
            calls(cells, id, 10); // registers the thread's lane, if it needs one
            long tid = Thread.currentThread().getId();
            long b = MX.getThreadInfo(tid).getBlockedCount();
            calls(cells, id, perThread - 10);
            blocked.addAndGet(MX.getThreadInfo(tid).getBlockedCount() - b);
        });
        assertThat(summary(name).calls() - before).isEqualTo((long) threads * perThread);
        // the old path's lock blocked 2, 28, 7 and 10 times in four runs; one block in 30 million calls is
        // allowed, as the merged build saw one in about one run of four (its cause outside the probe's
        // own code not found yet: a JVM-internal monitor taken once, e.g. by class loading)
        assertThat(blocked.get()).as("times a thread blocked on a monitor inside the probe path").isLessThanOrEqualTo(1);
    }

    @Test
    void tenThousandVirtualThreadsCountExactly() throws Exception {
        String name = "test.ProbesThreadsTest::virtual";
        int id = Probes.idFor(name);
        long[] cells = Probes.cells(id);
        long before = summary(name).calls();
        int threads = 10_000;
        int perThread = 200;
        int[] lanes = new int[1];
        runTogether(virtualThreads(), threads, () -> calls(cells, id, perThread), // all alive at once
                () -> lanes[0] = Probes.lanesRegistered());
        assertThat(lanes[0]).as("lanes while the threads were alive").isGreaterThanOrEqualTo(threads - Probes.STRIPES);
        assertThat(summary(name).calls() - before).isEqualTo((long) threads * perThread);
        assertThat(Probes.lanesRegistered()).as("lanes left after the threads ended").isLessThan(100);
        assertThat(Probes.failures()).isZero();
    }

    @Test
    void shortLivedThreadsLeaveNoLanesBehindBetweenSnapshots() throws Exception {
        String name = "test.ProbesThreadsTest::shortLived";
        int id = Probes.idFor(name);
        long[] cells = Probes.cells(id);
        long before = summary(name).calls();
        int waves = 20;
        int perWave = 500;
        int most = 0;
        for (int w = 0; w < waves; w++) { // no snapshot in between: registering lanes retires the ended ones
            runTogether(virtualThreads(), perWave, () -> calls(cells, id, 50));
            most = Math.max(most, Probes.lanesRegistered());
        }
        assertThat(most).as("lanes registered at most").isLessThanOrEqualTo(4 * perWave);
        assertThat(summary(name).calls() - before).isEqualTo((long) waves * perWave * 50);
    }

    @Test
    void sharedTimesGiveTheHistogramThatHdrHistogramGives() {
        Probes.SharedTimes shared = new Probes.SharedTimes();
        Histogram expected = new Histogram(3);
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            long v = i < 5000 ? i : (long) Math.exp(r.nextDouble() * 40);
            shared.record(v);
            expected.recordValue(v);
        }
        Histogram got = new Histogram(3);
        shared.addTo(got);
        assertThat(got.getTotalCount()).isEqualTo(expected.getTotalCount());
        assertThat(got).isEqualTo(expected);
        assertThat(got.getMaxValue()).isEqualTo(expected.getMaxValue());
        assertThat(got.getMinNonZeroValue()).isEqualTo(expected.getMinNonZeroValue());
        assertThat(got.getMean()).isEqualTo(expected.getMean());
    }
}

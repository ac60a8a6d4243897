package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The iterations of {@code iteration=}: a probe timed on every call under sampled timing, each outermost call one
 * iteration with its wall time, CPU time and allocated bytes, drained in batches, none lost or given twice.
 */
class IterationSeriesTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @BeforeEach
    void clocks() {
        Probes.configureSampling(1024);
        IterationSeries.clocks(THREADS::getCurrentThreadCpuTime, THREADS::getCurrentThreadAllocatedBytes);
        IterationSeries.drain(Integer.MAX_VALUE); // what an earlier test left
    }

    @AfterEach
    void noClocks() {
        IterationSeries.clocks(null, null);
    }

    private static void call(long[] cells, int id, Runnable body) {
        long start = Probes.enter(cells, id);
        try {
            body.run();
        } finally {
            if (start != 0) {
                Probes.exit(id, start, System.nanoTime());
            }
        }
    }

    private static List<IterationSeries.Batch> drainAll() {
        return IterationSeries.drain(Integer.MAX_VALUE);
    }

    private static int total(List<IterationSeries.Batch> batches) {
        return batches.stream().mapToInt(IterationSeries.Batch::count).sum();
    }

    @Test
    void everyOutermostCallIsOneIterationWithItsTimesAndBytes() {
        int id = Probes.idFor("test.IterationSeriesTest::outer");
        Probes.everyCall(id);
        long[] cells = Probes.cells(id);
        List<byte[]> keep = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            // a call of the method inside it (recursion, an overload) is part of it, not an iteration
            call(cells, id, () -> call(cells, id, () -> keep.add(new byte[1 << 20])));
        }
        List<IterationSeries.Batch> batches = drainAll();
        assertThat(total(batches)).isEqualTo(50);
        IterationSeries.Batch b = batches.get(0);
        for (int i = 0; i < b.count(); i++) {
            assertThat(b.wallNs()[i]).isPositive();
            assertThat(b.cpuNs()[i]).isGreaterThanOrEqualTo(0);
            assertThat(b.allocatedBytes()[i]).as("a 1 MB array each").isGreaterThanOrEqualTo(1 << 20);
            if (i > 0) {
                assertThat(b.endNs()[i]).isGreaterThanOrEqualTo(b.endNs()[i - 1]);
            }
        }
        assertThat(keep).hasSize(50);
        assertThat(Probes.failures()).isZero();
    }

    @Test
    void aCallWhoseExitNeverRanIsForgottenWithItsCaller() {
        int id = Probes.idFor("test.IterationSeriesTest::thrower");
        Probes.everyCall(id);
        long[] cells = Probes.cells(id);
        long outer = Probes.enter(cells, id);
        Probes.enter(cells, id); // a constructor that threw: no exit
        Probes.exit(id, outer, System.nanoTime());
        call(cells, id, () -> { });
        assertThat(total(drainAll())).as("the outer call and the next").isEqualTo(2);
    }

    @Test
    void manyThreadsLoseNoIterationAndADrainGivesEachOnce() throws Exception {
        int id = Probes.idFor("test.IterationSeriesTest::threads");
        Probes.everyCall(id);
        long[] cells = Probes.cells(id);
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 300; t++) { // past the 256 stripes: lanes too
            ts.add(new Thread(() -> {
                for (int i = 0; i < 20; i++) {
                    call(cells, id, () -> { });
                }
            }));
        }
        ts.forEach(Thread::start);
        int seen = 0;
        long next = -1;
        while (ts.stream().anyMatch(Thread::isAlive)) {
            for (IterationSeries.Batch b : IterationSeries.drain(100)) {
                assertThat(b.count()).isLessThanOrEqualTo(100);
                assertThat(next < 0 || b.first() == next).as("batches follow each other").isTrue();
                next = b.first() + b.count();
                seen += b.count();
            }
        }
        for (Thread th : ts) {
            th.join();
        }
        seen += total(drainAll());
        assertThat(seen).isEqualTo(300 * 20);
        assertThat(drainAll()).isEmpty();
    }

    @Test
    void otherProbesStaySampled() {
        int every = Probes.idFor("test.IterationSeriesTest::every");
        int sampled = Probes.idFor("test.IterationSeriesTest::sampled");
        Probes.everyCall(every);
        for (int i = 0; i < 5000; i++) {
            call(Probes.cells(every), every, () -> { });
            call(Probes.cells(sampled), sampled, () -> { });
        }
        Probes.Summary e = summary("test.IterationSeriesTest::every");
        Probes.Summary s = summary("test.IterationSeriesTest::sampled");
        assertThat(e.latencyNs().getTotalCount()).isEqualTo(5000);
        assertThat(s.latencyNs().getTotalCount()).isBetween(1L, 30L);
        assertThat(total(drainAll())).isEqualTo(5000);
    }

    private static Probes.Summary summary(String name) {
        return Probes.snapshot().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
    }
}

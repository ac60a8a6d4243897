package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Exact timing on several threads, some sharing a stripe with a live owner, while a reader
 * takes snapshots: every call counted and every call timed, whether the thread recorded into
 * its stripe's own histogram or, from a lane, into the probe's shared times.
 */
class ProbesTimingTest {
    @AfterEach
    void sampleAgain() {
        Probes.configureSampling(1024);
    }

    @Test
    void exactTimingTimesEveryCallOnEveryThread() throws Exception {
        Probes.configureSampling(1);
        String probe = "test.ProbesTimingTest::exact";
        int id = Probes.idFor(probe);
        long[] cells = Probes.cells(id);
        Probes.Summary before = summary(probe);
        int threads = 6;
        int calls = 100_000;
        AtomicBoolean done = new AtomicBoolean();
        Thread reader = new Thread(() -> {
            while (!done.get()) {
                summary(probe); // snapshots race the owners' records
            }
        });
        reader.start();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                for (int i = 0; i < calls; i++) {
                    long start = Probes.enter(cells, id);
                    if (start != 0) {
                        Probes.exit(id, start);
                    }
                }
            });
            ts.add(th);
        }
        ts.forEach(Thread::start);
        for (Thread th : ts) {
            th.join();
        }
        done.set(true);
        reader.join();
        Probes.Summary after = summary(probe);
        long n = (long) threads * calls;
        assertThat(after.calls() - before.calls()).isEqualTo(n);
        assertThat(after.latencyNs().getTotalCount() - before.latencyNs().getTotalCount()).isEqualTo(n);
        assertThat(Probes.failures()).isZero();
    }

    /**
     * Sampled timing does not time every thread's first call: 400 threads (stripes and lanes
     * both) each call a probe 8 times at sample=64. If the first call were always timed, 400
     * calls would be; drawn uniformly from a thread's first 64 calls, about 400 * 8 / 64 = 50.
     * Counts stay exact.
     */
    @Test
    void aThreadsFirstTimedCallIsDrawnFromItsFirstSamplingInterval() throws Exception {
        Probes.configureSampling(64);
        String probe = "test.ProbesTimingTest::firstCall";
        int id = Probes.idFor(probe);
        long[] cells = Probes.cells(id);
        Probes.Summary before = summary(probe);
        int threads = 400;
        int calls = 8;
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            ts.add(new Thread(() -> {
                for (int i = 0; i < calls; i++) {
                    long start = Probes.enter(cells, id);
                    if (start != 0) {
                        Probes.exit(id, start);
                    }
                }
            }));
        }
        // in waves of 40, so that some threads take a stripe a finished thread held and others count in lanes
        for (int w = 0; w < threads; w += 40) {
            List<Thread> wave = ts.subList(w, w + 40);
            wave.forEach(Thread::start);
            for (Thread th : wave) {
                th.join();
            }
        }
        Probes.Summary after = summary(probe);
        assertThat(after.calls() - before.calls()).isEqualTo((long) threads * calls);
        long timed = after.latencyNs().getTotalCount() - before.latencyNs().getTotalCount();
        // binomial(400, 1/8): mean 50, sd 6.6; [15, 100] is more than five sd either way
        assertThat(timed).isBetween(15L, 100L);
    }

    /** The probe's totals so far (a probe not called yet has none: zero then). */
    private static Probes.Summary summary(String name) {
        return Probes.snapshot().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElse(new Probes.Summary(name, 0, new org.HdrHistogram.Histogram(3)));
    }
}

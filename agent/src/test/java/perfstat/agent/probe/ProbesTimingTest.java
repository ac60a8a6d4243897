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
        int id = Probes.idFor("test.ProbesTimingTest::exact");
        long[] cells = Probes.cells(id);
        Probes.Summary before = summary(id);
        int threads = 6;
        int calls = 100_000;
        AtomicBoolean done = new AtomicBoolean();
        Thread reader = new Thread(() -> {
            while (!done.get()) {
                summary(id); // snapshots race the owners' records
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
        Probes.Summary after = summary(id);
        long n = (long) threads * calls;
        assertThat(after.calls() - before.calls()).isEqualTo(n);
        assertThat(after.latencyNs().getTotalCount() - before.latencyNs().getTotalCount()).isEqualTo(n);
        assertThat(Probes.failures()).isZero();
    }

    private static Probes.Summary summary(int id) {
        return Probes.snapshot().stream().filter(s -> s.name().equals("test.ProbesTimingTest::exact")).findFirst().orElseThrow();
    }
}

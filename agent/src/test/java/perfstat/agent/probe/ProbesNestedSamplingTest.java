package perfstat.agent.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Nested probes are sampled independently. A method whose callees are probed too calls each of them once a call (as
 * {@code wrap(String,int)} calls {@code wrap(String,int,String,boolean)}): if two probes drew the same timed calls, the
 * outer one's every timed call would hold the inner one's timed path (its cold record), and its sampled percentiles
 * would be several times its exact ones. Drawn independently, an outer timed call holds an inner timed one about once
 * in N.
 */
class ProbesNestedSamplingTest {
    private static final int PROBES = 6;
    private static final int MEAN = 64;
    private static final int CALLS = 200_000;

    @AfterEach
    void sampleAgain() {
        Probes.configureSampling(1024);
    }

    /** Probes registered one after another (consecutive ids), called in lockstep by a thread that owns its stripe. */
    @Test
    void probesCalledTogetherInAStripeAreTimedTogetherAboutOnceInN() throws Exception {
        assertIndependent(onThread("stripe", -1));
    }

    /** The same in a lane: a thread whose stripe belongs to another live thread. */
    @Test
    @SuppressWarnings("deprecation") // Thread.getId(), as Probes reads it
    void probesCalledTogetherInALaneAreTimedTogetherAboutOnceInN() throws Exception {
        Probes.configureSampling(MEAN);
        int[] owned = ids("lane-owner");
        Object hold = new Object();
        Thread owner = new Thread(() -> {
            for (int id : owned) {
                Probes.enter(Probes.cells(id), id);
            }
            synchronized (hold) {
                try {
                    hold.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        owner.setDaemon(true);
        owner.start();
        try {
            assertIndependent(onThread("lane", owner.getId() & (Probes.STRIPES - 1)));
        } finally {
            owner.interrupt();
        }
    }

    /** Pairs timed together: binomial, mean CALLS / MEAN^2 (about 49) if independent; CALLS / MEAN (3125) if not. */
    private static void assertIndependent(int[][] together) {
        for (int i = 0; i < PROBES; i++) {
            assertThat(together[i][i]).as("timed calls of probe %d", i).isBetween(CALLS / MEAN / 2, CALLS / MEAN * 2);
            for (int j = i + 1; j < PROBES; j++) {
                assertThat(together[i][j]).as("calls of probes %d and %d timed together", i, j)
                        .isLessThan(4 * CALLS / (MEAN * MEAN));
            }
        }
    }

    /**
     * Runs the lockstep calls on a new thread, one whose id falls in {@code stripe} unless that is -1 (threads made and
     * never started until one does); per pair of probes, the calls timed together.
     */
    @SuppressWarnings("deprecation") // Thread.getId(), as Probes reads it
    private static int[][] onThread(String name, long stripe) throws Exception {
        Probes.configureSampling(MEAN);
        int[] ids = ids(name);
        AtomicReference<int[][]> result = new AtomicReference<>();
        Thread t;
        do {
            t = new Thread(() -> result.set(lockstep(ids)));
        } while (stripe >= 0 && (t.getId() & (Probes.STRIPES - 1)) != stripe);
        t.start();
        t.join();
        return result.get();
    }

    private static int[] ids(String name) {
        int[] ids = new int[PROBES];
        for (int i = 0; i < PROBES; i++) {
            ids[i] = Probes.idFor("test.ProbesNestedSamplingTest::" + name + i);
        }
        return ids;
    }

    private static int[][] lockstep(int[] ids) {
        int[][] together = new int[PROBES][PROBES];
        boolean[] timed = new boolean[PROBES];
        for (int k = 0; k < CALLS; k++) {
            for (int i = 0; i < PROBES; i++) {
                timed[i] = Probes.enter(Probes.cells(ids[i]), ids[i]) != 0;
            }
            for (int i = 0; i < PROBES; i++) {
                for (int j = i; j < PROBES && timed[i]; j++) {
                    together[i][j] += timed[j] ? 1 : 0;
                }
            }
        }
        return together;
    }
}

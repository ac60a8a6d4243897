package perfstat.models.writepath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A want and a read-only remount racing, in the spirit of jcstress: each trial runs the
 * two on two threads from a barrier and records the pair of results.
 *
 * <pre>
 *   want   remount   verdict
 *   0      -EBUSY    allowed: the remount saw the writer
 *   -EROFS 0         allowed: the writer saw READONLY
 *   0      0         FORBIDDEN: a writer holds access to a read-only mount
 *   -EROFS -EBUSY    FORBIDDEN: nobody wrote, yet the remount was refused
 * </pre>
 */
class RemountRaceTest {
    private static final int TRIALS = 20_000;

    @ParameterizedTest
    @ValueSource(strings = {"unpatched", "piggin"})
    void wantAndRemountNeverBothSucceed(String variant) throws Exception {
        try (Timekeeping clock = new Timekeeping()) {
            Vfs vfs = new Vfs(WritePathModel.tracking(variant, 2), 2, clock);
            Map<String, Integer> outcomes = new TreeMap<>();
            // one writer thread for all trials (a thread started per trial cost most of the test's time): both
            // threads leave the start barrier together, and meet at the end barrier before the outcome is read
            CyclicBarrier start = new CyclicBarrier(2);
            CyclicBarrier end = new CyclicBarrier(2);
            Task writer = new Task(0);
            int[] want = new int[1];
            Mount[] mnt = new Mount[1];
            Thread w = new Thread(() -> {
                for (int i = 0; i < TRIALS; i++) {
                    await(start);
                    want[0] = vfs.tracking().wantWrite(writer, mnt[0]);
                    await(end);
                }
            });
            w.setDaemon(true);
            w.start();
            for (int i = 0; i < TRIALS; i++) {
                mnt[0] = vfs.mountNewFilesystem(null);
                await(start);
                int remount = vfs.remountReadonly(mnt[0]);
                await(end);
                outcomes.merge(want[0] + "," + remount, 1, Integer::sum);
                if (want[0] == 0) {
                    vfs.tracking().dropWrite(writer, mnt[0]);
                }
                assertThat(vfs.writers(mnt[0])).isZero();
            }
            w.join();
            assertThat(outcomes).doesNotContainKeys("0,0", (-Errno.EROFS) + "," + (-Errno.EBUSY));
            assertThat(outcomes.keySet()).isSubsetOf("0," + (-Errno.EBUSY), (-Errno.EROFS) + ",0");
        }
    }

    private static void await(CyclicBarrier b) {
        try {
            b.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

package perfstat.models.writepath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import perfstat.models.Models;
import perfstat.models.spi.RunRequest;
import perfstat.models.Runner;

/** Each workload of the write-path model, briefly, in every variant: its own checks pass and its counts add up. */
class WorkloadsTest {
    private static Runner.Outcome run(String workload, String variant, int threads, Map<String, String> options)
            throws Exception {
        RunRequest r = new RunRequest("writepath", variant, workload, threads, threads,
                50_000_000L, 400_000_000L, 100_000_000L, options);
        return Runner.run(Models.find("writepath").orElseThrow().model(), r);
    }

    @ParameterizedTest
    @ValueSource(strings = {"unpatched", "patched", "piggin", "2.6.18"})
    void fstimeScoreAgreesWithTheBytesWritten(String variant) throws Exception {
        Runner.Outcome o = run("fstime", variant, 2, Map.of());
        long bytes = o.counters().get("bytes_written");
        assertThat(bytes).isPositive();
        assertThat(o.counters()).containsEntry("writers_at_end", 0L).containsEntry("leak_warnings", 0L);
        assertThat(o.counters().get("write_calls")).isEqualTo(bytes / 256);
        // KB/s as UnixBench computes it: units of 256 bytes over (seconds * 4).
        assertThat(o.score()).isCloseTo(o.units() / (o.elapsedNs() / 1e9 * 4), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(o.units() * 256).isLessThanOrEqualTo(bytes);
        assertThat(o.intervalScores()).hasSizeBetween(3, 4).allSatisfy(s -> assertThat(s).isPositive());
        assertThat(o.counters()).containsKey(unitCounter("fstime")); // the natural unit a table divides by counts
    }

    /** The model counter that counts a workload's natural unit of work, as the model declares it. */
    private static String unitCounter(String workload) {
        return Models.find("writepath").orElseThrow().model().workload(workload).unit().counter();
    }

    @ParameterizedTest
    @ValueSource(strings = {"unpatched", "patched", "piggin", "2.6.18"})
    void latMmapFaultsEveryPageOfEveryIteration(String variant) throws Exception {
        Runner.Outcome o = run("lat_mmap", variant, 1, Map.of("size-mb", "4"));
        assertThat(o.units()).isPositive();
        assertThat(o.counters().get("page_faults") % 1024).isZero();
        assertThat(o.counters().get(unitCounter("lat_mmap"))).isPositive();
        assertThat(o.counters()).containsEntry("writers_at_end", 0L);
        assertThat(o.score()).isPositive();
    }

    @ParameterizedTest
    @ValueSource(strings = {"unpatched", "piggin"})
    void trackingVariantsNeverLetARemountThroughAWriter(String variant) throws Exception {
        // no run may let a remount through a writer; both outcomes of a remount must be seen, and
        // a machine so loaded that one never happened gets the run repeated (up to three times)
        Runner.Outcome o = null;
        for (int attempt = 0; attempt < 3 && (o == null || o.counters().get("remount_ro_ok") == 0
                || o.counters().get("remount_ro_ebusy") + o.counters().get("open_erofs") == 0); attempt++) {
            o = run("remount", variant, 2, Map.of("remount-us", "200"));
            assertThat(o.counters().get("violations")).isZero();
            assertThat(o.counters()).containsEntry("writers_at_end", 0L).containsEntry("leak_warnings", 0L);
        }
        assertThat(o.counters().get("remount_ro_ok")).isPositive();
        assertThat(o.counters().get("remount_ro_ebusy") + o.counters().get("open_erofs")).isPositive();
        assertThat(o.counters()).containsEntry("writers_at_end", 0L).containsEntry("leak_warnings", 0L);
    }
}

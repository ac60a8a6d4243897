package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.List;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.render.NoteText;

/** The footer names the timing that would have given a probe's percentiles their timed calls. */
class SparseTimingTest {
    private static final String VFS_WRITE = "perfstat.models.writepath.Vfs::write";
    private static RunData recording;

    @BeforeAll
    static void read() {
        recording = RecordingReader.read("../recordings/fstime-unpatched.jfr");
    }

    /** The recording with its probe called {@code calls} times, {@code timed} of them timed, under {@code timing}. */
    private static RunData with(long calls, long timed, String timing) {
        Histogram h = new Histogram(3);
        for (long i = 0; i < timed; i++) {
            h.recordValue(100 + i);
        }
        TreeMap<String, RunData.Probe> probes = new TreeMap<>();
        probes.put(VFS_WRITE, new RunData.Probe(VFS_WRITE, calls, timed, timing, 1024, h));
        RunData r = recording;
        return r.withProbes(probes);
    }

    private static List<String> lines(List<List<RunData>> columns) {
        return SparseTiming.notes(columns).stream().map(NoteText::of).toList();
    }

    @Test
    void aProbeCalledOftenButTimedRarelyGetsTheSampleThatWouldSufficeAtItsFewestCalls() {
        assertThat(lines(List.of(List.of(with(500_000, 480, "sampled"), with(300_000, 300, "sampled")))))
                .containsExactly("Vfs::write: sampled timing timed as few as 300 of 300000 calls a recording, too few for its"
                        + " percentiles; --sample 200 would time about 1500 a recording, enough for p99");
    }

    @Test
    void aProbeCalledAFewThousandTimesGetsExactTimingAndOneCalledTooRarelyForP99IsToldSo() {
        assertThat(lines(List.of(List.of(with(1000, 1, "sampled")))))
                .containsExactly("Vfs::write: sampled timing timed as few as 1 of 1000 calls a recording, too few for its"
                        + " percentiles; --timing exact times them all");
        assertThat(lines(List.of(List.of(with(200, 0, "sampled")))))
                .containsExactly("Vfs::write: sampled timing timed as few as 0 of 200 calls a recording, too few for its"
                        + " percentiles; --timing exact times them all (enough for p50, not for p99)");
    }

    /**
     * The advice leaves a margin: the suggested N times at least 1.5x the calls p99 needs at the calls seen (aimed at
     * exactly 1000, about half the recordings that follow it would time fewer and repeat the note).
     */
    @Test
    void followingTheSuggestedSampleOnceTimesHalfAgainWhatP99Needs() {
        long p99 = Comparison.minimumTimedCalls(MetricId.Statistic.P99);
        qt().withFixedSeed(32L).withExamples(200).forAll(longs().between(3 * p99, 1_000_000_000L)).checkAssert(calls -> {
            List<Note> notes = SparseTiming.notes(List.of(List.of(with(calls, p99 / 10, "sampled"))));
            long sample = ((Note.SparseTiming) notes.get(0)).sample();
            assertThat(sample).isGreaterThanOrEqualTo(2);
            assertThat(calls / sample).isGreaterThanOrEqualTo(p99 * 3 / 2);
        });
    }

    @Test
    void enoughTimedCallsExactTimingOrTooFewCallsForAnyPercentileSayNothing() {
        assertThat(lines(List.of(List.of(with(5_000_000, 4800, "sampled"))))).isEmpty();
        assertThat(lines(List.of(List.of(with(500, 500, "exact"))))).isEmpty();
        assertThat(lines(List.of(List.of(with(10, 0, "sampled"))))).isEmpty();
        assertThat(lines(List.of(List.of(with(0, 0, "sampled"))))).isEmpty();
    }

    @Test
    void theTableOfAComparisonCarriesTheNote() {
        RunData r = with(100_000, 90, "sampled");
        assertThat(Comparison.ofColumns(List.of(List.of(r, r), List.of(r, r))).notes())
                .contains(new Note.SparseTiming("Vfs::write", 100_000, 90, 66, true));
    }
}

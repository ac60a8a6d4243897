package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import perfstat.cli.read.RunData;

/**
 * Probes whose sampled timing left fewer timed calls than their percentiles need, with the
 * timing that would have sufficed at the calls seen: {@code --sample N} where one call in N
 * gives p99 half as many timed calls again as it needs (the timed count varies from recording to
 * recording, and advice followed once should suffice), else {@code --timing exact}.
 */
public final class SparseTiming {
    private SparseTiming() {
    }

    /** The fewest calls and timed calls a recording, over the recordings where the probe was called with sampled timing. */
    private record Fewest(long calls, long timed) {
        static Fewest min(Fewest a, Fewest b) {
            return new Fewest(Math.min(a.calls(), b.calls()), Math.min(a.timed(), b.timed()));
        }
    }

    /** One note per probe that sampled timing left short of its p99's (and max's) timed calls, in any recording. */
    public static List<Note> notes(List<List<RunData>> columns) {
        Map<String, Fewest> fewest = new TreeMap<>();
        for (List<RunData> column : columns) {
            for (RunData run : column) {
                for (RunData.Probe p : run.probes().values()) {
                    if (p.calls() > 0 && perfstat.format.Timing.SAMPLED.text().equals(p.timing())) {
                        fewest.merge(p.name(), new Fewest(p.calls(), p.latencyNs().getTotalCount()), Fewest::min);
                    }
                }
            }
        }
        long p50 = Comparison.minimumTimedCalls(MetricId.Statistic.P50);
        long p99 = Comparison.minimumTimedCalls(MetricId.Statistic.P99);
        Map<String, String> names = MethodNames.shortNames(fewest.keySet());
        List<Note> notes = new ArrayList<>();
        fewest.forEach((probe, f) -> {
            // exact timing times every call: worth naming only where the calls give p50 its timed calls
            // a probe timed on every call (--iteration's) has nothing to gain from exact timing
            if (f.timed() < p99 && f.calls() >= p50 && f.timed() < f.calls()) {
                long sample = 2 * f.calls() / (3 * p99); // aims at 1.5x p99's timed calls: the count a recording varies
                notes.add(new Note.SparseTiming(names.get(probe), f.calls(), f.timed(), sample >= 2 ? sample : 1,
                        f.calls() >= p99));
            }
        });
        return notes;
    }
}

package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;

/** With probes-merge, a row that stands for several overloads says how many. */
class MergedOverloadsTest {
    private static RunData run(String options, Map<String, Long> patterns) {
        TreeMap<String, RunData.Probe> probes = new TreeMap<>();
        probes.put("a.WordUtils::wrap", new RunData.Probe("a.WordUtils::wrap", 425_000, 0, "sampled", 1024,
                new org.HdrHistogram.Histogram(3)));
        return RunData.of("x.jfr").withProbes(probes).withAgent(options, 0).withProbePatterns(patterns);
    }

    @Test
    void aMergedRowNamesHowManyOverloadsItStandsFor() {
        RunData all = run("probes=a.WordUtils::wrap,probes-merge=true", Map.of("a.WordUtils::wrap", 3L));
        assertThat(Measurements.mergedNotes(List.of(all))).containsExactly(new Note.MergedOverloads("WordUtils::wrap", 3));
        RunData two = run("probes=a.WordUtils::wrap(String,int);a.WordUtils::wrap(String,int,String,boolean),probes-merge=true",
                Map.of("a.WordUtils::wrap(String,int)", 1L, "a.WordUtils::wrap(String,int,String,boolean)", 1L));
        assertThat(Measurements.mergedNotes(List.of(two))).containsExactly(new Note.MergedOverloads("WordUtils::wrap", 2));
        assertThat(Measurements.notes(two).stream().map(perfstat.cli.render.NoteText::of))
                .contains("WordUtils::wrap: one row for the 2 overloads its patterns matched (--probes-merge): its calls are"
                        + " theirs together, a call of one that calls another counts in both, and its latencies mix them");
    }

    @Test
    void withoutMergeOrWithOneOverloadThereIsNoNote() {
        assertThat(Measurements.mergedNotes(List.of(run("probes=a.WordUtils::wrap", Map.of("a.WordUtils::wrap", 3L))))).isEmpty();
        assertThat(Measurements.mergedNotes(List.of(run("probes=a.WordUtils::wrap,probes-merge=true",
                Map.of("a.WordUtils::wrap", 1L))))).isEmpty();
    }
}

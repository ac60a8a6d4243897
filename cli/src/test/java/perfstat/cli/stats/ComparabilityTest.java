package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;
import perfstat.cli.read.Setup;
import perfstat.cli.render.TableRenderer;

/** The check before a table: what each side was, one note per difference, and rows a recording difference leaves unjudged. */
class ComparabilityTest {

    private static RunData run(String file, Setup setup, String threshold, long monitors) {
        RunData.Settings settings = new RunData.Settings(Map.of(
                "jdk.JavaMonitorEnter", Map.of("enabled", "true", "threshold", threshold),
                "jdk.ThreadPark", Map.of("enabled", "true", "threshold", threshold),
                "jdk.GarbageCollection", Map.of("enabled", "true")));
        RunData.JdkSummary jdk = RunData.JdkSummary.NONE.withEventCounts(new TreeMap<>(Map.of("jdk.JavaMonitorEnter", monitors)))
                .withSpan(Duration.ofSeconds(1)).withGc(3 + monitors % 2, Duration.ofMillis(10 + monitors % 3))
                .withContention(new RunData.Contention(monitors, Duration.ofMillis(2 * monitors)), new RunData.Contention(0, Duration.ZERO),
                        List.of(), Optional.empty()).withSettings(settings).withSetup(setup);
        return RunData.of(file).withJdk(jdk);
    }

    private static Setup setup(String gc) {
        return new Setup(Map.of(Setup.JDK, "25.0.3+9-LTS", Setup.GC, gc), Map.of("UseTransparentHugePages", "false"), Set.of());
    }

    private static Row row(Table t, String label) {
        return t.rows().stream().filter(r -> r.metric().label().trim().equals(label)).findFirst().orElseThrow();
    }

    private static String text(Table t) {
        StringWriter w = new StringWriter();
        TableRenderer.render(t, new PrintWriter(w), false);
        return w.toString();
    }

    @Test
    void aThresholdThatDiffersLeavesItsRowsUnjudgedAndSaysWhy() {
        List<RunData> a = List.of(run("a1.jfr", setup("G1"), "20 ms", 50), run("a2.jfr", setup("G1"), "20 ms", 55),
                run("a3.jfr", setup("G1"), "20 ms", 60));
        List<RunData> b = List.of(run("b1.jfr", setup("G1"), "10000000 ns", 10), run("b2.jfr", setup("G1"), "10 ms", 11),
                run("b3.jfr", setup("G1"), "10 ms", 12));
        Table t = Comparison.ofColumns(List.of(a, b), List.of("A", "B"), Comparison.Options.DEFAULT);
        Row monitors = row(t, "monitor blocks");
        assertThat(monitors.deltas().get(1)).isNaN();
        assertThat(monitors.tests().get(1).verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
        assertThat(monitors.tests().get(1).reason()).isEqualTo(new Significance.Reason.NotComparable("jdk.JavaMonitorEnter's threshold"));
        assertThat(row(t, "GCs").tests().get(1).reason()).isNotInstanceOf(Significance.Reason.NotComparable.class);
        assertThat(t.notes()).contains(new Note.SidesDiffer("jdk.JavaMonitorEnter, jdk.ThreadPark", List.of("A", "B"),
                List.of("threshold 20 ms", "threshold 10 ms"),
                List.of("monitor blocks", "monitor blocked (msecs)", "parks", "parked (msecs)")));
        assertThat(t.notes()).filteredOn(n -> n instanceof Note.WhatDiffers).singleElement()
                .satisfies(n -> assertThat(((Note.WhatDiffers) n).what()).containsExactly(Comparability.JFR_SETTINGS));
        String text = text(t);
        assertThat(text).containsPattern("monitor blocks +\\? \\(not comparable\\)");
        assertThat(text).contains(" what differs: JFR settings\n");
        assertThat(t.summary().get(0).worse()).noneMatch(m -> m.metric().label().contains("monitor"));
    }

    @Test
    void theCollectorTheSidesRanUnderIsTheHeadersWhatDiffers() {
        List<RunData> a = List.of(run("a1.jfr", setup("G1"), "20 ms", 50), run("a2.jfr", setup("G1"), "20 ms", 52));
        List<RunData> b = List.of(run("b1.jfr", setup("Parallel"), "20 ms", 51), run("b2.jfr", setup("Parallel"), "20 ms", 53));
        Table t = Comparison.ofColumns(List.of(a, b), List.of("A", "B"), Comparison.Options.DEFAULT);
        assertThat(t.notes().get(0)).isInstanceOfSatisfying(Note.WhatDiffers.class, w -> {
            assertThat(w.what()).containsExactly("GC");
            assertThat(w.setups().get(0)).containsEntry("GC", "G1").containsEntry("JDK", "25.0.3+9-LTS");
            assertThat(w.setups().get(1)).containsEntry("GC", "Parallel");
        });
        assertThat(t.notes()).contains(new Note.SidesDiffer("GC", List.of("A", "B"), List.of("G1", "Parallel"), List.of()));
        assertThat(row(t, "monitor blocks").tests().get(1).reason()).isNotInstanceOf(Significance.Reason.NotComparable.class);
        String text = text(t);
        assertThat(text).contains(" what differs: GC\n").contains("# GC differs: A: G1, B: Parallel");
        assertThat(text.indexOf("what differs")).isLessThan(text.indexOf("monitor blocks"));
    }

    @Test
    void recordingsOfOneSideThatDifferAreNamed() {
        List<RunData> a = List.of(run("a1.jfr", setup("G1"), "20 ms", 50), run("a2.jfr", setup("Parallel"), "20 ms", 52));
        List<RunData> b = List.of(run("b1.jfr", setup("G1"), "20 ms", 51), run("b2.jfr", setup("G1"), "20 ms", 53));
        Table t = Comparison.ofColumns(List.of(a, b), List.of("A", "B"), Comparison.Options.DEFAULT);
        assertThat(t.notes()).contains(new Note.DiffersWithin("A", "GC", List.of("a1.jfr", "a2.jfr"), List.of("G1", "Parallel")));
        assertThat(t.notes()).contains(new Note.SidesDiffer("GC", List.of("A", "B"), List.of("G1 / Parallel", "G1"), List.of()));
    }

    @Test
    void whatARecordingDoesNotSayIsNoDifference() {
        List<RunData> a = List.of(run("a1.jfr", setup("G1"), "20 ms", 50), run("a2.jfr", setup("G1"), "20 ms", 52));
        List<RunData> b = List.of(run("b1.jfr", Setup.NONE, "20 ms", 51), run("b2.jfr", Setup.NONE, "20 ms", 53));
        Table t = Comparison.ofColumns(List.of(a, b), List.of("A", "B"), Comparison.Options.DEFAULT);
        assertThat(t.notes()).noneMatch(n -> n instanceof Note.SidesDiffer || n instanceof Note.WhatDiffers
                || n instanceof Note.DiffersWithin);
    }

    @Test
    void aFlagSetOnPurposeIsCompared() {
        Setup plain = new Setup(Map.of(), Map.of("TieredStopAtLevel", "4", "UseParallelGC", "false"), Set.of());
        Setup c1 = new Setup(Map.of(), Map.of("TieredStopAtLevel", "1", "UseParallelGC", "false"), Set.of("TieredStopAtLevel"));
        Table t = Comparison.ofColumns(List.of(List.of(run("a.jfr", plain, "20 ms", 5)), List.of(run("b.jfr", c1, "20 ms", 5))),
                List.of("A", "B"), Comparison.Options.DEFAULT);
        assertThat(t.notes()).contains(new Note.SidesDiffer("-XX:TieredStopAtLevel", List.of("A", "B"), List.of("4", "1"), List.of()));
        assertThat(t.notes()).noneMatch(n -> n.toString().contains("UseParallelGC"));
        // a flag one JVM does not have (UseBiasedLocking is gone from JDK 25) is the JDK's difference, not the flag's
        Setup jdk17 = new Setup(Map.of(), Map.of("UseBiasedLocking", "false"), Set.of());
        Setup jdk25 = new Setup(Map.of(), Map.of("UseCompactObjectHeaders", "false"), Set.of());
        Table t2 = Comparison.ofColumns(List.of(List.of(run("a.jfr", jdk17, "20 ms", 5)), List.of(run("b.jfr", jdk25, "20 ms", 5))),
                List.of("A", "B"), Comparison.Options.DEFAULT);
        assertThat(t2.notes()).noneMatch(n -> n instanceof Note.SidesDiffer || n instanceof Note.WhatDiffers);
    }

    @Test
    void settingsAreComparedInTheirLargestWholeUnit() {
        assertThat(Comparability.duration("20000000 ns")).isEqualTo("20 ms");
        assertThat(Comparability.duration("10 ms")).isEqualTo("10 ms");
        assertThat(Comparability.duration("0 ns")).isEqualTo("0");
        assertThat(Comparability.duration("everyChunk")).isEqualTo("everyChunk");
        assertThat(Comparability.described(RunData.Settings.NONE, "jdk.ThreadPark")).isNull();
        assertThat(Comparability.described(new RunData.Settings(Map.of("jdk.ThreadPark", Map.of("enabled", "false"))),
                "jdk.ThreadPark")).isEqualTo("off");
    }

    private static RunData allocating(String file, String throttle, double bytes) {
        RunData.Settings settings = new RunData.Settings(Map.of(
                "jdk.ObjectAllocationSample", Map.of("enabled", "true", "throttle", throttle)));
        RunData.JdkSummary jdk = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1))
                .withTotals(Map.of(perfstat.cli.read.JdkTotal.ALLOCATION, bytes)).withSettings(settings).withSetup(setup("G1"));
        return RunData.of(file).withJdk(jdk);
    }

    /** Allocation weights miss each thread's tail after its last sample, more at a lower rate: a throttle that differs is not comparable. */
    @Test
    void anAllocationThrottleThatDiffersLeavesTheAllocationRowUnjudged() {
        List<RunData> a = List.of(allocating("a1.jfr", "150/s", 1.00e9), allocating("a2.jfr", "150/s", 1.01e9),
                allocating("a3.jfr", "150/s", 0.99e9));
        List<RunData> b = List.of(allocating("b1.jfr", "300/s", 1.27e9), allocating("b2.jfr", "300/s", 1.28e9),
                allocating("b3.jfr", "300/s", 1.26e9));
        Table t = Comparison.ofColumns(List.of(a, b), List.of("default", "profile"), Comparison.Options.DEFAULT);
        assertThat(row(t, "allocated (bytes)").tests().get(1).reason())
                .isEqualTo(new Significance.Reason.NotComparable("jdk.ObjectAllocationSample's throttle"));
        assertThat(text(t)).containsPattern("allocated \\(bytes\\) +\\? \\(not comparable\\)");
        Table same = Comparison.ofColumns(List.of(a, a), List.of("x", "y"), Comparison.Options.DEFAULT);
        assertThat(row(same, "allocated (bytes)").tests().get(1).reason()).isNotInstanceOf(Significance.Reason.NotComparable.class);
    }
}

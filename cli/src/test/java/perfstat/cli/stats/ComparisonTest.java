package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/**
 * {@link Comparison} on the committed recordings of fstime (unpatched and patched, one run of
 * 10 s each), taken as samples: each side several copies of one recording (samples that do
 * not vary), or a mix of both (samples that overlap), or one recording a side (the score's
 * intervals as its samples).
 */
class ComparisonTest {
    private static final String VFS_WRITE = "perfstat.models.writepath.Vfs::write";
    private static RunData unpatched;
    private static RunData patched;

    @BeforeAll
    static void read() {
        unpatched = RecordingReader.read("../recordings/fstime-unpatched.jfr");
        patched = RecordingReader.read("../recordings/fstime-patched.jfr");
    }

    private static Row row(Table t, MetricId id) {
        return t.rows().stream().filter(r -> r.metric().id().equals(id)).findFirst().orElseThrow();
    }

    private static MetricId counter(String event, String unit) {
        return new MetricId(MetricId.Kind.COUNTER, event, MetricId.Statistic.TOTAL, unit);
    }

    private static MetricId score() {
        return new MetricId(MetricId.Kind.SCORE, "", MetricId.Statistic.MEAN, "KB/s");
    }

    private static MetricId probe(MetricId.Statistic s) {
        return new MetricId(MetricId.Kind.PROBE, VFS_WRITE, s, s.isPercentile() ? "ns" : "count");
    }

    private static double value(RunData run, MetricId id) {
        return Measurements.of(run).get(id).value().value();
    }

    @Test
    void fourRunsASideThatDoNotOverlapAreSignificantWithTheDeltaOfTheMeans() {
        Table t = Comparison.ofColumns(List.of(Collections.nCopies(4, unpatched), Collections.nCopies(4, patched)));
        Row score = row(t, score());
        double a = value(unpatched, score());
        double b = value(patched, score());
        assertThat(score.values().get(0).value()).isEqualTo(a);
        assertThat(score.values().get(1).samples()).isEqualTo(4);
        assertThat(score.deltas().get(1)).isCloseTo((b - a) / a, within(1e-12));
        assertThat(score.tests().get(0)).isNull();
        Significance s = score.tests().get(1);
        assertThat(s.verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(s.pValue()).isLessThan(0.05); // samples tied within a side: the U test's normal approximation
        assertThat(s.nA()).isEqualTo(4);
        assertThat(score.comments()).containsExactly("mean of 4 runs", "mean of 4 runs");
        // a percentile of several runs is read from their merged histogram
        assertThat(row(t, probe(MetricId.Statistic.P99)).comments().get(1)).isEqualTo("merged histograms of 4 runs");
        assertThat(row(t, probe(MetricId.Statistic.CALLS)).comments().get(1)).isEqualTo("mean of 4 runs");
        // the summary: the score's ratio, the moves by their metric's direction
        Summary sum = t.summary().get(0);
        assertThat(sum.byScore()).isTrue();
        assertThat(sum.geomeanRatio()).isCloseTo(b / a - 1, within(1e-12));
        assertThat(sum.better()).extracting(m -> m.metric().id()).contains(score(), counter("context-switches", "count"))
                .doesNotContain(counter("task-clock", "ms"));
        assertThat(sum.worse()).extracting(m -> m.metric().id()).contains(counter("task-clock", "ms"))
                .doesNotContain(score(), probe(MetricId.Statistic.CALLS)); // calls have no better direction
        assertThat(t.notes()).contains(new Note.Deltas(Significance.Test.U, 0.95)).doesNotContain(new Note.OneRecordingASide());
    }

    @Test
    void samplesThatOverlapAreNotSignificantAndEqualMeansHaveNoChange() {
        Table t = Comparison.ofColumns(List.of(List.of(unpatched, patched, unpatched, patched),
                List.of(patched, unpatched, patched, unpatched)));
        Row score = row(t, score());
        assertThat(score.tests().get(1).verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT);
        assertThat(score.tests().get(1).pValue()).isGreaterThan(0.05);
        assertThat(score.deltas().get(1)).isCloseTo(0, within(1e-12));
        assertThat(t.summary().get(0).better()).isEmpty();
        assertThat(t.summary().get(0).worse()).isEmpty();
    }

    @Test
    void threeRunsASideAreTooFewForTheUTestAndTheNotesSaySo() {
        Table t = Comparison.ofColumns(List.of(Collections.nCopies(3, unpatched), Collections.nCopies(3, patched)));
        Row score = row(t, score());
        assertThat(score.tests().get(1).verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
        assertThat(score.deltas().get(1)).isPositive(); // the change is printed, with ?
        assertThat(t.summary().get(0).better()).isEmpty();
        assertThat(t.notes()).contains(new Note.UTestTooFew(4));
    }

    @Test
    void oneRecordingASideTakesTheScoresIntervalsAndGivesTheOtherRowsNoVerdict() {
        Table t = Comparison.of(List.of(unpatched, patched));
        Row score = row(t, score());
        assertThat(score.spreads().get(0).fromIntervals()).isTrue();
        assertThat(score.spreads().get(0).n()).isEqualTo(unpatched.intervalScores().size()).isGreaterThan(4);
        assertThat(score.tests().get(1).verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        Row clock = row(t, counter("task-clock", "ms"));
        assertThat(clock.tests().get(1).verdict()).isEqualTo(Significance.Verdict.TOO_FEW);
        assertThat(clock.tests().get(1).reason()).isEqualTo("one sample a side");
        // not supported on either side: no delta, no test
        Row cycles = row(t, counter("cycles", "count"));
        assertThat(cycles.values().get(0).status()).isEqualTo(Value.Status.NOT_SUPPORTED);
        assertThat(cycles.deltas().get(1)).isNaN();
        assertThat(cycles.tests().get(1)).isNull();
        assertThat(t.notes()).contains(new Note.OneRecordingASide(), new Note.Deltas(Significance.Test.U, 0.95),
                new Note.Window(true), new Note.CountersFrom("unpatched", "perf_event_open", ""));
        assertThat(t.notes()).doesNotHaveDuplicates(); // the window's note, the same for both sides, once
    }

    @Test
    void aRecordingAgainstItselfHasNoChangeAndNothingSignificant() {
        Table t = Comparison.of(List.of(unpatched, unpatched));
        for (Row r : t.rows()) {
            if (r.values().get(0).measured() && r.values().get(0).value() != 0) {
                assertThat(r.deltas().get(1)).as(r.metric().key()).isZero();
            }
            Significance s = r.tests().get(1);
            assertThat(s == null || s.verdict() != Significance.Verdict.SIGNIFICANT).as(r.metric().key()).isTrue();
        }
        assertThat(row(t, score()).tests().get(1).verdict()).isEqualTo(Significance.Verdict.NOT_SIGNIFICANT);
    }

    @Test
    void rowsAreInBlocksByKindTimeElapsedLastAndProbesNamedInFull() {
        Table t = Comparison.of(List.of(unpatched, patched));
        List<MetricId.Kind> kinds = t.rows().stream().map(r -> r.metric().kind()).distinct().toList();
        assertThat(kinds).containsExactly(MetricId.Kind.COUNTER, MetricId.Kind.SCORE, MetricId.Kind.MODEL_COUNTER,
                MetricId.Kind.PROBE, MetricId.Kind.JDK, MetricId.Kind.TIME);
        Row p99 = row(t, probe(MetricId.Statistic.P99));
        assertThat(p99.metric().key()).isEqualTo("probe:Vfs::write:p99");
        assertThat(p99.metric().label()).isEqualTo("Vfs::write p99 (ns)");
        assertThat(p99.metric().better()).isEqualTo(Metric.Better.LOWER);
        assertThat(t.curves()).extracting(PercentileCurve::probe).containsExactly("Vfs::write");
    }

    @Test
    void shortNamesKeepThePackageOnlyWhereTwoWouldPrintAlike() {
        Map<String, String> names = MethodNames.shortNames(List.of("a.A::write", "b.A::write", "c.B::write", "C$D::run"));
        assertThat(names).containsExactly(Map.entry("a.A::write", "a.A::write"), Map.entry("b.A::write", "b.A::write"),
                Map.entry("c.B::write", "B::write"), Map.entry("C$D::run", "C$D::run"));
        assertThat(MethodNames.shortNames(List.of("x.y.Outer$Inner::m(java.lang.String)")).values())
                .containsExactly("Outer$Inner::m(java.lang.String)");
    }
}

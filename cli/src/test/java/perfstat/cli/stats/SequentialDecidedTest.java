package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import perfstat.cli.render.ViolationText;

/**
 * What `compare` says decided it when it stops before its last look: a newcomer's A/A comparison stopped "decided" with
 * its primary at {@code ~ [-6.6%, +22.5%]}, decided by the --fail-on rule that named it, and nothing said so.
 */
class SequentialDecidedTest {
    private static final Metric SCORE = new Metric(new MetricId(MetricId.Kind.SCORE, "", MetricId.Statistic.MEAN, "ms"),
            "loop_ms", "loop_ms (ms)", 2, Metric.Better.LOWER);

    private static Row row(double[] a, double[] b) {
        return FamiliesTest.row(SCORE, a, b);
    }

    private static String decided(Row r, List<Gate.Rule> rules) {
        List<Row> judged = Families.judge(List.of(r), 2, new Families.Setting(0.05, Double.NaN, rules, 0.05));
        Table t = new Table(Title.of("t"), List.of("A", "B"), List.of(List.of("a.jfr"), List.of("b.jfr")), judged, List.of(), List.of());
        assertThat(Sequential.undecided(t, rules, 0.05)).isEmpty();
        List<Sequential.LookRow> p = Sequential.primaries(t);
        assertThat(p).hasSize(1);
        return ViolationText.decided(p.get(0), 0.05);
    }

    @Test
    void theStopSaysWhatDecidedThePrimary() {
        double[] a = {700, 710, 690, 705, 695};
        assertThat(decided(row(a, new double[] {630, 639, 621, 634, 625}), List.of()))
                .startsWith("loop_ms (ms) in B: changed [-1").endsWith("]");
        assertThat(decided(row(a, new double[] {701, 711, 691, 706, 696}), List.of()))
                .startsWith("loop_ms (ms) in B: within +-5% [");
        // noisy, named by a loose rule: undecided against the --min-effect, decided by the rule
        String byRule = decided(row(new double[] {100, 130, 90, 120, 105}, new double[] {110, 95, 135, 100, 125}),
                List.of(Gate.Rule.parse("loop_ms:+50%")));
        assertThat(byRule).startsWith("loop_ms (ms) in B: [").endsWith("] within +50.0%, by its --fail-on rule (not --min-effect)");
    }
}

package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Gate}: which significant changes fail it. One table, configurations {@code a} and
 * {@code b}, five samples a side: the score falls 10% and task-clock rises 3%, both
 * significantly; probe calls rise 50% (no better direction); page faults rise 20%, but the
 * samples overlap.
 */
class GateTest {
    private static final Metric SCORE = new Metric(new MetricId(MetricId.Kind.SCORE, "", MetricId.Statistic.MEAN, "KB/s"),
            "score", "fstime (KB/s)", 2, Metric.Better.HIGHER);
    private static final Metric CLOCK = new Metric("task-clock", "task-clock (msecs)", "ms", MetricId.Kind.COUNTER, 6,
            Metric.Better.LOWER);
    private static final Metric CALLS = new Metric(new MetricId(MetricId.Kind.PROBE, "p.Vfs::write", MetricId.Statistic.CALLS,
            "count"), "probe:Vfs::write:calls", "Vfs::write calls", 0, Metric.Better.NEITHER);
    private static final Metric FAULTS = new Metric("page-faults", "page-faults", "count", MetricId.Kind.COUNTER, 0,
            Metric.Better.LOWER);

    private static final Table TABLE = new Table(Title.of("t"), List.of("a", "b"), List.of(List.of("a.jfr"), List.of("b.jfr")), List.of(
            row(SCORE, 1000, 0.90, 0.01), row(CLOCK, 1000, 1.03, 0.001), row(CALLS, 1000, 1.5, 0.01),
            row(FAULTS, 1000, 1.2, 0.5)), List.of(), List.of());

    /** Five samples around {@code mean} a side, spread by {@code spread} (a fraction), the second side {@code ratio} times the first. */
    private static Row row(Metric m, double mean, double ratio, double spread) {
        double[] a = new double[5];
        double[] b = new double[5];
        for (int i = 0; i < 5; i++) {
            a[i] = mean * (1 + spread * (i - 2));
            b[i] = ratio * a[i];
        }
        Spread sa = new Spread(a, false);
        Spread sb = new Spread(b, false);
        Value va = new Value(sa.mean(), Value.Status.MEASURED, sa.stderrPct(), 5);
        Value vb = new Value(sb.mean(), Value.Status.MEASURED, sb.stderrPct(), 5);
        return new Row(m, List.of(va, vb), List.of(Double.NaN, Comparison.delta(va, vb)), List.of(Comment.NONE, Comment.NONE), List.of(sa, sb),
                Arrays.asList(null, Significance.ofRuns(sa, sb, 0.95)));
    }

    private static List<Gate.Violation> violations(String rule, double threshold) {
        return Gate.violations(TABLE, rule == null ? List.of() : List.of(Gate.Rule.parse(rule)), threshold, 0.05);
    }

    /**
     * A rule's metric is judged on its own (one rule: no correction), whatever the table's verdict on its row, controlled
     * across all its rows, says. The threshold, which scans every row, keeps the table's verdict.
     */
    @Test
    void aRuleJudgesItsMetricAloneNotAcrossTheTable() {
        Spread a = new Spread(new double[] {1000, 1010, 990, 1005}, false);
        Spread b = new Spread(new double[] {1500, 1510, 1490, 1505}, false);
        Value va = new Value(a.mean(), Value.Status.MEASURED, a.stderrPct(), 4);
        Value vb = new Value(b.mean(), Value.Status.MEASURED, b.stderrPct(), 4);
        Significance raw = Significance.ofRuns(a, b, 0.95);
        assertThat(raw.pValue()).isLessThan(0.05);
        Significance controlled = raw.judged(Significance.Verdict.NOT_SIGNIFICANT, 0.95, raw.judgement());
        Row r = new Row(CLOCK, List.of(va, vb), List.of(Double.NaN, Comparison.delta(va, vb)), List.of(Comment.NONE, Comment.NONE), List.of(a, b),
                Arrays.asList(null, controlled));
        Table t = new Table(Title.of("t"), List.of("a", "b"), List.of(List.of("a.jfr"), List.of("b.jfr")), List.of(r), List.of(),
                List.of());
        assertThat(Gate.violations(t, List.of(Gate.Rule.parse("task-clock:+5%")), Double.NaN, 0.05)).hasSize(1);
        assertThat(Gate.violations(t, List.of(), 0.05, 0.05)).isEmpty();
    }

    /** Three answers: beyond the limit, shown within it, or undecided where the interval crosses it. */
    @Test
    void aRuleIsBeyondWithinOrUndecided() {
        assertThat(violations("task-clock:+2%", Double.NaN)).hasSize(1); // +3% [+2.9%, +3.1%]
        assertThat(Gate.problems(TABLE, List.of(Gate.Rule.parse("task-clock:+5%")), 0.05)).extracting(Gate.Problem::kind)
                .containsExactly(Gate.Problem.Kind.WITHIN);
        assertThat(Gate.problems(TABLE, List.of(Gate.Rule.parse("task-clock:+3%")), 0.05)).extracting(Gate.Problem::kind)
                .containsExactly(Gate.Problem.Kind.UNDECIDED); // the interval holds +3%
        assertThat(Gate.problems(TABLE, List.of(Gate.Rule.parse("page-faults:+5%")), 0.05)).extracting(Gate.Problem::kind)
                .containsExactly(Gate.Problem.Kind.UNDECIDED); // +20% with a spread of 50%: could be either
        // two rules: Holm across them, so each is held to a stricter bound than alone
        assertThat(Gate.problems(TABLE, List.of(Gate.Rule.parse("task-clock:+5%"), Gate.Rule.parse("score:-20%")), 0.05))
                .extracting(Gate.Problem::kind).containsExactly(Gate.Problem.Kind.WITHIN, Gate.Problem.Kind.WITHIN);
    }

    @Test
    void theTableIsWhatTheTestsAssume() {
        assertThat(TABLE.rows()).extracting(r -> r.tests().get(1).verdict()).containsExactly(Significance.Verdict.SIGNIFICANT,
                Significance.Verdict.SIGNIFICANT, Significance.Verdict.SIGNIFICANT, Significance.Verdict.NOT_SIGNIFICANT);
    }

    @Test
    void aRuleFiresWhenItsMetricMovesBeyondItsLimitInItsDirection() {
        List<Gate.Violation> v = violations("score:-5%", Double.NaN);
        assertThat(v).hasSize(1);
        Gate.Violation x = v.get(0);
        assertThat(x.kind()).isEqualTo(Gate.Violation.Kind.BEYOND_RULE);
        assertThat(x.metric()).isEqualTo(SCORE);
        assertThat(x.column()).isEqualTo("b");
        assertThat(x.baseline()).isEqualTo("a");
        assertThat(x.delta()).isCloseTo(-0.10, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(x.pValue()).isLessThan(0.05);
        assertThat(x.limit()).isEqualTo(-0.05);
        // a rule names a metric by its key or by its label, or the label's first word
        assertThat(violations("fstime:-5%", Double.NaN)).isEqualTo(v);
        assertThat(violations("fstime (KB/s):-5%", Double.NaN)).isEqualTo(v);
        assertThat(violations("task-clock:+2%", Double.NaN)).extracting(Gate.Violation::metric).containsExactly(CLOCK);
        // a rise of calls fails a rule on calls although they have no better direction
        assertThat(violations("probe:Vfs::write:calls:+10%", Double.NaN)).extracting(Gate.Violation::metric).containsExactly(CALLS);
    }

    @Test
    void aRuleDoesNotFireWithinItsLimitAgainstItsDirectionOrOnAChangeThatIsNotSignificant() {
        assertThat(violations("score:-20%", Double.NaN)).isEmpty();
        assertThat(violations("score:+5%", Double.NaN)).isEmpty(); // the score fell; this rule is about rises
        assertThat(violations("task-clock:+5%", Double.NaN)).isEmpty(); // 3% is within 5%
        assertThat(violations("task-clock:-1%", Double.NaN)).isEmpty();
        assertThat(violations("page-faults:+5%", Double.NaN)).isEmpty(); // +20%, but ~
        assertThat(violations("cycles:+1%", Double.NaN)).isEmpty(); // no such row
        assertThat(violations(null, Double.NaN)).isEmpty();
    }

    @Test
    void aThresholdFailsWhatGotWorseByMoreThanItInTheMetricsOwnDirection() {
        List<Gate.Violation> five = violations(null, 0.05);
        assertThat(five).extracting(Gate.Violation::metric).containsExactly(SCORE); // task-clock's 3% is within 5%; calls have no direction
        assertThat(five.get(0).kind()).isEqualTo(Gate.Violation.Kind.WORSE_THAN_THRESHOLD);
        assertThat(five.get(0).limit()).isEqualTo(0.05);
        assertThat(violations(null, 0.02)).extracting(Gate.Violation::metric).containsExactly(SCORE, CLOCK);
        assertThat(violations(null, 0.5)).isEmpty();
        // a rule and the threshold both fire: two violations, the rule's first
        assertThat(violations("score:-5%", 0.05)).extracting(Gate.Violation::kind)
                .containsExactly(Gate.Violation.Kind.BEYOND_RULE, Gate.Violation.Kind.WORSE_THAN_THRESHOLD);
    }

    @Test
    void rulesAndThresholdsParseOrSayWhatTheyWant() {
        assertThat(Gate.Rule.parse("score:-5%")).isEqualTo(new Gate.Rule("score", -0.05));
        assertThat(Gate.Rule.parse("probe:Vfs::write:p99:+12.5%")).isEqualTo(new Gate.Rule("probe:Vfs::write:p99", 0.125));
        assertThat(Gate.parseThreshold("5%")).isEqualTo(0.05);
        assertThatThrownBy(() -> Gate.Rule.parse("score:5%")).hasMessageContaining("METRIC:+N%");
        assertThatThrownBy(() -> Gate.Rule.parse("score")).hasMessageContaining("METRIC:+N%");
        assertThatThrownBy(() -> Gate.Rule.parse("score:+0%")).hasMessageContaining("above 0%");
        assertThatThrownBy(() -> Gate.Rule.parse("score:-100%")).hasMessageContaining("above 0%");
        assertThatThrownBy(() -> Gate.parseThreshold("+5%")).hasMessageContaining("N%");
    }

    @Test
    void aGateThatCannotJudgeSaysWhyAndNamesTheClosestMetrics() {
        List<Gate.Problem> typo = Gate.problems(TABLE, List.of(Gate.Rule.parse("tsk-clock:+5%")), 0.05);
        assertThat(typo).hasSize(1);
        assertThat(typo.get(0).kind()).isEqualTo(Gate.Problem.Kind.UNKNOWN_METRIC);
        assertThat(typo.get(0).usage()).isTrue();
        assertThat(typo.get(0).closest()).first().isEqualTo("task-clock");
        assertThat(Gate.problems(TABLE, List.of(Gate.Rule.parse("task-clock:+5%")), 0.05)).noneMatch(Gate.Problem::usage);
        assertThat(Gate.editDistance("tsk-clock", "task-clock")).isEqualTo(1);
        assertThat(Gate.editDistance("", "abc")).isEqualTo(3);
        // a metric missing on a side, and one whose change is undecided
        Value va = Value.of(1);
        Row missing = new Row(FAULTS, List.of(va, Value.notCounted()), List.of(Double.NaN, Double.NaN), List.of(Comment.NONE, Comment.NONE));
        Row undecided = new Row(SCORE, List.of(va, Value.of(2)), List.of(Double.NaN, 1.0), List.of(Comment.NONE, Comment.NONE));
        Table t = new Table(Title.of("t"), List.of("a", "b"), List.of(List.of("a.jfr"), List.of("b.jfr")),
                List.of(missing, undecided), List.of(), List.of());
        assertThat(Gate.problems(t, List.of(Gate.Rule.parse("page-faults:+5%")), 0.05)).extracting(Gate.Problem::kind)
                .containsExactly(Gate.Problem.Kind.MISSING_ON_A_SIDE);
        List<Gate.Problem> u = Gate.problems(t, List.of(Gate.Rule.parse("score:-5%")), 0.05);
        assertThat(u).extracting(Gate.Problem::kind).containsExactly(Gate.Problem.Kind.UNDECIDED);
        assertThat(u.get(0).usage()).isFalse();
    }

    /** A probe row may be named without its overload's parameter types, and a typo is offered the row's label. */
    @Test
    void aProbeRuleNamesEveryOverloadWithoutItsParameterTypes() {
        Metric iterable = new Metric(new MetricId(MetricId.Kind.PROBE, "g.Joiner::join(Iterable)", MetricId.Statistic.P50, "ns"),
                "probe:Joiner::join(Iterable):p50", "Joiner::join(Iterable) p50 (ns)", 0, Metric.Better.LOWER);
        Metric iterator = new Metric(new MetricId(MetricId.Kind.PROBE, "g.Joiner::join(Iterator)", MetricId.Statistic.P50, "ns"),
                "probe:Joiner::join(Iterator):p50", "Joiner::join(Iterator) p50 (ns)", 0, Metric.Better.LOWER);
        Table t = new Table(Title.of("t"), List.of("a", "b"), List.of(List.of("a.jfr"), List.of("b.jfr")),
                List.of(row(iterable, 200, 1.5, 0.01), row(iterator, 150, 1.0, 0.01)), List.of(), List.of());
        assertThat(Gate.problems(t, List.of(Gate.Rule.parse("Joiner::join p50:+10%")), 0.05)).noneMatch(Gate.Problem::usage);
        assertThat(Gate.problems(t, List.of(Gate.Rule.parse("probe:Joiner::join:p50:+10%")), 0.05)).noneMatch(Gate.Problem::usage);
        assertThat(Gate.violations(t, List.of(Gate.Rule.parse("Joiner::join p50:+10%")), Double.NaN, 0.05))
                .extracting(Gate.Violation::metric).containsExactly(iterable);
        assertThat(Gate.problems(t, List.of(Gate.Rule.parse("Joiner::join p99:+10%")), 0.05)).isNotEmpty();
        List<Gate.Problem> typo = Gate.problems(t, List.of(Gate.Rule.parse("Joiner::jion(Iterable) p50:+10%")), 0.05);
        assertThat(typo.get(0).closest()).first().isEqualTo("Joiner::join(Iterable) p50");
    }

    @Test
    void aRuleNamesARowByItsWholeLabelWithOrWithoutTheUnitNeverByAPrefix() {
        Metric gcs = new Metric("gc-count", "GCs", "count", MetricId.Kind.JDK, 0, Metric.Better.LOWER);
        Metric pauses = new Metric("gc-pause", "GC pauses (msecs)", "ms", MetricId.Kind.JDK, 3, Metric.Better.LOWER);
        Metric gcRole = new Metric("task-clock:gc", "    GC (msecs)", "ms", MetricId.Kind.COUNTER, 6, Metric.Better.LOWER);
        Gate.Rule gc = Gate.Rule.parse("GC:+10%");
        assertThat(List.of(gcs, pauses, gcRole).stream().filter(gc::matches).toList()).containsExactly(gcRole);
        assertThat(Gate.Rule.parse("GC pauses:+10%").matches(pauses)).isTrue();
        assertThat(Gate.Rule.parse("gc pauses (msecs):+10%").matches(pauses)).isTrue();
        assertThat(Gate.Rule.parse("GCs:+10%").matches(pauses)).isFalse();
    }
}

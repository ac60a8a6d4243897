package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/** A command's own score (--score) is its table's score row, its direction the user's, and the comparison's headline. */
class OutputScoreTest {
    private static final RunData BASE = RecordingReader.read("../recordings/fstime-unpatched.jfr");

    /** A command's run (no model) whose output gave {@code values}, lower is better. */
    private static RunData run(double... values) {
        List<Double> vs = new ArrayList<>();
        for (double v : values) {
            vs.add(v);
        }
        RunData.ProgramScore s = new RunData.ProgramScore("loop_ms", "ms", false,
                vs.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), vs);
        RunData r = BASE;
        return RunData.of("cmd.jfr").withCounters(r.countersStart(), r.countersEnd()).withProbes(r.probes())
                .withAgent(r.agentOptions(), r.timerOverheadNs()).withJdk(r.jdk()).withPerfCounters(r.perfCounters())
                .withPerThread(r.perThread())
                .withCounterWindow(r.counterWindow()).withProbePatterns(r.probePatterns()).withLosses(r.losses())
                .withProgram("Tokens")
                .withProgramScore(s);
    }

    @Test
    void theScoreRowIsTheMeanOfTheNumbersFoundWithTheUsersNameUnitAndDirection() {
        Measurements.Measured m = Measurements.of(run(10, 12)).values().stream()
                .filter(x -> x.metric().id().kind() == MetricId.Kind.SCORE).findFirst().orElseThrow();
        assertThat(m.metric().label()).isEqualTo("loop_ms (ms)");
        assertThat(m.metric().key()).isEqualTo("score");
        assertThat(m.metric().better()).isEqualTo(Metric.Better.LOWER);
        assertThat(m.value().value()).isEqualTo(11.0);
        assertThat(m.value().stderrPct()).isCloseTo(100 * 1 / 11.0, within(1e-9)); // sd sqrt(2), over sqrt(2) numbers
        assertThat(m.comment()).isEqualTo(new Comment.OutputScore(2));
    }

    @Test
    void theHeadlineIsTheScoreJudgedWithTheUsersDirection() {
        List<RunData> old = List.of(run(100), run(101), run(99), run(100.5), run(99.5));
        List<RunData> slow = List.of(run(150), run(151), run(149), run(150.5), run(149.5));
        Table t = Comparison.ofColumns(List.of(old, slow), List.of("old", "new"), Comparison.Options.DEFAULT);
        Summary sum = t.summary().get(0);
        assertThat(sum.headline().metric().label()).isEqualTo("loop_ms (ms)");
        assertThat(sum.headline().delta()).isCloseTo(0.5, within(1e-4)); // the ratio of the geometric means
        assertThat(sum.headline().verdict()).isEqualTo(Significance.Verdict.SIGNIFICANT);
        assertThat(sum.headline().metric().better()).isEqualTo(Metric.Better.LOWER);
        assertThat(sum.byScore()).isTrue();
    }

    @Test
    void statsLineIsTheMeanOfTheRunsScoresWithItsPlusMinus() {
        StatSummary.Line l = StatSummary.score(List.of(run(10, 10), run(12)));
        assertThat(l.event()).isEqualTo("loop_ms");
        assertThat(l.unit()).isEqualTo("ms");
        assertThat(l.value().value()).isEqualTo(11.0);
        assertThat(l.value().samples()).isEqualTo(2);
        assertThat(l.value().stderrPct()).isCloseTo(100 / 11.0, within(1e-9));
        assertThat(StatSummary.score(List.of(BASE))).as("no --score").isNull();
    }
}

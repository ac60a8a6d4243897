package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Rounds as blocks: a machine twice as slow for a third of the rounds, on both sides, is seen as drift, judged by the
 * rounds' ratios (which hold the true change, narrowly) and named by its rounds; rounds that do not drift are judged as
 * before, and the drift test's false alarms stay near its level.
 */
class RoundDriftTest {
    private static Spread[] rounds(long seed, double change, boolean hog) {
        Random r = new Random(seed);
        int n = 15;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            double machine = hog && i >= 5 && i < 10 ? 2.0 : 1.0; // rounds 6 to 10
            a[i] = 100 * machine * (1 + 0.02 * r.nextGaussian());
            b[i] = 100 * (1 + change) * machine * (1 + 0.02 * r.nextGaussian());
        }
        return new Spread[] {new Spread(a, false), new Spread(b, false)};
    }

    @Test
    void aSlowStretchOfRoundsIsDriftAndTheRatiosHoldTheChange() {
        Spread[] s = rounds(1, 0.10, true);
        assertThat(RoundDrift.drifts(s[0], s[1])).isTrue();
        Significance paired = Significance.ofRounds(s[0], s[1], 0.95, 0);
        Significance apart = Significance.ofRuns(s[0], s[1], 0.95, 0);
        assertThat(paired.test()).isEqualTo("paired-log");
        assertThat(paired.ciLow()).isLessThan(0.10).isGreaterThan(0.05);
        assertThat(paired.ciHigh()).isGreaterThan(0.10).isLessThan(0.15);
        assertThat(apart.ciHigh() - apart.ciLow()).as("the runs as two samples: the hog in both").isGreaterThan(0.4);
        Row row = new Row(new Metric("time", "time elapsed (msecs)", "ms", MetricId.Kind.TIME, 2, Metric.Better.LOWER),
                java.util.List.of(Value.of(s[0].mean()), Value.of(s[1].mean())), java.util.List.of(Double.NaN, 0.10),
                java.util.List.of(Comment.NONE, Comment.NONE), java.util.List.of(s[0], s[1]), java.util.Arrays.asList(null, paired));
        java.util.List<Note> notes = RoundDrift.notes(java.util.List.of(row), java.util.List.of("A", "B"),
                java.util.List.of(measured(row.metric(), s[0].samples(), -1), measured(row.metric(), s[1].samples(), -1)));
        assertThat(notes).hasSize(1);
        Note.RoundDrift d = (Note.RoundDrift) notes.get(0);
        assertThat(d.apart()).hasSize(1);
        assertThat(d.apart().get(0).first()).isEqualTo(6);
        assertThat(d.apart().get(0).last()).isEqualTo(10);
        assertThat(d.apart().get(0).ratio()).isBetween(1.8, 2.2);
    }

    /** A side's runs as a table measures them: run {@code unsettled} (or none, -1) without a steady state. */
    private static java.util.List<java.util.Map<MetricId, Measurements.Measured>> measured(Metric m, double[] xs, int unsettled) {
        java.util.List<java.util.Map<MetricId, Measurements.Measured>> out = new java.util.ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
            Comment why = new Comment.Iterations(i == unsettled ? SteadyState.Kind.LEVELS : SteadyState.Kind.WARMUP, 400, 30, 2);
            out.add(java.util.Map.of(m.id(), new Measurements.Measured(m, i == unsettled ? Value.notCounted() : Value.of(xs[i]),
                    why)));
        }
        return out;
    }

    /**
     * A steady row lacks the runs that did not settle, A's in one round and B's in another: the rounds kept are those
     * whose two runs settled, each paired with its own round (not the next one's), and a stretch is named by its rounds'
     * own numbers.
     */
    @Test
    void aSteadyRowPairsOnlyTheRoundsWhoseTwoRunsSettled() {
        Spread[] s = rounds(1, 0.10, true);
        Metric m = RowCatalogue.steadyScore("Bench::step", "ms", false);
        RoundDrift.Aligned al = RoundDrift.aligned(m, measured(m, s[0].samples(), 2), measured(m, s[1].samples(), 11));
        assertThat(al.rounds()).hasSize(s[0].n() - 2).doesNotContain(3, 12);
        assertThat(al.of()).isEqualTo(s[0].n());
        for (int i = 0; i < al.rounds().length; i++) {
            assertThat(al.a().samples()[i]).isEqualTo(s[0].samples()[al.rounds()[i] - 1]);
            assertThat(al.b().samples()[i]).isEqualTo(s[1].samples()[al.rounds()[i] - 1]);
        }
        assertThat(RoundDrift.drifts(al.a(), al.b())).isTrue();
        Significance paired = Significance.ofRounds(al.a(), al.b(), 0.95, 0);
        assertThat(paired.ciLow()).isLessThan(0.10);
        assertThat(paired.ciHigh()).isGreaterThan(0.10);
        Row row = new Row(m, java.util.List.of(Value.of(s[0].mean()), Value.of(s[1].mean())), java.util.List.of(Double.NaN, 0.10),
                java.util.List.of(Comment.NONE, Comment.NONE), java.util.List.of(al.a(), al.b()), java.util.Arrays.asList(null, paired));
        Note.RoundDrift d = (Note.RoundDrift) RoundDrift.notes(java.util.List.of(row), java.util.List.of("A", "B"),
                java.util.List.of(measured(m, s[0].samples(), 2), measured(m, s[1].samples(), 11))).get(0);
        assertThat(d.left()).isEqualTo(2);
        assertThat(d.apart().get(0).first()).isEqualTo(6);
        assertThat(d.apart().get(0).last()).isEqualTo(10);
    }

    @Test
    void roundsThatDoNotDriftAreRarelyTakenForDrift() {
        int drift = 0;
        int trials = 2000;
        for (int t = 0; t < trials; t++) {
            Spread[] s = rounds(1000 + t, 0, false);
            drift += RoundDrift.drifts(s[0], s[1]) ? 1 : 0;
        }
        // the one-sided 5% test: about 100 in 2000
        assertThat(drift).isBetween(60, 140);
    }

    /** A/A, with and without a slow stretch: the rule (by the rounds where they drift, else as two samples) holds its level. */
    @Test
    void theRuleFindsNoChangeThatIsNotThereAtMoreThanItsLevel() {
        for (boolean hog : new boolean[] {false, true}) {
            int changed = 0;
            int trials = 2000;
            for (int t = 0; t < trials; t++) {
                Spread[] s = rounds(5000 + t, 0, hog);
                Significance sig = RoundDrift.drifts(s[0], s[1]) ? Significance.ofRounds(s[0], s[1], 0.95, 0)
                        : Significance.ofRuns(s[0], s[1], 0.95, 0);
                changed += sig.verdict() == Significance.Verdict.SIGNIFICANT ? 1 : 0;
            }
            assertThat(changed).as("hog " + hog + ": about 100 in 2000").isBetween(50, 150);
        }
    }

    /** A round the machine changed in the middle of (one run slowed, the other not) does not carry the estimate. */
    @Test
    void aRoundChangedMidwayIsTrimmed() {
        Spread[] s = rounds(9, 0.10, true);
        double[] b = s[1].samples().clone();
        b[4] *= 2; // B's run of round 5 already under the load, A's not
        b[9] /= 2; // and round 10 the other way
        Estimate e = Estimate.paired(s[0], new Spread(b, false));
        assertThat(e.change()).isBetween(0.07, 0.13);
        double[] ci = e.interval(0.95);
        assertThat(ci[0]).isLessThan(0.10);
        assertThat(ci[1]).isGreaterThan(0.10);
    }

    /** Three slow rounds of ten (a newcomer's hog in rounds 5 to 7): that stretch is named, and no other. */
    @Test
    void aShortStretchIsNamedByItsRounds() {
        Random r = new Random(11);
        double[] level = new double[10];
        for (int i = 0; i < 10; i++) {
            level[i] = Math.log(100 * (i >= 4 && i < 7 ? 2.0 : 1.0) * (1 + 0.02 * r.nextGaussian()));
        }
        java.util.List<Note.RoundDrift.Stretch> apart = RoundDrift.apart(level);
        assertThat(apart).hasSize(1);
        assertThat(apart.get(0).first()).isEqualTo(5);
        assertThat(apart.get(0).last()).isEqualTo(7);
        assertThat(apart.get(0).ratio()).isBetween(1.8, 2.2);
        double[] flat = new double[10];
        for (int i = 0; i < 10; i++) {
            flat[i] = Math.log(100 * (1 + 0.02 * r.nextGaussian()));
        }
        assertThat(RoundDrift.apart(flat)).as("2% noise: nothing apart").isEmpty();
    }

    @Test
    void withoutWholeRoundsNothingIsPaired() {
        Spread a = new Spread(new double[] {1, 2, 3, 4, 5, 6}, false);
        Spread b = new Spread(new double[] {1, 2, 3, 4, 5}, false);
        assertThat(RoundDrift.drifts(a, b)).isFalse();
        assertThat(Estimate.paired(a, b)).isNull();
    }
}

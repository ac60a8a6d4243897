package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;

/**
 * The choice between longer runs and more runs (Kalibera and Jones), on synthetic pilots whose variance components are
 * known: JVMs that settle alike send the runs longer, JVMs that settle apart keep them short, runs too short to class
 * double, runs that never settle keep the count; the counts stay within a pilot's reach and the agent's limit.
 */
class IterationPlanTest {
    /** A run of {@code n} iterations of {@code ms}: 40 warm-up iterations from 3x down, then noise {@code sd} about ms x (1 + jvm). */
    private static RunData run(Random r, int n, double ms, double jvm, double sd) {
        int warm = Math.min(40, n);
        long[] wall = new long[n];
        for (int i = 0; i < n; i++) {
            double x = i < warm ? ms * (3 - 2.0 * i / warm) : ms * (1 + jvm) * (1 + sd * r.nextGaussian());
            wall[i] = Math.round(Math.max(0.01, x) * 1e6);
        }
        Instant[] ends = new Instant[n];
        java.util.Arrays.fill(ends, Instant.EPOCH);
        long[] none = new long[n];
        java.util.Arrays.fill(none, -1);
        RunData.IterationSeries s = new RunData.IterationSeries("Loop::step", ends, wall, none, none, 0, 1);
        return RunData.of("r.jfr").withProgramScore(RunData.ProgramScore.of(s));
    }

    /** A run of these iterations' wall times (their CPU times and bytes the same numbers). */
    private static RunData series(long[] wall) {
        Instant[] ends = new Instant[wall.length];
        java.util.Arrays.fill(ends, Instant.EPOCH);
        return RunData.of("r.jfr").withProgramScore(RunData.ProgramScore.of(new RunData.IterationSeries("L::s", ends, wall,
                wall, wall, 0, 1)));
    }

    /** Two sides of three runs each, as a pilot runs them, and what each run took (1 s a JVM plus its iterations). */
    private static IterationPlan pilot(long seed, int n, double jvmSd, double sd) {
        Random r = new Random(seed);
        List<List<RunData>> columns = new ArrayList<>();
        List<Long> ns = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            List<RunData> side = new ArrayList<>();
            for (int i = 0; i < IterationPlan.PILOT_ROUNDS; i++) {
                side.add(run(r, n, 0.5, jvmSd * r.nextGaussian(), sd));
                ns.add(Math.round((1000 + n * 0.5) * 1e6));
            }
            columns.add(side);
        }
        return IterationPlan.next(columns, ns, n);
    }

    @Test
    void jvmsThatSettleAlikeAndNoisyIterationsMakeLongerRuns() {
        IterationPlan p = pilot(1, 300, 0, 0.3);
        assertThat(p.reason()).isEqualTo(IterationPlan.Reason.ITERATIONS_CHEAPER);
        assertThat(p.iterations()).isGreaterThan(300).isLessThanOrEqualTo(1200);
        assertThat(p.iterationMs()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.05));
        assertThat(p.runMs()).isBetween(900.0, 1100.0); // the JVM's second, and the warm-up's few ms
        assertThat(p.withinPct()).isBetween(25.0, 35.0);
    }

    @Test
    void jvmsThatSettleApartMakeShorterRuns() {
        // quiet iterations, JVMs 10% apart: more runs narrow the interval, longer ones do not
        IterationPlan p = pilot(2, 4000, 0.10, 0.01);
        assertThat(p.reason()).isEqualTo(IterationPlan.Reason.RUNS_NEEDED);
        assertThat(p.iterations()).isEqualTo(2000); // halved at most
        assertThat(p.betweenPct()).isGreaterThan(3.0);
    }

    @Test
    void theChoiceIsKalibera() {
        // within 30%, JVMs 3% apart, 1 s a run against 0.5 ms an iteration: n = sqrt(1000 x 900 / (0.5 x 9)) ~ 450, plus
        // 1.5 x the warm-up; the upper bound on a pilot's sigma-b makes it smaller still, never larger
        List<Integer> chosen = new ArrayList<>();
        for (long seed = 10; seed < 30; seed++) {
            chosen.add(pilot(seed, 600, 0.03, 0.3).iterations());
        }
        Collections.sort(chosen);
        assertThat(chosen.get(chosen.size() / 2)).isBetween(300, 1000);
    }

    @Test
    void runsTooShortToClassDouble() {
        IterationPlan p = pilot(3, 8, 0, 0.3); // 8 iterations: below what a run is classed on
        assertThat(p.reason()).isEqualTo(IterationPlan.Reason.TOO_SHORT);
        assertThat(p.iterations()).isEqualTo(16);
    }

    /** 400 iterations at 3 ms for {@code warm}, then 1 ms, with noise of 1%. */
    private static long[] settlingAt(Random r, int warm) {
        long[] wall = new long[400];
        for (int k = 0; k < wall.length; k++) {
            wall[k] = Math.round((k < warm ? 3 : 1) * 1e6 * (1 + 0.01 * r.nextGaussian()));
        }
        return wall;
    }

    /** Runs that all settle, late (at 300 of 400): the warm-up is taken into the count, which grows. */
    @Test
    void runsThatAllSettleLateGrow() {
        Random r = new Random(6);
        List<List<RunData>> columns = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            List<RunData> side = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                side.add(series(settlingAt(r, 300)));
            }
            columns.add(side);
        }
        IterationPlan p = IterationPlan.next(columns, List.of(2_000_000_000L), 400);
        assertThat(p.reason()).as(p.toString()).isEqualTo(IterationPlan.Reason.ITERATIONS_CHEAPER);
        assertThat(p.iterations()).isGreaterThan(400);
        assertThat(p.iterationMs()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.05)); // the steady iterations'
    }

    /**
     * One run a side settles, late (at 300 of 400), the others switch between levels to the end: most did not settle,
     * and the two that did settled late, so the count doubles. With one settled run only, the count stays: one run that
     * happened to settle late does not say the count is short.
     */
    @Test
    void runsThatSettleLateDouble() {
        Random r = new Random(7);
        List<List<RunData>> two = new ArrayList<>();
        List<List<RunData>> one = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            List<RunData> side = new ArrayList<>();
            List<RunData> alone = new ArrayList<>();
            side.add(series(settlingAt(r, 300)));
            alone.add(c == 0 ? series(settlingAt(r, 300)) : series(switching(r)));
            for (int i = 0; i < 2; i++) {
                side.add(series(switching(r)));
                alone.add(series(switching(r)));
            }
            two.add(side);
            one.add(alone);
        }
        IterationPlan p = IterationPlan.next(two, List.of(2_000_000_000L), 400);
        assertThat(p.reason()).as(p.toString()).isEqualTo(IterationPlan.Reason.LATE);
        assertThat(p.iterations()).isEqualTo(800);
        IterationPlan q = IterationPlan.next(one, List.of(2_000_000_000L), 400);
        assertThat(q.reason()).as(q.toString()).isEqualTo(IterationPlan.Reason.UNSETTLED);
        assertThat(q.iterations()).isEqualTo(400);
    }

    /** 400 iterations in blocks of 50 at 1 ms and 2 ms by turns, to the end: a run that switches between levels. */
    private static long[] switching(Random r) {
        long[] wall = new long[400];
        for (int k = 0; k < wall.length; k++) {
            wall[k] = Math.round((k / 50 % 2 == 0 ? 1 : 2) * 1e6 * (1 + 0.01 * r.nextGaussian()));
        }
        return wall;
    }

    @Test
    void runsThatNeverSettleKeepTheCount() {
        Random r = new Random(4);
        List<List<RunData>> columns = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            List<RunData> side = new ArrayList<>();
            for (int i = 0; i < 3; i++) { // a level that climbs the whole run long
                long[] wall = new long[400];
                for (int k = 0; k < wall.length; k++) {
                    wall[k] = Math.round((0.5 + k / 200.0 * (k / 50 % 2 == 0 ? 1 : 3)) * 1e6 * (1 + 0.01 * r.nextGaussian()));
                }
                side.add(series(wall));
            }
            columns.add(side);
        }
        IterationPlan p = IterationPlan.next(columns, List.of(2_000_000_000L), 400);
        assertThat(p.reason()).isEqualTo(IterationPlan.Reason.UNSETTLED);
        assertThat(p.iterations()).isEqualTo(400);
    }

    @Test
    void countsStayWithinAPilotsReachAndTheAgentsLimit() {
        assertThat(IterationPlan.clamp(1_000_000_000L, 600)).isEqualTo(2400);
        assertThat(IterationPlan.clamp(1, 600)).isEqualTo(300);
        assertThat(IterationPlan.clamp(4_000_000L, 900_000)).isEqualTo(IterationPlan.MOST);
        assertThat(IterationPlan.clamp(1, 12)).isEqualTo(IterationPlan.LEAST);
        assertThat(IterationPlan.clamp(1234, 1000)).isEqualTo(1200); // two figures
    }

    @Test
    void noIterationsKeepTheCount() {
        IterationPlan p = IterationPlan.next(List.of(List.of(RunData.of("a.jfr")), List.of(RunData.of("b.jfr"))),
                List.of(1L), 500);
        assertThat(p.reason()).isEqualTo(IterationPlan.Reason.UNKNOWN);
        assertThat(p.iterations()).isEqualTo(500);
    }
}

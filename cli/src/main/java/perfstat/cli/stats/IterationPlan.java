package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import perfstat.cli.read.RunData;

/**
 * How many iterations a run compare's runs should make, where compare puts the count into the commands
 * ({@code {iterations}}): the choice between more runs and longer runs of Kalibera and Jones ("Rigorous Benchmarking in
 * Reasonable Time", ISMM 2013).
 *
 * <p>A side's steady mean over r runs of n steady iterations has variance σ²b/r + σ²w/(r·n), σ²b the JVMs' own
 * spread (what remains of the runs' means' variance after the iterations' noise, σ²w/n, is taken out), σ²w the
 * iterations' within a run. A run costs c0 (the JVM's start, its warm-up, its exit) plus c1 each steady iteration. For a
 * given cost the variance is least at n = √(c0·σ²w / (c1·σ²b)): where the JVMs settle alike (σ²b near 0), iterations
 * are the cheap way to a narrow interval and runs grow; where they settle apart, only more runs help and runs shrink to
 * what the warm-up and a short steady state need. σ²b from a pilot's few runs is taken at its 80% upper bound, so
 * that a few JVMs that happen to agree do not send the runs to the most iterations. Each pilot may grow a run's count
 * four-fold at most and halve it at most; a count where most runs were too short to class doubles; where most switched
 * between levels or never settled, the count stays, as longer runs are not sure to mend that.
 *
 * @param iterations the count chosen
 * @param reason     why
 * @param withinPct  the iterations' SD within a run's steady state, % of the mean, pooled over the sides (NaN: unknown)
 * @param betweenPct the JVMs' own SD (σb, its 80% upper bound), % of the mean, pooled over the sides (NaN: unknown)
 * @param runMs      what a run costs beyond its steady iterations, ms (c0); the whole run where none settled enough to tell
 * @param iterationMs what a steady iteration costs, ms (c1)
 */
public record IterationPlan(int iterations, Reason reason, double withinPct, double betweenPct, double runMs,
                            double iterationMs) {
    /** The most iterations a run is given: the agent keeps up to 2^20 a run. */
    public static final int MOST = 1_000_000;
    /** The fewest. */
    public static final int LEAST = 10;
    /** The rounds of compare's pilot at a count: enough for two settled runs a side to show the variance components. */
    public static final int PILOT_ROUNDS = 3;

    /** Why the count is what it is. */
    public enum Reason {
        /** The JVMs settle alike: the iterations' noise is the spread, and iterations cost less than runs. */
        ITERATIONS_CHEAPER,
        /** The JVMs settle apart: runs, not iterations, narrow the interval; K&J's count. */
        RUNS_NEEDED,
        /** The count balances the two: what longer runs would gain, more runs gain for less. */
        BALANCED,
        /** Most runs were too short to be classed: longer runs can be. */
        TOO_SHORT,
        /** The runs that settled did so after half their iterations: longer runs leave more steady ones. */
        LATE,
        /** Most runs switched between levels or never settled, which longer runs are not sure to mend: the count stays. */
        UNSETTLED,
        /** Most runs settled, but a side has fewer than 2 that did: too few to tell the JVMs' spread; the count stays. */
        SIDE_UNSETTLED,
        /** Too little seen to choose: the count stays. */
        UNKNOWN
    }

    /**
     * The count chosen from the runs so far at {@code current} iterations a run; {@code runNs} what each run took
     * on the clock, in the order run (all sides together).
     */
    public static IterationPlan next(List<List<RunData>> columns, List<Long> runNs, int current) {
        List<Iterations.Side> sides = new ArrayList<>();
        for (List<RunData> c : columns) {
            Iterations.Side s = Iterations.side(c, "");
            if (s != null) {
                sides.add(s);
            }
        }
        int runs = sides.stream().mapToInt(Iterations.Side::runs).sum();
        int settled = sides.stream().mapToInt(Iterations.Side::steadyRuns).sum();
        if (runs == 0) {
            return new IterationPlan(current, Reason.UNKNOWN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double iterationMs = iterationMs(columns);
        double perRunMs = median(runNs) / 1e6;
        if (2 * settled < runs || sides.stream().anyMatch(s -> s.steadyRuns() < 2)) {
            int tooShort = sides.stream().mapToInt(s -> s.classes().getOrDefault(SteadyState.Kind.TOO_SHORT, 0)).sum();
            int warmup = sides.stream().mapToInt(Iterations.Side::warmup).max().orElse(-1);
            // too few iterations to class, or those that settled did so late: a longer run can be classed, or settle
            // late: told by two settled runs at least, not by the one that happened to settle
            Reason r = 2 * tooShort >= runs - settled ? Reason.TOO_SHORT : settled >= 2 && 2 * warmup > current ? Reason.LATE
                    : 2 * settled < runs ? Reason.UNSETTLED : Reason.SIDE_UNSETTLED;
            boolean longer = r == Reason.TOO_SHORT || r == Reason.LATE;
            return new IterationPlan(longer ? clamp(2L * current, current) : current, r, Double.NaN, Double.NaN, perRunMs,
                    iterationMs);
        }
        double within2 = 0;
        double means2 = 0;
        int df = 0;
        int steadyLength = 0;
        int warmup = 0;
        for (Iterations.Side s : sides) {
            within2 += s.withinPct() * s.withinPct() / sides.size();
            means2 += s.betweenPct() * s.betweenPct() * (s.steadyRuns() - 1);
            df += s.steadyRuns() - 1;
            steadyLength = Math.max(steadyLength, s.steadyLength());
            warmup = Math.max(warmup, Math.max(0, s.warmup()));
        }
        // c0: the run less its steady iterations (start, warm-up, exit, perfstat's reading of it)
        double runMs = Math.max(iterationMs, perRunMs - steadyLength * iterationMs);
        if (!(iterationMs > 0) || Double.isNaN(within2) || df == 0) {
            return new IterationPlan(current, Reason.UNKNOWN, Math.sqrt(within2), Double.NaN, runMs, iterationMs);
        }
        // σ²b from few runs is rough: its 80% upper bound (the means' variance over a chi-squared's 20th percentile), so
        // that a pilot whose few JVMs happen to agree does not send the runs to the most iterations
        double meansUpper = means2 / ChiSquaredDistribution.of(df).inverseCumulativeProbability(0.2);
        double between2 = Math.max(0, meansUpper - within2 / Math.max(1, steadyLength));
        long want = between2 <= 0 ? 4L * current
                : Math.round(warmup * 1.5 + Math.sqrt(runMs * within2 / (iterationMs * between2)));
        int n = clamp(want, current);
        return new IterationPlan(n, n > current ? Reason.ITERATIONS_CHEAPER : n < current ? Reason.RUNS_NEEDED : Reason.BALANCED,
                Math.sqrt(within2), Math.sqrt(between2), runMs, iterationMs);
    }

    /** How many of the runs with iterations settled (have a steady state), all sides together. */
    public static int settled(List<List<RunData>> columns) {
        int n = 0;
        for (List<RunData> c : columns) {
            Iterations.Side s = Iterations.side(c, "");
            n += s == null ? 0 : s.steadyRuns();
        }
        return n;
    }

    /** {@code want} within a pilot's reach of {@code current} (half to four-fold) and the bounds, to two figures. */
    static int clamp(long want, int current) {
        long n = Math.max(current / 2, Math.min(4L * current, want));
        n = Math.max(LEAST, Math.min(MOST, n));
        long scale = 1;
        while (n / scale >= 100) {
            scale *= 10;
        }
        return (int) Math.max(LEAST, Math.min(MOST, (n + scale / 2) / scale * scale));
    }

    /**
     * What a steady iteration costs on the clock, ms: the median over the runs of their steady segment's mean wall time
     * (the second half's where a run has none).
     */
    private static double iterationMs(List<List<RunData>> columns) {
        List<Long> ns = new ArrayList<>();
        for (List<RunData> c : columns) {
            for (RunData r : c) {
                RunData.ProgramScore p = r.programScore();
                if (p == null || !p.iterations() || p.values().isEmpty()) {
                    continue;
                }
                if (p.series() != null) { // the steady segment's mean, else the second half's
                    long[] wall = p.series().wallNs();
                    SteadyState.Segment st = Iterations.steadyState(p).steadySegment();
                    int from = st == null ? wall.length / 2 : st.from();
                    int to = st == null ? wall.length : st.to();
                    long sum = 0;
                    for (int i = from; i < to; i++) {
                        sum += wall[i];
                    }
                    ns.add(sum / Math.max(1, to - from));
                } else if (Measurements.elapsedMs(r) > 0) { // printed iterations: the window shared out among them
                    ns.add(Math.round(Measurements.elapsedMs(r) * 1e6 / p.values().size()));
                }
            }
        }
        return ns.isEmpty() ? Double.NaN : median(ns) / 1e6;
    }

    private static double median(List<Long> xs) {
        if (xs.isEmpty()) {
            return Double.NaN;
        }
        List<Long> s = new ArrayList<>(xs);
        s.sort(null);
        return s.get(s.size() / 2);
    }
}

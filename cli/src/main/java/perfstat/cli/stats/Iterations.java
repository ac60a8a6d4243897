package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import perfstat.cli.read.RunData;

/**
 * A side's runs of iterations ({@code --iteration-score}) as two levels of repetition (Kalibera and Jones, "Rigorous
 * Benchmarking in Reasonable Time", ISMM 2013): how its runs were classed ({@link SteadyState}), and in steady state how
 * much the iterations vary within a JVM against how much the JVMs' means vary between them, which says whether more
 * runs or more iterations a run would narrow the interval. The score row's samples are the runs' steady means, so its
 * interval holds where JVMs settle at different levels; this says why it is as wide as it is.
 */
public final class Iterations {
    private Iterations() {
    }

    /**
     * One side's iterations in short.
     *
     * @param column      the side
     * @param classes     how many runs of each class (none for JMH's forks, whose warm-up JMH decided)
     * @param runs        the runs with iterations
     * @param iterations  the median iterations a run
     * @param warmup      the median warm-up of the runs with a steady state (iterations), -1 where none has one
     * @param withinPct   the iterations' standard deviation within a run's steady segment, pooled, as % of the mean
     * @param betweenPct  the standard deviation of the runs' steady means, as % of their mean (NaN below two)
     * @param steadyLength the median length of the steady segments
     * @param steadyRuns  the runs with a steady state, whose means {@code betweenPct} is of
     */
    public record Side(String column, Map<SteadyState.Kind, Integer> classes, int runs, int iterations, int warmup,
                       double withinPct, double betweenPct, int steadyLength, int steadyRuns) {
        /** Whether these are a JMH run's forks, their measurement iterations as JMH took them (not classed here). */
        public boolean jmh() {
            return classes.isEmpty() && runs > 0;
        }

        public Side {
            classes = Map.copyOf(classes);
        }

        /**
         * Whether the JVMs' means differ more than their iterations' noise explains: then runs, not iterations, set the
         * interval. The means' variance over what the iterations alone give is a chi-squared over its degrees of
         * freedom where the JVMs do not differ; it is held to that distribution's 99th percentile, so that 1 side in 100
         * of JVMs alike is said to differ.
         */
        public boolean jvmsDiffer() {
            if (steadyRuns < 2 || Double.isNaN(betweenPct) || Double.isNaN(withinPct)) {
                return false;
            }
            double fromIterations = withinPct * withinPct / Math.max(1, steadyLength);
            int df = steadyRuns - 1;
            double limit = org.apache.commons.statistics.distribution.ChiSquaredDistribution.of(df)
                    .inverseSurvivalProbability(0.01) / df;
            return betweenPct * betweenPct > limit * fromIterations;
        }
    }

    /** A run's iterations classed, faster as lower: a throughput's series is turned over first. */
    static SteadyState steadyState(RunData.ProgramScore p) {
        double[] xs = p.values().stream().mapToDouble(Double::doubleValue).toArray();
        return SteadyState.of(p.higherIsBetter() ? java.util.Arrays.stream(xs).map(x -> -x).toArray() : xs);
    }

    /** Each side's iterations, where its runs have them (none where no run of the table does). */
    public static List<Note> notes(List<List<RunData>> columns, List<String> labels) {
        List<Note> out = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            Side s = side(columns.get(c), labels.get(c));
            s = s != null ? s : jmhSide(columns.get(c), labels.get(c));
            if (s != null) {
                out.add(new Note.IterationRuns(s));
            }
        }
        return out;
    }

    /** Whether a run is a JMH fork's, its measurement iterations the score's intervals ({@code -prof perfstat}). */
    static boolean jmhFork(RunData r) {
        return r.programScore() == null && r.workload() != null && JMH.equals(r.workload().model())
                && r.intervalScores().size() > 1;
    }

    /** The model name a JMH fork's recording reads as. */
    static final String JMH = "jmh";

    /**
     * A side of JMH forks as two levels, JMH's own warm-up left out: its measurement iterations within each fork against
     * the forks' means between them, which says whether more forks or more iterations a fork would narrow the interval.
     * The forks are not classed: JMH decided their warm-up. Null where no run is a fork with two iterations or more.
     */
    static Side jmhSide(List<RunData> runs, String column) {
        List<Spread> forks = runs.stream().filter(Iterations::jmhFork).map(r -> Spread.of(r.intervalScores(), false)).toList();
        if (forks.isEmpty()) {
            return null;
        }
        int iterations = median(forks.stream().map(Spread::n).toList());
        return twoLevels(column, Map.of(), forks.size(), iterations, -1, forks, iterations);
    }

    /**
     * A side from each settled run's steady segment ({@code segments}): the iterations' SD within a segment, pooled, and
     * the SD of the segments' means between runs, each as % of the mean.
     */
    private static Side twoLevels(String column, Map<SteadyState.Kind, Integer> classes, int runs, int iterations,
                                  int warmup, List<Spread> segments, int steadyLength) {
        double within = 0;
        int withinDf = 0;
        List<Double> means = new ArrayList<>();
        for (Spread seg : segments) {
            means.add(seg.mean());
            if (seg.n() > 1) {
                within += seg.sd() * seg.sd() / (seg.mean() * seg.mean()) * (seg.n() - 1);
                withinDf += seg.n() - 1;
            }
        }
        Spread between = Spread.of(means, false);
        return new Side(column, classes, runs, iterations, warmup, withinDf > 0 ? 100 * Math.sqrt(within / withinDf)
                : Double.NaN, means.size() > 1 ? 100 * between.sd() / between.mean() : Double.NaN, steadyLength, means.size());
    }

    /** A side's iterations in short, or null where none of its runs has iterations. */
    static Side side(List<RunData> runs, String column) {
        Map<SteadyState.Kind, Integer> classes = new EnumMap<>(SteadyState.Kind.class);
        List<Integer> lengths = new ArrayList<>();
        List<Integer> warmups = new ArrayList<>();
        List<Integer> steadyLengths = new ArrayList<>();
        List<Spread> segments = new ArrayList<>();
        for (RunData r : runs) {
            RunData.ProgramScore p = r.programScore();
            if (p == null || !p.iterations()) {
                continue;
            }
            SteadyState ss = steadyState(p);
            classes.merge(ss.kind(), 1, Integer::sum);
            lengths.add(p.values().size());
            SteadyState.Segment st = ss.steadySegment();
            if (st == null) {
                continue;
            }
            warmups.add(ss.warmupIterations());
            steadyLengths.add(st.length());
            segments.add(Spread.of(p.values().subList(st.from(), st.to()), false));
        }
        if (lengths.isEmpty()) {
            return null;
        }
        return twoLevels(column, classes, lengths.size(), median(lengths), warmups.isEmpty() ? -1 : median(warmups), segments,
                steadyLengths.isEmpty() ? 0 : median(steadyLengths));
    }

    private static int median(List<Integer> xs) {
        List<Integer> s = new ArrayList<>(xs);
        s.sort(null);
        return s.get(s.size() / 2);
    }
}

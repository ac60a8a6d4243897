package perfstat.cli.stats;

import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.apache.commons.statistics.inference.TTest;

/**
 * Whether one metric moved from side A to side B, as benchstat decides it: a p-value from
 * the Mann-Whitney U test (default) or Welch's t test, both from Apache Commons Statistics;
 * significant below α; "too few" when the samples cannot decide at α at all.
 *
 * @param test       "U" or "welch"
 * @param pValue     two-sided p-value (NaN when too few)
 * @param meanDelta  relative change of the means, as a fraction of A's mean
 * @param medianDelta relative change of the medians
 * @param ciLow      lower end of the confidence interval of the difference of means (Welch), as a fraction of A's mean
 * @param ciHigh     upper end of it
 * @param confidence the interval's level (0.95)
 * @param verdict    the decision
 * @param reason     for TOO_FEW: why, as a value (the render package words it); {@link Reason#NONE} otherwise
 */
public record Significance(String test, double pValue, double meanDelta, double medianDelta, double ciLow,
                           double ciHigh, double confidence, Verdict verdict, Reason reason, int nA, int nB,
                           Judgement judgement) {

    /** A test without an estimate of its own (hot methods' shares, flame graph frames). */
    public Significance(String test, double pValue, double meanDelta, double medianDelta, double ciLow,
                        double ciHigh, double confidence, Verdict verdict, Reason reason, int nA, int nB) {
        this(test, pValue, meanDelta, medianDelta, ciLow, ciHigh, confidence, verdict, reason, nA, nB, Judgement.NONE);
    }

    /**
     * How a table row's change was judged: its estimate, the family it was judged in and at what level, and its answer
     * against the threshold it was held to.
     *
     * @param estimate    the change B/A with its spread ({@link Estimate}); {@link Estimate#none} where there is none
     * @param family      which family of hypotheses the row belongs to
     * @param familyAlpha the error rate of its family (α, or in a sequential comparison the α spent at this look)
     * @param answer      against {@code limit}: beyond, within, the same, or undecided
     * @param limit       the threshold: a rule's signed limit, or the table's --min-effect (unsigned); NaN for none
     * @param rankP       the Mann-Whitney U test's p on the same runs, a robustness check (NaN where it was not run)
     */
    public record Judgement(Estimate estimate, Family family, double familyAlpha, Answer answer, double limit,
                            double rankP) {
        /** No judgement of a row's change: hot methods, flame graph frames. */
        public static final Judgement NONE = new Judgement(Estimate.none(0, 0), Family.EXPLORATORY, Double.NaN, Answer.NONE,
                Double.NaN, Double.NaN);
    }

    /**
     * The family a row is judged in. The primary measure and each gate rule's row are hypotheses named before the
     * runs, judged on their own; the rest of the table is exploratory, the false discovery rate controlled across it.
     */
    public enum Family {
        /** The comparison's primary measure (the score, else time elapsed, else task-clock), or a row that follows it run for run. */
        PRIMARY,
        /** A row a {@code --fail-on} rule names: judged with the other rules' rows (Bonferroni). */
        RULE,
        /** Every other row: Benjamini–Hochberg across them. */
        EXPLORATORY,
        /**
         * How busy the machine was ({@link MetricId.Kind#MACHINE}): each row judged alone at α, outside the exploratory
         * family (so that the machine's rows neither dilute nor pass for the program's changes), never in the summary.
         */
        CONTEXT
    }

    /** A change held against a threshold: three answers, not two. */
    public enum Answer {
        /** No threshold, or nothing to hold against it. */
        NONE,
        /** The interval lies beyond the limit, in its direction (a rule: worse). */
        BEYOND,
        /** The interval lies on the near side of a one-sided limit: shown not beyond it. */
        WITHIN,
        /** The interval lies inside ±limit: shown the same within it. */
        SAME,
        /** The interval crosses the limit: the runs cannot tell. */
        UNDECIDED
    }

    /** A test whose reason is given in words by its caller ("" for none), until it has a value of its own. */
    public Significance(String test, double pValue, double meanDelta, double medianDelta, double ciLow,
                        double ciHigh, double confidence, Verdict verdict, String reason, int nA, int nB) {
        this(test, pValue, meanDelta, medianDelta, ciLow, ciHigh, confidence, verdict,
                reason.isEmpty() ? Reason.NONE : new Reason.Worded(reason), nA, nB, Judgement.NONE);
    }

    /** The same test with another verdict, interval level and judgement. */
    Significance judged(Verdict v, double level, Judgement j) {
        double[] ci = j.estimate().exists() ? j.estimate().interval(level) : new double[] {ciLow, ciHigh};
        return new Significance(test, pValue, meanDelta, medianDelta, ci[0], ci[1], level, v, reason, nA, nB, j);
    }

    /** The same test, undecided for {@code why}: no p, no verdict. */
    Significance undecided(Reason why) {
        return new Significance(test, Double.NaN, meanDelta, medianDelta, ciLow, ciHigh, confidence, Verdict.TOO_FEW, why, nA,
                nB, judgement);
    }

    /** Why the samples cannot decide, as a value; the render package words it. */
    public sealed interface Reason {
        /** No reason: the test decided. */
        Reason NONE = new None();

        /** No reason: the test decided. */
        record None() implements Reason {
        }

        /** One sample a side. */
        record OneSampleASide() implements Reason {
        }

        /** The U test's smallest p with {@code nA}+{@code nB} samples is not below {@code alpha}. */
        record UTestCannotReach(int nA, int nB, double alpha) implements Reason {
        }

        /** A latency percentile's sample rests on {@code fewest} timed calls, fewer than {@code minimum}. */
        record TooFewTimedCalls(long fewest, long minimum) implements Reason {
        }

        /** The sides were recorded differently in what this row rests on ({@code what}: the event and setting). */
        record NotComparable(String what) implements Reason {
        }

        /** A reason its caller gives in words (hot methods, for now). */
        record Worded(String text) implements Reason {
        }
    }

    public enum Verdict {
        /** p below α: print the delta. */
        SIGNIFICANT,
        /** p at or above α: print ~. */
        NOT_SIGNIFICANT,
        /** The samples cannot decide: say so, no verdict. */
        TOO_FEW
    }

    public enum Test { U, WELCH }

    /**
     * The smallest two-sided p-value the exact U test can give for samples of these sizes
     * (all of one side above all of the other): 2 / C(nA + nB, nA). Below 4 a side at
     * α = 0.05 it is above α, so no difference can be detected: benchstat's "need >= 4 samples".
     */
    static double smallestUPValue(int nA, int nB) {
        double c = 1;
        for (int i = 1; i <= nA; i++) {
            c = c * (nB + i) / i;
        }
        return Math.min(1, 2 / c);
    }

    /**
     * A table row's change from one value a run on each side: the estimate B/A with its interval at {@code confidence}
     * (Welch's t on the logs, or on the values where one is 0 or below: {@link Estimate}), its p, the U test's p beside it
     * as a robustness check, and a verdict at α = 1 − confidence before any family is considered ({@link Families}).
     */
    public static Significance ofRuns(Spread a, Spread b, double confidence) {
        return ofRuns(a, b, confidence, 0);
    }

    /** As {@link #ofRuns(Spread, Spread, double)}, each value known to {@code resolution} ({@link Estimate#of(Spread, Spread, double)}). */
    public static Significance ofRuns(Spread a, Spread b, double confidence, double resolution) {
        // a run is the unit: one run's intervals are not independent samples, so they give no estimate
        Estimate e = a.fromIntervals() || b.fromIntervals() ? Estimate.none(1, 1) : Estimate.of(a, b, resolution);
        double meanA = a.mean();
        double meanDelta = meanA == 0 ? Double.NaN : (b.mean() - meanA) / Math.abs(meanA);
        double medianA = a.median();
        double medianDelta = medianA == 0 ? Double.NaN : (b.median() - medianA) / Math.abs(medianA);
        String name = e.method() == Estimate.Method.LOG_T ? "welch-log" : "welch";
        double rankP = a.n() < 2 || b.n() < 2 ? Double.NaN
                : MannWhitneyUTest.withDefaults().with(PValueMethod.AUTO).test(a.samples(), b.samples()).getPValue();
        double alpha = 1 - confidence;
        Judgement j = new Judgement(e, Family.EXPLORATORY, alpha, Answer.NONE, Double.NaN, rankP);
        if (e.method() == Estimate.Method.NONE) {
            return new Significance(name, Double.NaN, meanDelta, medianDelta, Double.NaN, Double.NaN, confidence,
                    Verdict.TOO_FEW, new Reason.OneSampleASide(), e.nA(), e.nB(), j);
        }
        double p = e.pValue();
        double[] ci = e.interval(confidence);
        return new Significance(name, p, meanDelta, medianDelta, ci[0], ci[1], confidence,
                p < alpha ? Verdict.SIGNIFICANT : Verdict.NOT_SIGNIFICANT, Reason.NONE, a.n(), b.n(), j);
    }

    /**
     * As {@link #ofRuns(Spread, Spread, double, double)}, by the rounds' ratios ({@link Estimate#paired}) where {@code
     * byRound} and the sides are whole rounds; else as that.
     */
    public static Significance ofRounds(Spread a, Spread b, double confidence, double resolution) {
        Estimate e = Estimate.paired(a, b);
        Significance unpaired = ofRuns(a, b, confidence, resolution);
        if (e == null || unpaired.judgement().estimate().method() == Estimate.Method.NONE) {
            return unpaired;
        }
        double rankP = unpaired.judgement().rankP();
        Judgement j = new Judgement(e, Family.EXPLORATORY, 1 - confidence, Answer.NONE, Double.NaN, rankP);
        double p = e.pValue();
        double[] ci = e.interval(confidence);
        return new Significance("paired-log", p, unpaired.meanDelta(), unpaired.medianDelta(), ci[0], ci[1], confidence,
                p < 1 - confidence ? Verdict.SIGNIFICANT : Verdict.NOT_SIGNIFICANT, Reason.NONE, a.n(), b.n(), j);
    }

    /**
     * As {@link #ofRuns(Spread, Spread, double, double)}, by Yuen's trimmed means ({@link Estimate#trimmed}): a steady
     * row, where whole JVMs settle apart; as that where a value is not positive.
     */
    public static Significance ofTrimmed(Spread a, Spread b, double confidence, double resolution) {
        Estimate e = Estimate.trimmed(a, b, resolution);
        Significance plain = ofRuns(a, b, confidence, resolution);
        if (e == null || e.method() == Estimate.Method.NONE || plain.judgement().estimate().method() == Estimate.Method.NONE) {
            return plain;
        }
        Judgement j = new Judgement(e, Family.EXPLORATORY, 1 - confidence, Answer.NONE, Double.NaN, plain.judgement().rankP());
        double p = e.pValue();
        double[] ci = e.interval(confidence);
        return new Significance("yuen-log", p, plain.meanDelta(), plain.medianDelta(), ci[0], ci[1], confidence,
                p < 1 - confidence ? Verdict.SIGNIFICANT : Verdict.NOT_SIGNIFICANT, Reason.NONE, a.n(), b.n(), j);
    }

    public static Significance of(Spread a, Spread b, Test test, double confidence) {
        double alpha = 1 - confidence;
        int nA = a.n();
        int nB = b.n();
        double meanA = a.mean();
        double meanDelta = meanA == 0 ? Double.NaN : (b.mean() - meanA) / Math.abs(meanA);
        double medianA = a.median();
        double medianDelta = medianA == 0 ? Double.NaN : (b.median() - medianA) / Math.abs(medianA);
        double[] ci = welchInterval(a, b, confidence);
        String name = test == Test.U ? "U" : "welch";
        if (nA < 2 || nB < 2) {
            return new Significance(name, Double.NaN, meanDelta, medianDelta, ci[0], ci[1], confidence,
                    Verdict.TOO_FEW, new Reason.OneSampleASide(), nA, nB);
        }
        double p;
        if (test == Test.U) {
            if (smallestUPValue(nA, nB) >= alpha) {
                return new Significance(name, Double.NaN, meanDelta, medianDelta, ci[0], ci[1], confidence, Verdict.TOO_FEW,
                        new Reason.UTestCannotReach(nA, nB, alpha), nA, nB);
            }
            p = MannWhitneyUTest.withDefaults().with(PValueMethod.AUTO).test(a.samples(), b.samples()).getPValue();
        } else {
            if (a.sd() == 0 && b.sd() == 0) {
                p = a.mean() == b.mean() ? 1 : 0;
            } else {
                p = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC).test(a.samples(), b.samples()).getPValue();
            }
        }
        return new Significance(name, p, meanDelta, medianDelta, ci[0], ci[1], confidence,
                p < alpha ? Verdict.SIGNIFICANT : Verdict.NOT_SIGNIFICANT, Reason.NONE, nA, nB);
    }

    /**
     * The confidence interval of mean(B) - mean(A) with Welch's degrees of freedom, relative to
     * A's mean; NaNs below two samples a side.
     */
    static double[] welchInterval(Spread a, Spread b, double confidence) {
        if (a.n() < 2 || b.n() < 2 || a.mean() == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double va = a.sd() * a.sd() / a.n();
        double vb = b.sd() * b.sd() / b.n();
        double diff = b.mean() - a.mean();
        double se = Math.sqrt(va + vb);
        if (se == 0) {
            return new double[] {diff / Math.abs(a.mean()), diff / Math.abs(a.mean())};
        }
        double df = (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        double t = TDistribution.of(df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        return new double[] {(diff - t * se) / Math.abs(a.mean()), (diff + t * se) / Math.abs(a.mean())};
    }
}

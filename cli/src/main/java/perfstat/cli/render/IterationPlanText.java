package perfstat.cli.render;

import java.util.Locale;
import perfstat.cli.stats.IterationPlan;

/** Why compare chose a look's iterations a run, in words: for its progress line and the table's note. */
public final class IterationPlanText {
    private IterationPlanText() {
    }

    /** {@code as the JVMs settle alike (an iteration varies +-46% within a run, the JVMs' own spread +-0.0%), …}. */
    public static String why(IterationPlan p) {
        String costs = Double.isNaN(p.iterationMs()) ? "" : String.format(Locale.ROOT, "; a run costs %,.0f ms on the clock"
                + " besides its steady iterations (its start, warm-up, exit, recording), a steady iteration %s ms", p.runMs(), new java.math.BigDecimal(p.iterationMs()).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString());
        String spread = Double.isNaN(p.withinPct()) ? "" : String.format(Locale.ROOT, " (an iteration varies +-%.1f%% within a"
                + " run, the JVMs' own spread at most +-%.1f%%%s)", p.withinPct(), p.betweenPct(), costs);
        // costs: what compare timed around each run (its JVM's start, warm-up, exit and recording), less its steady
        // iterations at their mean wall time
        return switch (p.reason()) {
            case ITERATIONS_CHEAPER -> "as longer runs narrow the interval for less time than more runs" + spread;
            case RUNS_NEEDED -> "as past that many iterations more runs narrow the interval for less time than longer ones"
                    + spread;
            case BALANCED -> "as it balances longer runs against more runs" + spread;
            case TOO_SHORT -> "as most runs were too short to class" + whole(p);
            case LATE -> "as the runs that settled did so after half their iterations or more" + whole(p);
            case UNSETTLED -> "as most runs switched between levels or never settled, which longer runs are not sure to mend"
                    + whole(p);
            case SIDE_UNSETTLED -> "as a side had fewer than 2 runs that settled, too few to tell how far its JVMs lie apart"
                    + whole(p);
            case UNKNOWN -> "the count before, as too little was seen to choose";
        };
    }

    /** {@code ; a run takes 2,567 ms, an iteration 2.85 ms}: where no steady state was there to take out of the run. */
    private static String whole(IterationPlan p) {
        return Double.isNaN(p.iterationMs()) ? "" : String.format(Locale.ROOT, "; a run takes %,.0f ms on the clock (its"
                + " JVM's start to its exit and recording), an iteration %s ms",
                p.runMs(), new java.math.BigDecimal(p.iterationMs()).round(new java.math.MathContext(3)).stripTrailingZeros()
                        .toPlainString());
    }
}

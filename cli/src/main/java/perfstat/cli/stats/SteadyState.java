package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * One run's series of iterations, classed by where it settles (after Barrett et al., "Virtual Machine Warmup Blows Hot
 * and Cold", OOPSLA 2017): its segments from {@link Changepoints}, adjacent ones of the same level merged, and a short
 * one between two of one level (fewer than {@link #BLIP} iterations: a burst of slow ones) merged with them, then
 * <ul>
 * <li>{@link Kind#TOO_SHORT}: too few iterations to tell;</li>
 * <li>{@link Kind#FLAT}: one level throughout;</li>
 * <li>{@link Kind#LEVELS}: the last segment is too short to be a steady state, and the run came back to a level it
 * left: it switches between two or more without settling;</li>
 * <li>{@link Kind#NO_STEADY_STATE}: the last segment is too short to be a steady state (the run changed near its end);</li>
 * <li>{@link Kind#WARMUP}: it settles at a level no slower than any before it (a run that left its level for a while
 * and came back to it for good, as a deoptimised and recompiled method makes one, has settled);</li>
 * <li>{@link Kind#SLOWDOWN}: it settles at a level slower than one before it.</li>
 * </ul>
 * The steady segment is the last one, where the class has one (flat, warm-up, slowdown); warm-up is what comes before it.
 *
 * @param kind     the class
 * @param segments the merged segments, in order
 */
public record SteadyState(Kind kind, List<Segment> segments) {
    /** The fewest iterations a run is classed on. */
    public static final int FEWEST = 4 * Changepoints.MIN_SEGMENT;

    /** The least share of the run the last segment holds to be its steady state (Barrett et al.: the last 500 of 2000). */
    public static final double STEADY_SHARE = 0.25;

    /** Two segments' means within this fraction of each other (or within their noise) are one level. */
    public static final double SAME_LEVEL = 0.03;

    public enum Kind {
        TOO_SHORT, FLAT, WARMUP, SLOWDOWN, LEVELS, NO_STEADY_STATE;

        /** Whether a run of this class has a steady state: its last segment. */
        public boolean steady() {
            return this == FLAT || this == WARMUP || this == SLOWDOWN;
        }
    }

    /**
     * Iterations {@code from} (inclusive) to {@code to} (exclusive): their mean (what the segment costs, slow iterations
     * included) and their median (its level, which one slow iteration does not move: levels are compared by it).
     */
    public record Segment(int from, int to, double mean, double median) {
        public int length() {
            return to - from;
        }
    }

    public SteadyState {
        segments = List.copyOf(segments);
    }

    /** Whether the run has a steady state: the last segment. */
    public boolean steady() {
        return kind.steady();
    }

    /** The steady segment, or null where the run has none. */
    public Segment steadySegment() {
        return steady() ? segments.get(segments.size() - 1) : null;
    }

    /** The iterations before the steady state (0 for a flat run; -1 where there is none). */
    public int warmupIterations() {
        return steady() ? steadySegment().from() : -1;
    }

    /** The class of {@code xs}, one run's iterations in the order they ran (a time or a cost each: lower is faster). */
    public static SteadyState of(double[] xs) {
        if (xs.length < FEWEST) {
            return new SteadyState(Kind.TOO_SHORT, xs.length == 0 ? List.of() : List.of(segment(xs, 0, xs.length)));
        }
        List<Integer> cuts = Changepoints.of(xs);
        double sigma = Math.sqrt(Changepoints.noiseVariance(xs));
        List<Segment> merged = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= cuts.size(); i++) {
            int to = i < cuts.size() ? cuts.get(i) : xs.length;
            Segment s = segment(xs, from, to);
            if (!merged.isEmpty() && sameLevel(merged.get(merged.size() - 1), s, sigma)) {
                Segment prev = merged.remove(merged.size() - 1);
                s = segment(xs, prev.from(), to);
            }
            merged.add(s);
            from = to;
        }
        merged = withoutBlips(xs, merged, sigma);
        return new SteadyState(classify(merged, xs.length, sigma), merged);
    }

    /** The fewest iterations a level holds: shorter segments between two of one level (a burst of GCs) are theirs. */
    public static final int BLIP = 2 * Changepoints.MIN_SEGMENT;

    /**
     * The segments with each burst merged into the level around it: one or more short segments (each under
     * {@link #BLIP} or a twentieth of the run, whichever is more, together under twice that) between two segments of
     * one level.
     */
    private static List<Segment> withoutBlips(double[] xs, List<Segment> segments, double sigma) {
        List<Segment> out = new ArrayList<>(segments);
        int blip = Math.max(BLIP, xs.length / 20);
        boolean merged = true;
        while (merged) {
            merged = false;
            for (int i = 0; i < out.size() && !merged; i++) {
                int burst = 0;
                for (int j = i + 1; j < out.size() && out.get(j).length() < blip && burst + out.get(j).length() < 2 * blip; j++) {
                    burst += out.get(j).length();
                    if (j + 1 < out.size() && sameLevel(out.get(i), out.get(j + 1), sigma)) {
                        Segment whole = segment(xs, out.get(i).from(), out.get(j + 1).to());
                        out.subList(i, j + 2).clear();
                        out.add(i, whole);
                        merged = true; // the merged segment may close another burst: look again
                        break;
                    }
                }
            }
        }
        return out;
    }

    private static Kind classify(List<Segment> segments, int n, double sigma) {
        if (segments.size() == 1) {
            return Kind.FLAT;
        }
        Segment last = segments.get(segments.size() - 1);
        if (last.length() < STEADY_SHARE * n) { // it has not settled: switching, or changed near its end
            for (int i = 0; i < segments.size(); i++) {
                for (int j = i + 2; j < segments.size(); j++) {
                    if (sameLevel(segments.get(i), segments.get(j), sigma)) {
                        return Kind.LEVELS; // it left a level and came back to it
                    }
                }
            }
            return Kind.NO_STEADY_STATE;
        }
        for (int i = 0; i < segments.size() - 1; i++) {
            if (segments.get(i).median() < last.median() && !sameLevel(segments.get(i), last, sigma)) {
                return Kind.SLOWDOWN;
            }
        }
        return Kind.WARMUP;
    }

    /**
     * Whether two segments sit at one level: medians within {@link #SAME_LEVEL} of each other, or within their noise
     * (a median's standard error is about 1.25 times a mean's).
     */
    static boolean sameLevel(Segment a, Segment b, double sigma) {
        double gap = Math.abs(a.median() - b.median());
        double noise = 3 * 1.25 * sigma * Math.sqrt(1.0 / a.length() + 1.0 / b.length());
        return gap <= SAME_LEVEL * Math.max(Math.abs(a.median()), Math.abs(b.median())) || gap <= noise;
    }

    private static Segment segment(double[] xs, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += xs[i];
        }
        double[] sorted = java.util.Arrays.copyOfRange(xs, from, to);
        java.util.Arrays.sort(sorted);
        int k = sorted.length;
        return new Segment(from, to, sum / k, k % 2 == 1 ? sorted[k / 2] : (sorted[k / 2 - 1] + sorted[k / 2]) / 2);
    }
}

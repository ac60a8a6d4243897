package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import perfstat.cli.read.RunData;

/**
 * A differential flame graph of two configurations' method samples: every frame (a method at
 * a place in the call tree) that either side has, laid out root first. A frame's width is the
 * mean of its two shares of its side's samples, so that a frame only in the base stays visible
 * and the children of a frame never outgrow it; its colour is the change in share; its verdict
 * is a two-proportion test of its samples on the two sides (each side's recordings pooled, as
 * the hot-method rows are), the p-values of all frames shown adjusted together by
 * Benjamini–Hochberg ({@link FalseDiscovery#adjust}), as a table's rows are.
 *
 * @param base       the base configuration's label
 * @param other      the other configuration's label
 * @param samples    each side's samples (base first)
 * @param frames     the frames, parents before their children, each at least {@link #MIN_WIDTH} wide
 * @param confidence the confidence level the verdicts were given at (alpha is 1 - confidence)
 */
public record FlameGraph(String base, String other, List<Long> samples, List<Frame> frames, double confidence) {
    /** Frames narrower than this (of the graph's width) are left out, with everything above them. */
    public static final double MIN_WIDTH = 0.002;

    /**
     * One frame.
     *
     * @param depth      0 for a root frame (a thread's first method)
     * @param x          where it starts, 0 to 1
     * @param width      its width, 0 to 1
     * @param method     {@code pkg.Class::method}, or {@code [perfstat probes]}
     * @param baseShare  its share of the base's samples (0.25 = 25%)
     * @param otherShare its share of the other side's samples
     * @param test       the two-proportion test of the change, its p-value as measured
     * @param adjustedP  the p-value adjusted over all frames (NaN where the test could not be made)
     * @param verdict    SIGNIFICANT where {@code adjustedP} is below alpha, NOT_SIGNIFICANT, or TOO_FEW
     */
    public record Frame(int depth, double x, double width, String method, double baseShare, double otherShare,
                        Significance test, double adjustedP, Significance.Verdict verdict) {
        /** The change in share, in percentage points. */
        public double deltaPp() {
            return 100 * (otherShare - baseShare);
        }
    }

    /** A call-tree node while the graph is built: samples through it on each side, its children by method. */
    private static final class Node {
        final long[] counts = new long[2];
        final Map<String, Node> children = new TreeMap<>();
    }

    /**
     * The graph of {@code other} against {@code base} (each a configuration's recordings), or
     * null where either side has no samples.
     */
    public static FlameGraph of(String baseLabel, List<RunData> base, String otherLabel, List<RunData> other,
                                double confidence) {
        Node root = new Node();
        List<Long> n = List.of(add(root, base, 0), add(root, other, 1));
        if (n.get(0) == 0 || n.get(1) == 0) {
            return null;
        }
        List<Laid> laid = new ArrayList<>();
        layout(root, 0, 0, n, laid);
        double[] p = new double[laid.size()];
        List<Significance> tests = new ArrayList<>();
        for (int i = 0; i < laid.size(); i++) {
            Node node = laid.get(i).node();
            Significance t = HotMethods.twoProportions(node.counts[0], n.get(0), node.counts[1], n.get(1), confidence);
            tests.add(t);
            p[i] = t.pValue();
        }
        double[] adjusted = FalseDiscovery.adjust(p);
        List<Frame> frames = new ArrayList<>();
        for (int i = 0; i < laid.size(); i++) {
            Laid l = laid.get(i);
            Node node = l.node();
            Significance t = tests.get(i);
            Significance.Verdict v = t.verdict() == Significance.Verdict.TOO_FEW ? Significance.Verdict.TOO_FEW
                    : adjusted[i] < 1 - confidence ? Significance.Verdict.SIGNIFICANT : Significance.Verdict.NOT_SIGNIFICANT;
            frames.add(new Frame(l.depth(), l.x(), l.width(), l.method(),
                    (double) node.counts[0] / n.get(0), (double) node.counts[1] / n.get(1), t, adjusted[i], v));
        }
        return new FlameGraph(baseLabel, otherLabel, n, frames, confidence);
    }

    /** Adds a side's folded stacks to the tree; its samples. */
    private static long add(Node root, List<RunData> side, int s) {
        long total = 0;
        for (RunData r : side) {
            for (Map.Entry<String, Long> e : r.jdk().hot().folded().entrySet()) {
                Node node = root;
                for (String frame : e.getKey().split(";")) {
                    node = node.children.computeIfAbsent(frame, k -> new Node());
                    node.counts[s] += e.getValue();
                }
                total += e.getValue();
            }
        }
        return total;
    }

    /** A node as laid out. */
    private record Laid(String method, Node node, int depth, double x, double width) {
    }

    /** Lays out {@code node}'s children from {@code x}, parents first. */
    private static void layout(Node node, int depth, double x, List<Long> n, List<Laid> out) {
        double at = x;
        for (Map.Entry<String, Node> c : node.children.entrySet()) {
            Node child = c.getValue();
            double w = ((double) child.counts[0] / n.get(0) + (double) child.counts[1] / n.get(1)) / 2;
            if (w >= MIN_WIDTH) {
                out.add(new Laid(c.getKey(), child, depth, at, w));
                layout(child, depth + 1, at, n, out);
            }
            at += w;
        }
    }

    /**
     * What a table keeps of the samples' stacks: each configuration's folded stacks (for
     * {@code --format collapsed}) and the graph of each later configuration against the first.
     */
    public record Stacks(List<String> labels, List<Map<String, Long>> folded, List<FlameGraph> graphs) {
        public static final Stacks NONE = new Stacks(List.of(), List.of(), List.of());

        public static Stacks of(List<List<RunData>> columns, List<String> labels, double confidence) {
            return new Stacks(List.copyOf(labels), columns.stream().map(FlameGraph::folded).toList(),
                    FlameGraph.of(columns, labels, confidence));
        }
    }

    /** The graph of each configuration after the first against the first; none where a side has no samples. */
    public static List<FlameGraph> of(List<List<RunData>> columns, List<String> labels, double confidence) {
        List<FlameGraph> out = new ArrayList<>();
        for (int c = 1; c < columns.size(); c++) {
            FlameGraph g = of(labels.get(0), columns.get(0), labels.get(c), columns.get(c), confidence);
            if (g != null) {
                out.add(g);
            }
        }
        return out;
    }

    /** A configuration's folded stacks, its recordings summed, as flame-graph tools read them. */
    public static Map<String, Long> folded(List<RunData> column) {
        Map<String, Long> sum = new HashMap<>();
        for (RunData r : column) {
            r.jdk().hot().folded().forEach((k, v) -> sum.merge(k, v, Long::sum));
        }
        return new TreeMap<>(sum);
    }
}

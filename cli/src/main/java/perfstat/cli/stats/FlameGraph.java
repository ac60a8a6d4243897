package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import perfstat.cli.read.RunData;

/**
 * A differential flame graph of two configurations' method samples: every frame (a method at
 * a place in the call tree) that either side has, laid out root first. A frame's width is the
 * mean of its two shares of its side's samples, so that a frame only in the base stays visible
 * and the children of a frame never outgrow it; its colour is the change in share; its verdict
 * is judged over the recordings of a side, as the hot-method rows are
 * ({@link HotMethods#acrossRecordings}): each recording's share of the frame is one sample of a
 * U test, since one JVM's samples are not independent of each other (a pooled test over all
 * samples calls the run-to-run variation of one command significant). The p-values of all
 * frames judged are adjusted together by Benjamini–Hochberg ({@link FalseDiscovery#adjust}),
 * as a table's rows are. With fewer than two recordings with samples a side, no frame has a verdict.
 *
 * @param base       the base configuration's label
 * @param other      the other configuration's label
 * @param samples    each side's samples (base first), those inside the counters' window
 * @param outside    each side's samples outside that window, left out (the JVM's and the agent's start, JFR's exit)
 * @param frames     the frames, parents before their children, each at least {@link #MIN_WIDTH} wide
 * @param confidence the confidence level the verdicts were given at (alpha is 1 - confidence)
 */
public record FlameGraph(String base, String other, List<Long> samples, List<Long> outside, List<Frame> frames,
                         double confidence) {
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
     * @param test       the U test of the change over the recordings' shares, its p-value as measured
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

    /**
     * A call-tree node while the graph is built: samples through it on each side, and in each of
     * a side's recordings; its children by method.
     */
    private static final class Node {
        final long[] counts = new long[2];
        final long[][] perRecording;
        final Map<String, Node> children = new TreeMap<>();

        Node(int baseRecordings, int otherRecordings) {
            perRecording = new long[][] {new long[baseRecordings], new long[otherRecordings]};
        }

        Node child(String method) {
            return children.computeIfAbsent(method, k -> new Node(perRecording[0].length, perRecording[1].length));
        }
    }

    /**
     * The graph of {@code other} against {@code base} (each a configuration's recordings), or
     * null where either side has no samples.
     */
    public static FlameGraph of(String baseLabel, List<RunData> base, String otherLabel, List<RunData> other,
                                double confidence) {
        Node root = new Node(base.size(), other.size());
        long[][] recordingSamples = {add(root, base, 0), add(root, other, 1)};
        List<Long> n = List.of(LongStream.of(recordingSamples[0]).sum(), LongStream.of(recordingSamples[1]).sum());
        if (n.get(0) == 0 || n.get(1) == 0) {
            return null;
        }
        List<Laid> laid = new ArrayList<>();
        layout(root, 0, 0, n, laid);
        double[] p = new double[laid.size()];
        List<Significance> tests = new ArrayList<>();
        for (int i = 0; i < laid.size(); i++) {
            Node node = laid.get(i).node();
            Significance t = acrossRecordings(node, recordingSamples, confidence);
            tests.add(t);
            p[i] = t.verdict() == Significance.Verdict.TOO_FEW ? Double.NaN : t.pValue();
        }
        double[] adjusted = FalseDiscovery.adjust(p);
        List<Frame> frames = new ArrayList<>();
        for (int i = 0; i < laid.size(); i++) {
            Laid l = laid.get(i);
            Node node = l.node();
            Significance t = tests.get(i);
            // a frame not judged (too few recordings, or the same share in every one) keeps its test's verdict
            Significance.Verdict v = Double.isNaN(adjusted[i]) ? t.verdict()
                    : adjusted[i] < 1 - confidence ? Significance.Verdict.SIGNIFICANT : Significance.Verdict.NOT_SIGNIFICANT;
            frames.add(new Frame(l.depth(), l.x(), l.width(), l.method(),
                    (double) node.counts[0] / n.get(0), (double) node.counts[1] / n.get(1), t, adjusted[i], v));
        }
        List<Long> outside = List.of(base.stream().mapToLong(r -> r.jdk().hot().outsideWindow()).sum(),
                other.stream().mapToLong(r -> r.jdk().hot().outsideWindow()).sum());
        return new FlameGraph(baseLabel, otherLabel, n, outside, frames, confidence);
    }

    /**
     * Whether a frame's share moved, judged over the recordings of each side that have samples
     * (each recording's share of the frame one sample of the U test); too few where a side has
     * fewer than two such recordings.
     */
    static Significance acrossRecordings(Node node, long[][] recordingSamples, double confidence) {
        double[] a = shares(node.perRecording[0], recordingSamples[0]);
        double[] b = shares(node.perRecording[1], recordingSamples[1]);
        if (a.length < 2 || b.length < 2) {
            return new Significance("U", Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, confidence,
                    Significance.Verdict.TOO_FEW, "one recording a side", a.length, b.length);
        }
        return Significance.of(new Spread(a, false), new Spread(b, false), Significance.Test.U, confidence);
    }

    /** Each recording's share of a frame, recordings without samples left out. */
    private static double[] shares(long[] counts, long[] samples) {
        return IntStream.range(0, counts.length).filter(r -> samples[r] > 0)
                .mapToDouble(r -> (double) counts[r] / samples[r]).toArray();
    }

    /** Adds a side's folded stacks to the tree; each of its recordings' samples. */
    private static long[] add(Node root, List<RunData> side, int s) {
        long[] samples = new long[side.size()];
        for (int r = 0; r < side.size(); r++) {
            for (Map.Entry<String, Long> e : side.get(r).jdk().hot().folded().entrySet()) {
                Node node = root;
                for (String frame : e.getKey().split(";")) {
                    node = node.child(frame);
                    node.counts[s] += e.getValue();
                    node.perRecording[s][r] += e.getValue();
                }
                samples[r] += e.getValue();
            }
        }
        return samples;
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

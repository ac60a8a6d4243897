package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.commons.statistics.distribution.NormalDistribution;
import perfstat.cli.read.RunData;

/**
 * Hot methods side by side, as {@code perf diff} compares perf's samples: per method its share
 * of the execution samples in each configuration (self: as the top frame; total: anywhere on
 * the stack), the change from the first in percentage points (pooled samples), and a U test of
 * that change over the recordings' own shares, controlled across the section's rows.
 */
public final class HotMethods {
    /** The row that stands for perfstat's own frames (its agent and the libraries it carries). */
    public static final String PERFSTAT_PROBES = RunData.HotMethods.PERFSTAT_PROBES;

    /** Below this many samples a side in a method's cells the normal approximation is not trusted. */
    static final int MIN_EXPECTED = 5;

    /**
     * One method's row.
     *
     * @param shares   its share of each configuration's samples (0.25 = 25%)
     * @param deltasPp the change from the first configuration in percentage points (NaN for the first)
     * @param tests    the test of each change (null for the first)
     */
    public record Row(String method, List<Double> shares, List<Double> deltasPp, List<Significance> tests) {
    }

    /**
     * One section: {@code self}, {@code total} or {@code native} (native method samples, self).
     *
     * @param samples each configuration's sample count
     */
    public record Section(String kind, List<Long> samples, List<Row> rows) {
    }

    private HotMethods() {
    }

    /** The top {@code top} methods of each kind, ranked by their largest share in any configuration; empty for {@code top} 0. */
    public static List<Section> of(List<List<RunData>> columns, int top, double confidence) {
        List<Section> out = new ArrayList<>();
        if (top <= 0) {
            return out;
        }
        add(out, "self", columns, RunData.HotMethods::samples, RunData.HotMethods::self, top, confidence);
        add(out, "total", columns, RunData.HotMethods::samples, RunData.HotMethods::total, top, confidence);
        add(out, "native", columns, RunData.HotMethods::nativeSamples, RunData.HotMethods::nativeSelf, top, confidence);
        return out;
    }

    private static void add(List<Section> out, String kind, List<List<RunData>> columns,
                            Function<RunData.HotMethods, Long> samplesOf, Function<RunData.HotMethods, Map<String, Long>> countsOf,
                            int top, double confidence) {
        List<Long> n = new ArrayList<>();
        List<Map<String, Long>> counts = new ArrayList<>();
        for (List<RunData> column : columns) {
            long samples = 0;
            Map<String, Long> c = new HashMap<>();
            for (RunData r : column) {
                samples += samplesOf.apply(r.jdk().hot());
                countsOf.apply(r.jdk().hot()).forEach((m, k) -> c.merge(m, k, Long::sum));
            }
            n.add(samples);
            counts.add(c);
        }
        if (n.stream().allMatch(x -> x == 0)) {
            return;
        }
        Set<String> methods = new HashSet<>();
        counts.forEach(c -> methods.addAll(c.keySet()));
        // ranked by the larger share of the sides that have samples: a side without any neither hides rows nor invents them
        Function<String, Double> maxShare = m -> {
            double best = 0;
            for (int i = 0; i < counts.size(); i++) {
                if (n.get(i) > 0) {
                    best = Math.max(best, share(counts.get(i).getOrDefault(m, 0L), n.get(i)));
                }
            }
            return best;
        };
        List<Row> rows = new ArrayList<>();
        for (String m : methods.stream().sorted(Comparator.comparing(maxShare).reversed().thenComparing(x -> x)).limit(top).toList()) {
            List<Double> shares = new ArrayList<>();
            List<Double> deltas = new ArrayList<>();
            List<Significance> tests = new ArrayList<>();
            long k0 = counts.get(0).getOrDefault(m, 0L);
            for (int i = 0; i < columns.size(); i++) {
                long k = counts.get(i).getOrDefault(m, 0L);
                shares.add(share(k, n.get(i)));
                deltas.add(i == 0 ? Double.NaN : 100 * (share(k, n.get(i)) - share(k0, n.get(0))));
                tests.add(i == 0 ? null : acrossRecordings(columns.get(0), columns.get(i), m, samplesOf, countsOf, confidence));
            }
            rows.add(new Row(m, shares, deltas, tests));
        }
        out.add(new Section(kind, n, controlled(rows, columns.size(), confidence)));
    }

    /**
     * Whether a method's share moved, judged over the recordings of each side (each recording's
     * share one sample, the U test as for any row), not over pooled samples: one JVM's samples
     * are not independent of each other (the JIT compiles, inlines and lays out code once per
     * JVM), so a pooled test calls a ±20-point swing between two runs of one command
     * significant. With fewer than two recordings a side with samples there is no verdict.
     */
    static Significance acrossRecordings(List<RunData> a, List<RunData> b, String method,
                                         Function<RunData.HotMethods, Long> samplesOf,
                                         Function<RunData.HotMethods, Map<String, Long>> countsOf, double confidence) {
        double[] sa = perRecording(a, method, samplesOf, countsOf);
        double[] sb = perRecording(b, method, samplesOf, countsOf);
        if (sa.length < 2 || sb.length < 2) {
            return new Significance("U", Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, confidence,
                    Significance.Verdict.TOO_FEW, "one recording a side", sa.length, sb.length);
        }
        return Significance.of(new Spread(sa, false), new Spread(sb, false), Significance.Test.U, confidence);
    }

    private static double[] perRecording(List<RunData> side, String method, Function<RunData.HotMethods, Long> samplesOf,
                                         Function<RunData.HotMethods, Map<String, Long>> countsOf) {
        return side.stream().filter(r -> samplesOf.apply(r.jdk().hot()) > 0)
                .mapToDouble(r -> share(countsOf.apply(r.jdk().hot()).getOrDefault(method, 0L), samplesOf.apply(r.jdk().hot())))
                .toArray();
    }

    /** The section's verdicts with the false discovery rate controlled across its rows, per column (as the table's). */
    private static List<Row> controlled(List<Row> rows, int columns, double confidence) {
        List<List<Significance>> tests = new ArrayList<>();
        rows.forEach(r -> tests.add(new ArrayList<>(r.tests())));
        for (int c = 1; c < columns; c++) {
            double[] p = new double[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                Significance s = rows.get(i).tests().get(c);
                p[i] = s == null || s.verdict() == Significance.Verdict.TOO_FEW ? Double.NaN : s.pValue();
            }
            double[] q = FalseDiscovery.adjust(p);
            for (int i = 0; i < rows.size(); i++) {
                Significance s = rows.get(i).tests().get(c);
                if (!Double.isNaN(q[i])) {
                    tests.get(i).set(c, new Significance(s.test(), s.pValue(), s.meanDelta(), s.medianDelta(), s.ciLow(),
                            s.ciHigh(), s.confidence(), q[i] < 1 - confidence ? Significance.Verdict.SIGNIFICANT
                            : Significance.Verdict.NOT_SIGNIFICANT, s.reason(), s.nA(), s.nB()));
                }
            }
        }
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            out.add(new Row(r.method(), r.shares(), r.deltasPp(), java.util.Collections.unmodifiableList(tests.get(i))));
        }
        return out;
    }

    /**
     * What the hot methods rest on: which kind of sample each side's recordings hold, each
     * side that has none while another has, and the samples of each side left out as outside the
     * counters' window; empty where no side has samples.
     */
    public static List<Note> notes(List<List<RunData>> columns, List<String> labels) {
        List<Note> notes = new ArrayList<>();
        java.util.Set<String> kinds = new java.util.TreeSet<>();
        List<Integer> without = new ArrayList<>();
        List<Note> outside = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            long samples = 0;
            long left = 0;
            long biased = 0;
            boolean late = columns.get(c).stream().anyMatch(r -> r.lateWindow() != null && r.lateWindow().opened());
            for (RunData r : columns.get(c)) {
                samples += r.jdk().hot().samples();
                left += r.jdk().hot().outsideWindow();
                biased += r.jdk().hot().biased();
                if (!r.jdk().hot().sampleEvent().isEmpty()) {
                    kinds.add(r.jdk().hot().sampleEvent());
                }
            }
            if (samples == 0) {
                without.add(c);
            }
            if (left > 0) {
                outside.add(new Note.SamplesOutsideWindow(labels.get(c), left, samples, late));
            }
            if (biased > 0 && biased * 20 >= samples) { // a few biased samples are usual: a twentieth is not
                outside.add(new Note.SafepointBiased(labels.get(c), biased, samples));
            }
        }
        if (kinds.isEmpty()) {
            return notes;
        }
        notes.add(new Note.SampleKind(List.copyOf(kinds)));
        without.forEach(c -> notes.add(new Note.NoSamples(labels.get(c))));
        notes.addAll(outside);
        return notes;
    }

    private static double share(long k, long n) {
        return n == 0 ? Double.NaN : (double) k / n;
    }

    /**
     * The two-sided two-proportion z-test (pooled variance) of k1/n1 against k2/n2; too few
     * where either side's expected counts fall below {@value #MIN_EXPECTED}.
     */
    static Significance twoProportions(long k1, long n1, long k2, long n2, double confidence) {
        double p1 = share(k1, n1);
        double p2 = share(k2, n2);
        double delta = p2 - p1;
        double pooled = (double) (k1 + k2) / (n1 + n2);
        boolean tooFew = n1 == 0 || n2 == 0 || Math.min(pooled, 1 - pooled) * Math.min(n1, n2) < MIN_EXPECTED;
        if (tooFew) {
            return new Significance("two-proportion z", Double.NaN, delta, delta, Double.NaN, Double.NaN, confidence,
                    Significance.Verdict.TOO_FEW, "fewer than " + MIN_EXPECTED + " expected samples", (int) n1, (int) n2);
        }
        double se = Math.sqrt(pooled * (1 - pooled) * (1.0 / n1 + 1.0 / n2));
        double z = se == 0 ? 0 : delta / se;
        double p = 2 * NormalDistribution.of(0, 1).survivalProbability(Math.abs(z));
        // the interval of the difference, unpooled
        double seDiff = Math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2);
        double zc = NormalDistribution.of(0, 1).inverseSurvivalProbability((1 - confidence) / 2);
        return new Significance("two-proportion z", p, delta, delta, delta - zc * seDiff, delta + zc * seDiff, confidence,
                p < 1 - confidence ? Significance.Verdict.SIGNIFICANT : Significance.Verdict.NOT_SIGNIFICANT, "", (int) n1, (int) n2);
    }
}

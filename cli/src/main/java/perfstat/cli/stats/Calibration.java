package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import perfstat.cli.read.RunData;

/**
 * How perfstat's verdicts behave on real runs of one configuration: drawn into two sides, they should show no change (an
 * A/A comparison); with one side's primary measure scaled by a known amount, they should find it. Rows are judged by the
 * same code a comparison uses ({@link Significance#ofRuns}, {@link Families#judge}), on each run's row values
 * ({@link Measurements}); only the printed means of latency percentiles (merged histograms there) are not rebuilt, and
 * no verdict rests on them.
 */
public final class Calibration {
    private Calibration() {
    }

    /**
     * The runs' row values: per run, each metric's value where measured.
     *
     * @param metrics every metric measured in every run, in table order
     * @param values  per run, per metric, its value
     */
    public record Runs(List<Metric> metrics, List<Map<MetricId, Double>> values) {
        public Runs {
            metrics = List.copyOf(metrics);
            values = List.copyOf(values);
        }

        /** Reads the rows of recordings of one configuration. */
        public static Runs of(List<RunData> runs) {
            Map<MetricId, Metric> metrics = new LinkedHashMap<>();
            List<Map<MetricId, Double>> values = new ArrayList<>();
            for (RunData run : runs) {
                Map<MetricId, Double> v = new LinkedHashMap<>();
                Measurements.of(run).forEach((id, m) -> {
                    if (m.value().measured() && Double.isFinite(m.value().value())) {
                        v.put(id, m.value().value());
                        metrics.putIfAbsent(id, m.metric());
                    }
                });
                values.add(v);
            }
            // and a steady row (iterations), of the runs that settled as a table takes it, where at least 2 did
            List<Metric> everywhere = metrics.values().stream()
                    .filter(m -> values.stream().allMatch(v -> v.containsKey(m.id())) || m.kind() == MetricId.Kind.SCORE
                            && values.stream().filter(v -> v.containsKey(m.id())).count() >= 2).toList();
            return new Runs(everywhere, values);
        }

        public int size() {
            return values.size();
        }

        /** The same runs without their score rows: the whole run (time elapsed) the primary, as without a score. */
        public Runs wholeRun() {
            return new Runs(metrics.stream().filter(m -> m.kind() != MetricId.Kind.SCORE).toList(), values);
        }

        /** The primary measure: the score, else time elapsed, else task-clock. */
        public Metric primary() {
            for (java.util.function.Predicate<Metric> p : List.<java.util.function.Predicate<Metric>>of(
                    m -> RowCatalogue.isScore(m), m -> m.kind() == MetricId.Kind.TIME, m -> m.key().equals(perfstat.format.PerfEvent.TASK_CLOCK.text()))) {
                for (Metric m : metrics) {
                    if (p.test(m)) {
                        return m;
                    }
                }
            }
            throw new IllegalArgumentException("the recordings have no score, time elapsed or task-clock");
        }
    }

    /**
     * The rows of runs {@code a} against runs {@code b}, judged as a comparison judges them, with B's {@code scaled} metric
     * multiplied by {@code factor} (1: as recorded).
     */
    public static List<Row> judge(Runs runs, int[] a, int[] b, Metric scaled, double factor, Families.Setting s) {
        List<Row> rows = new ArrayList<>();
        for (Metric m : runs.metrics()) {
            double k = m.equals(scaled) ? factor : 1;
            Spread sa = spread(runs, a, m, 1);
            Spread sb = spread(runs, b, m, k);
            if (sa == null || sb == null) {
                continue; // a steady row that fewer than 2 of a side's runs have: not judged, as in a table
            }
            Value va = new Value(sa.mean(), Value.Status.MEASURED, sa.stderrPct(), sa.n());
            Value vb = new Value(sb.mean(), Value.Status.MEASURED, sb.stderrPct(), sb.n());
            Significance t = RowCatalogue.isSteady(m) ? Significance.ofTrimmed(sa, sb, 1 - s.alpha(), m.resolution())
                    : Significance.ofRuns(sa, sb, 1 - s.alpha(), m.resolution()); // as a table judges it
            double d = t.judgement().estimate().exists() ? t.judgement().estimate().change() : Comparison.delta(va, vb);
            rows.add(new Row(m, List.of(va, vb), List.of(Double.NaN, d), List.of(Comment.NONE, Comment.NONE), List.of(sa, sb),
                    java.util.Arrays.asList(null, t)));
        }
        return Families.judge(rows, 2, s);
    }

    /** The runs' values of {@code m}, those that have it (a steady row's settled runs); null below two where some lack it. */
    private static Spread spread(Runs runs, int[] which, Metric m, double factor) {
        double[] xs = new double[which.length];
        int n = 0;
        for (int w : which) {
            Double x = runs.values().get(w).get(m.id());
            if (x != null) {
                xs[n++] = x * factor;
            }
        }
        return n < which.length && n < 2 ? null : new Spread(java.util.Arrays.copyOf(xs, n), false);
    }

    /**
     * A/A: {@code tables} random splits of the runs into two sides of {@code k}. The program's rows (the primary, the
     * gate's and the exploratory family) and the machine's context rows are counted apart, as a table judges them apart:
     * how many tables show a change in the program's rows with the families ({@code withFamilies}), how many would with
     * each of those rows at its own raw p ({@code withoutFamilies}), and how many show a change in a context row
     * ({@code context}: each such row on its own at α, so with several of them more than α of A/A tables show one; a
     * change there says the runs' conditions differed, which in an A/A draw they do by chance).
     */
    public record AaResult(int k, int tables, int withFamilies, int withoutFamilies, int context) {
    }

    public static AaResult aa(Runs runs, int k, int tables, Random rnd, double alpha) {
        if (2 * k > runs.size()) {
            throw new IllegalArgumentException("an A/A split of " + k + " a side needs " + 2 * k + " runs, not " + runs.size());
        }
        Families.Setting s = new Families.Setting(alpha, Double.NaN, List.of(), Double.NaN);
        int with = 0;
        int without = 0;
        int context = 0;
        for (int t = 0; t < tables; t++) {
            List<Integer> order = shuffled(runs.size(), rnd);
            List<Row> rows = judge(runs, take(order, 0, k), take(order, k, k), null, 1, s);
            with += rows.stream().anyMatch(r -> !context(r) && changed(r)) ? 1 : 0;
            without += rows.stream().anyMatch(r -> !context(r) && r.tests().get(1) != null
                    && r.tests().get(1).pValue() < alpha) ? 1 : 0;
            context += rows.stream().anyMatch(r -> context(r) && changed(r)) ? 1 : 0;
        }
        return new AaResult(k, tables, with, without, context);
    }

    /** A machine row: the conditions the runs met, not what the program did. */
    private static boolean context(Row r) {
        return r.metric().kind() == MetricId.Kind.MACHINE;
    }

    /**
     * Power: how often {@code k} runs a side, B's primary measure scaled by 1 + {@code change}, show the change in its
     * direction ({@code found} of {@code trials}).
     */
    public record Power(int k, double change, int trials, int found) {
    }

    public static Power power(Runs runs, int k, double change, int trials, Random rnd, double alpha) {
        Families.Setting s = new Families.Setting(alpha, Double.NaN, List.of(), Double.NaN);
        Metric p = runs.primary();
        int found = 0;
        for (int t = 0; t < trials; t++) {
            List<Integer> order = shuffled(runs.size(), rnd);
            int[] a = take(order, 0, Math.min(k, runs.size() / 2));
            int[] b = take(order, a.length, a.length);
            Row r = judge(runs, a, b, p, 1 + change, s).stream().filter(x -> x.metric().equals(p)).findFirst().orElse(null);
            // a draw whose side has fewer than 2 settled runs (a steady primary) is not judged on it: not found
            found += r != null && changed(r) && Math.signum(r.deltas().get(1)) == Math.signum(change) ? 1 : 0;
        }
        return new Power(Math.min(k, runs.size() / 2), change, trials, found);
    }

    /**
     * Runs until decided, on runs drawn with replacement from the recordings (so that 20 a side can be drawn from fewer):
     * how often the primary measure is falsely shown changed at some look (A/A), and how often a rule on it whose limit
     * equals the true change ({@code limit}: B scaled by 1 + limit) is falsely answered beyond it; with the mean runs a
     * side at the stop.
     */
    public record Looks(int trials, int falselyChanged, int falselyBeyond, double meanRuns) {
    }

    public static Looks sequential(Runs runs, double limit, int trials, Random rnd, double alpha) {
        Sequential plan = Sequential.upTo(Sequential.DEFAULT_MAX_RUNS, alpha);
        Metric p = runs.primary();
        Gate.Rule rule = new Gate.Rule(p.key(), limit);
        int changed = 0;
        int beyond = 0;
        long used = 0;
        for (int t = 0; t < trials; t++) {
            int[] a = drawn(runs.size(), plan.maxRuns(), rnd);
            int[] b = drawn(runs.size(), plan.maxRuns(), rnd);
            int stopA = stop(runs, a, b, p, 1, List.of(), plan);
            changed += stopA < 0 ? 1 : 0;
            used += Math.abs(stopA);
            beyond += stop(runs, a, b, p, 1 + limit, List.of(rule), plan) < 0 ? 1 : 0;
        }
        return new Looks(trials, changed, beyond, (double) used / trials);
    }

    /**
     * Runs the looks of {@code plan} over the first n of {@code a} and {@code b}: minus the runs a side where the primary
     * (no rules) was shown changed or the rule was answered beyond (an error here), plus those where it stopped otherwise.
     */
    private static int stop(Runs runs, int[] a, int[] b, Metric p, double factor, List<Gate.Rule> rules, Sequential plan) {
        for (int k = 0; k < plan.runs().size(); k++) {
            int n = plan.runs().get(k);
            double alpha = plan.alphas().get(k);
            Families.Setting s = new Families.Setting(0.05, alpha, rules, Comparison.Options.DEFAULT_MIN_EFFECT);
            List<Row> rows = judge(runs, java.util.Arrays.copyOf(a, n), java.util.Arrays.copyOf(b, n), p, factor, s);
            Table t = new Table(Title.of("calibration"), List.of("a", "b"), List.of(List.of(), List.of()), rows, List.of(), List.of());
            if (rules.isEmpty()) {
                Row r = Families.primary(rows, 1);
                if (r != null && changed(r)) {
                    return -n;
                }
            } else if (!Gate.violations(t, rules, Double.NaN, alpha).isEmpty()) {
                return -n;
            }
            if (Sequential.undecided(t, rules, alpha).isEmpty()) {
                return n;
            }
        }
        return plan.maxRuns();
    }

    private static boolean changed(Row r) {
        Significance s = r.tests().get(1);
        return s != null && s.verdict() == Significance.Verdict.SIGNIFICANT;
    }

    private static List<Integer> shuffled(int n, Random rnd) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        Collections.shuffle(order, rnd);
        return order;
    }

    private static int[] take(List<Integer> order, int from, int k) {
        return order.subList(from, from + k).stream().mapToInt(Integer::intValue).toArray();
    }

    private static int[] drawn(int n, int k, Random rnd) {
        int[] out = new int[k];
        for (int i = 0; i < k; i++) {
            out[i] = rnd.nextInt(n);
        }
        return out;
    }
}

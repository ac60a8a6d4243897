package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import perfstat.cli.read.RunData;

/**
 * Lines recordings up metric by metric: per column (one configuration, one or more
 * recordings) each metric's samples, their mean and spread, and for every column after the
 * first its relative change and whether that change is real ({@link Significance}). With
 * one recording it is that recording's report.
 *
 * <p>Samples: with several recordings a column, one per recording; with one, the workload
 * score's interval values (JMH's iterations: they hide run-to-run variation, and a note
 * says so) and a single value for every other metric, which gets no verdict. Latency
 * percentiles of several recordings come from their merged histograms; their verdicts from
 * the per-recording values.
 */
public final class Comparison {
    /**
     * How deltas are judged.
     *
     * @param confidence   the intervals' level; α = 1 − confidence is the false discovery rate of the exploratory rows and
     *                     the error of the primary measure and of the gate's rules
     * @param hot          how many hot methods of each kind to compare (0: none)
     * @param rules        the gate's {@code --fail-on} rules: their rows are judged as a family of their own
     * @param minEffect    the smallest change that matters (0.05: ±5%), against which each row is beyond, the same or
     *                     undecided; NaN for none
     * @param lookAlpha    the rules' α at this look of a sequential comparison (the primary's is its share of it,
     *                     {@link Families#PRIMARY_SHARE}); NaN: 1 − confidence
     * @param per          what the rows per unit of work divide by ({@link PerUnit#MODEL_DEFAULT}: a model's natural unit)
     */
    public record Options(double confidence, int hot, List<Gate.Rule> rules, double minEffect, double lookAlpha,
                          PerUnit per, boolean byRound) {
        public static final int DEFAULT_HOT = 10;
        /** The default smallest change that matters: docs/statistics.md says why 5%. */
        public static final double DEFAULT_MIN_EFFECT = 0.05;
        public static final Options DEFAULT = new Options(0.95, DEFAULT_HOT);

        public Options {
            rules = List.copyOf(rules);
            per = per == null ? PerUnit.MODEL_DEFAULT : per;
        }

        public Options(double confidence, int hot, List<Gate.Rule> rules, double minEffect, double lookAlpha, PerUnit per) {
            this(confidence, hot, rules, minEffect, lookAlpha, per, false);
        }

        public Options(double confidence, int hot, List<Gate.Rule> rules, double minEffect, double lookAlpha) {
            this(confidence, hot, rules, minEffect, lookAlpha, PerUnit.MODEL_DEFAULT);
        }

        /**
         * The same options, the sides' runs interleaved in rounds (run i of each side in round i, as {@code compare}
         * runs them): a row whose rounds drift together is judged by the rounds' ratios ({@link RoundDrift}).
         */
        public Options inRounds() {
            return new Options(confidence, hot, rules, minEffect, lookAlpha, per, true);
        }

        public Options(double confidence, int hot) {
            this(confidence, hot, List.of(), DEFAULT_MIN_EFFECT, Double.NaN);
        }

        /** The same options at a look's α for the rules (and its share for the primary measure). */
        public Options atLook(double alpha) {
            return new Options(confidence, hot, rules, minEffect, alpha, per, byRound);
        }

        /** The same options, the rows per unit dividing by {@code p}. */
        public Options withPer(PerUnit p) {
            return new Options(confidence, hot, rules, minEffect, lookAlpha, p, byRound);
        }

        Families.Setting setting() {
            return new Families.Setting(1 - confidence, lookAlpha, rules, minEffect);
        }
    }


    /**
     * Calls a latency percentile must have beyond it, on its thin side, for one more or one fewer
     * slow call not to move it: 10 (docs/statistics.md).
     */
    static final int CALLS_BEYOND = 10;

    /**
     * The fewest timed calls on which every sample of a latency percentile must rest for its row
     * to be judged: {@link #CALLS_BEYOND} calls beyond the percentile, so 20 for the median and
     * 1000 for p99; the max is held to p99's (one call decides it at any count, and below that it
     * is the interpreter's first call).
     */
    public static long minimumTimedCalls(MetricId.Statistic s) {
        return switch (s) {
            case P50 -> 2 * CALLS_BEYOND;
            case P99, MAX -> 100 * CALLS_BEYOND;
            default -> 0;
        };
    }

    private Comparison() {
    }

    /** One recording per column. */
    public static Table of(List<RunData> runs) {
        return ofColumns(runs.stream().map(List::of).toList(), Options.DEFAULT);
    }

    public static Table ofColumns(List<List<RunData>> columns) {
        return ofColumns(columns, Options.DEFAULT);
    }

    public static Table ofColumns(List<List<RunData>> columns, Options options) {
        return ofColumns(columns, columns.stream().map(c -> c.get(0).label()).toList(), options);
    }

    /** Several recordings per column (repeated runs of one configuration), the first column the baseline. */
    public static Table ofColumns(List<List<RunData>> columns, List<String> labels, Options options) {
        List<List<Map<MetricId, Measurements.Measured>>> measured = new ArrayList<>();
        List<Map<MetricId, Measurements.Measured>> merged = new ArrayList<>();
        Map<MetricId, Metric> metrics = new LinkedHashMap<>();
        java.util.Set<MetricId> measuredLabel = new java.util.HashSet<>();
        // where a run opened two forms of an event (page-faults, page-faults:u), each form is a row of its own in all
        java.util.Set<String> apart = Measurements.apart(columns.stream().flatMap(List::stream).toList());
        for (List<RunData> column : columns) {
            List<Map<MetricId, Measurements.Measured>> runs = new ArrayList<>();
            for (RunData run : column) {
                Map<MetricId, Measurements.Measured> m = options.per().addTo(Measurements.of(run, apart), run);
                runs.add(m);
                m.forEach((k, v) -> {
                    // a row's label and digits as a run that measured it gives them (a run without a --per unit names it
                    // only as written)
                    if (!metrics.containsKey(k) || v.value().measured() && !measuredLabel.contains(k)) {
                        metrics.put(k, v.metric());
                    }
                    if (v.value().measured()) {
                        measuredLabel.add(k);
                    }
                });
            }
            measured.add(runs);
            merged.add(column.size() > 1 ? Measurements.of(withMergedProbes(column), apart) : Map.of());
        }
        List<Row> rows = rows(metrics, columns, measured, merged, options);
        Comparability.Result comparable = Comparability.of(columns, labels, rows); // what each side was, before any verdict
        rows = Families.judge(Comparability.withoutVerdicts(rows, comparable.notJudged()), columns.size(), options.setting());
        List<Note> notes = new ArrayList<>(comparable.notes());
        for (int c = 0; c < columns.size(); c++) {
            // a column's runs share their sources; the timer's cost, measured at each start, is given as their range
            notes.addAll(timerRange(Measurements.notes(columns.get(c).get(0), labels.get(c)), columns.get(c)));
        }
        notes.addAll(options.per().notes(columns, labels));
        notes.addAll(sampleNotes(columns, rows, options, labels));
        if (options.hot() > 0) { // --hot 0: no hot-methods section, so nothing to say of its samples
            notes.addAll(HotMethods.notes(columns, labels));
        }
        notes = withoutPartialRows(notes, rows, measured, labels);
        notes.addAll(missingOnASide(rows, measured, labels, namedNotCounted(notes, labels)));
        notes.addAll(groupNotes(rows, labels, options, measured));
        if (columns.size() > 1) { // a report says it in its max row's comment
            notes.addAll(timedCallNotes(rows, labels));
            notes.addAll(pooledPercentiles(rows, labels));
        }
        notes.addAll(SparseTiming.notes(columns));
        notes.addAll(ConditionNotes.of(columns, labels));
        notes.addAll(spreadNotes(rows, columns, measured, labels, options));
        notes.addAll(leftOutOrDerived(rows, columns, labels));
        if (columns.size() == 1 && columns.get(0).size() == 1) {
            notes.addAll(Measurements.blockedSites(columns.get(0).get(0)));
        }
        List<HotMethods.Section> hot = HotMethods.of(columns, options.hot(), options.confidence());
        return new Table(title(columns), labels,
                columns.stream().map(c -> c.stream().map(RunData::file).toList()).toList(), rows,
                summary(labels, rows, hot), List.copyOf(new LinkedHashSet<>(notes)), curves(columns), hot, subject(columns),
                FlameGraph.Stacks.of(columns, labels, options.confidence()));
    }

    /**
     * Why the runs differ: each side's iterations, its changes of level, where the primary's spread comes from, and (runs
     * in rounds) the rounds that drifted.
     */
    private static List<Note> spreadNotes(List<Row> rows, List<List<RunData>> columns,
                                          List<List<Map<MetricId, Measurements.Measured>>> measured, List<String> labels,
                                          Options options) {
        List<Note> notes = new ArrayList<>(Iterations.notes(columns, labels));
        notes.addAll(Switches.notes(columns, labels));
        notes.addAll(SpreadSources.notes(rows, columns, measured, labels));
        if (options.byRound()) {
            notes.addAll(RoundDrift.notes(rows, labels, measured));
        }
        return notes;
    }

    /** A row for each metric some run measured, time elapsed last, leaving out probes no run called. */
    private static List<Row> rows(Map<MetricId, Metric> metrics, List<List<RunData>> columns,
                                  List<List<Map<MetricId, Measurements.Measured>>> measured,
                                  List<Map<MetricId, Measurements.Measured>> merged, Options options) {
        List<Row> rows = new ArrayList<>();
        List<Map<MetricId, Measurements.Measured>> everyRun = measured.stream().flatMap(List::stream).toList();
        for (Metric metric : timeLast(metrics.values())) {
            if (!Measurements.calledNowhere(metric, everyRun)) {
                rows.add(row(metric, columns, measured, merged, options));
            }
        }
        return rows;
    }

    /** One metric across the columns: each column's value and samples, and each later column's delta and test. */
    private static Row row(Metric metric, List<List<RunData>> columns, List<List<Map<MetricId, Measurements.Measured>>> measured,
                           List<Map<MetricId, Measurements.Measured>> merged, Options options) {
        List<Value> values = new ArrayList<>();
        List<Comment> comments = new ArrayList<>();
        List<Spread> spreads = new ArrayList<>();
        List<List<Long>> timed = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            timed.add(timedCalls(metric, measured.get(c)));
            Spread spread = samples(metric, columns.get(c), measured.get(c));
            Measurements.Measured combined = combine(metric, measured.get(c), spread, merged.get(c));
            values.add(combined.value());
            comments.add(combined.comment());
            spreads.add(spread);
        }
        if (values.stream().anyMatch(Value::measured)) {
            for (int c = 0; c < values.size(); c++) {
                if (values.get(c).status() == Value.Status.ABSENT) {
                    values.set(c, Value.notCounted()); // measured elsewhere: not counted here, never "-"
                }
            }
        }
        List<Double> deltas = new ArrayList<>();
        List<Significance> tests = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            deltas.add(c == 0 ? Double.NaN : delta(values.get(0), values.get(c)));
            Spread a = spreads.get(0);
            Spread b = spreads.get(c);
            RoundDrift.Aligned al = c == 0 || !options.byRound() ? null : RoundDrift.aligned(metric, measured.get(0),
                    measured.get(c)); // a steady row: the rounds whose two runs settled
            Significance s = c == 0 || a == null || b == null || !values.get(0).measured() || !values.get(c).measured()
                    ? null : al != null && RoundDrift.drifts(al.a(), al.b())
                    ? Significance.ofRounds(al.a(), al.b(), options.confidence(), metric.resolution())
                    : RowCatalogue.isSteady(metric) ? Significance.ofTrimmed(a, b, options.confidence(), metric.resolution())
                    : Significance.ofRuns(a, b, options.confidence(), metric.resolution());
            if (s != null && s.judgement().estimate().exists() && a.n() > 1 && b.n() > 1) {
                deltas.set(c, s.judgement().estimate().change()); // the ratio its interval is of
            }
            tests.add(s == null ? null : tooFewTimedCalls(s, metric, timed.get(0), timed.get(c)));
        }
        return new Row(metric, values, deltas, comments, spreads, tests,
                java.util.Collections.nCopies(columns.size(), Double.NaN), timed);
    }

    /** A percentile's timed calls per recording of a column; null for other metrics and where none has any. */
    private static List<Long> timedCalls(Metric metric, List<Map<MetricId, Measurements.Measured>> runs) {
        if (!metric.id().statistic().isPercentile()) {
            return null;
        }
        List<Long> out = new ArrayList<>();
        for (Map<MetricId, Measurements.Measured> run : runs) {
            Measurements.Measured x = run.get(metric.id());
            out.add(x == null ? 0 : Math.max(0, x.timedCalls()));
        }
        return runs.stream().anyMatch(r -> r.containsKey(metric.id())) ? out : null; // null: no recording of the column has it
    }

    /** The test, or where a sample of either side rests on too few timed calls, no verdict ({@code ?}) and no p. */
    static Significance tooFewTimedCalls(Significance s, Metric metric, List<Long> a, List<Long> b) {
        long need = minimumTimedCalls(metric.id().statistic());
        if (a == null || b == null || need == 0) {
            return s;
        }
        long fewest = Math.min(a.stream().mapToLong(Long::longValue).min().orElse(0),
                b.stream().mapToLong(Long::longValue).min().orElse(0));
        if (fewest >= need) {
            return s;
        }
        return s.undecided(new Significance.Reason.TooFewTimedCalls(fewest, need));
    }

    /** The rows whose runs on a side fall into two groups, with the runs that would decide them. */
    private static List<Note> groupNotes(List<Row> rows, List<String> labels, Options o,
                                         List<List<Map<MetricId, Measurements.Measured>>> measured) {
        List<Note> notes = new ArrayList<>();
        for (Row r : rows) {
            for (int c = 0; c < labels.size(); c++) {
                Spread sp = r.spreads().get(c);
                int low = sp == null ? 0 : sp.groups();
                if (low == 0) {
                    continue;
                }
                int other = c == 0 ? 1 : 0;
                // a machine row is the conditions, judged as context: more runs deciding it is no advice
                long more = r.metric().kind() != MetricId.Kind.MACHINE && other < labels.size() && r.spreads().get(other) != null
                        ? moreRuns(r.spreads().get(0), r.spreads().get(c == 0 ? other : c), o.confidence()) : -1;
                notes.add(new Note.RunsInGroups(r.metric().label().trim(), labels.get(c), low, sp.n() - low, more,
                        GroupsApart.of(r, rows, measured.get(c), low)));
            }
        }
        return notes;
    }

    /**
     * More runs a side for a two-sided test at 1 - confidence to detect the change of the means seen with 80% power, at
     * the spread seen (the normal approximation, n = 2 (z(1-α/2) + z(0.8))² σ² / Δ², for the t test that judges rows);
     * -1 where no change was seen.
     */
    static long moreRuns(Spread a, Spread b, double confidence) {
        double d = b.mean() - a.mean();
        double var = (a.sd() * a.sd() + b.sd() * b.sd()) / 2;
        if (d == 0 || !Double.isFinite(var) || !Double.isFinite(d)) {
            return -1;
        }
        var z = org.apache.commons.statistics.distribution.NormalDistribution.of(0, 1);
        double k = z.inverseSurvivalProbability((1 - confidence) / 2) + z.inverseSurvivalProbability(0.2);
        double n = Math.ceil(2 * k * k * var / (d * d));
        return Math.max(0, (long) n - Math.max(a.n(), b.n()));
    }

    /**
     * Per column, the rows it has no value of where another column has one, and the rows only some of its recordings
     * have: one note of each at most, a row in one of them only.
     */
    private static List<Note> missingOnASide(List<Row> rows, List<List<Map<MetricId, Measurements.Measured>>> measured,
                                             List<String> labels, List<java.util.Set<String>> named) {
        List<Note> notes = new ArrayList<>();
        for (int c = 0; c < labels.size() && labels.size() > 1; c++) {
            List<String> missing = new ArrayList<>();
            List<Note.MissingIn> partial = new ArrayList<>();
            for (Row r : rows) {
                int lacking = lacking(measured.get(c), r.metric().id());
                if (lacking > 0 && lacking < measured.get(c).size()) {
                    // a steady row of the runs that settled has its value: the side's iterations note counts the rest
                    if (!partOfPartialProbe(r, measured.get(c)) && !r.values().get(c).measured()
                            && !unsettledOnly(measured.get(c), r.metric().id())) {
                        partial.add(new Note.MissingIn(r.metric().id().statistic() == MetricId.Statistic.P50
                                ? percentilesName(r) : rowName(r), lacking));
                    }
                    continue;
                }
                Value v = r.values().get(c);
                boolean probe = r.metric().kind() == MetricId.Kind.PROBE;
                if (!v.measured() && v.status() != Value.Status.NOT_SUPPORTED && v.status() != Value.Status.NOT_PROBED
                        && measuredAnywhere(measured, r.metric().id())
                        && !named.get(c).contains(r.metric().label().trim())
                        && (!probe || r.metric().id().statistic() == MetricId.Statistic.CALLS)) {
                    missing.add(rowName(r));
                }
            }
            if (!missing.isEmpty()) {
                notes.add(new Note.NotCountedOnOneSide(labels.get(c), missing));
            }
            if (!partial.isEmpty()) {
                notes.add(new Note.NotCountedInSomeRecordings(labels.get(c), measured.get(c).size(), partial));
            }
        }
        return notes;
    }

    /** Per column, the rows a note of its recordings already says are not counted, and why (the JDK's totals, GCs). */
    private static List<java.util.Set<String>> namedNotCounted(List<Note> notes, List<String> labels) {
        List<java.util.Set<String>> named = new ArrayList<>();
        for (String label : labels) {
            java.util.Set<String> rows = new java.util.HashSet<>();
            for (Note n : notes) {
                if (n instanceof Note.JdkRowsNotCounted j && j.column().equals(label)) {
                    j.rows().forEach(x -> rows.add(x.label()));
                } else if (n instanceof Note.NoGcEvents g && g.column().equals(label)) {
                    rows.addAll(List.of("GCs", "GC pauses (msecs)"));
                }
            }
            named.add(rows);
        }
        return named;
    }

    /** Whether any recording of any column has a value of the metric. */
    private static boolean measuredAnywhere(List<List<Map<MetricId, Measurements.Measured>>> measured, MetricId id) {
        return measured.stream().flatMap(List::stream).map(run -> run.get(id)).anyMatch(x -> x != null && x.value().measured());
    }

    /** A row's label in a note; a probe's calls row names its four rows (calls, p50, p99, max). */
    private static String rowName(Row r) {
        String label = r.metric().label().trim();
        return r.metric().kind() == MetricId.Kind.PROBE && r.metric().id().statistic() == MetricId.Statistic.CALLS
                ? label.substring(0, label.length() - " calls".length()) + " (calls, p50, p99, max)" : label;
    }

    /** How many of a column's recordings have no value of a metric; 0 for a single recording. */
    private static int lacking(List<Map<MetricId, Measurements.Measured>> runs, MetricId id) {
        int n = 0;
        for (Map<MetricId, Measurements.Measured> run : runs) {
            Measurements.Measured x = run.get(id);
            n += x == null || !x.value().measured() ? 1 : 0;
        }
        return runs.size() > 1 ? n : 0;
    }

    /**
     * A probe's percentile row where its calls row is itself missing in the same recordings (named by the calls row),
     * or a p99 or max row missing with its p50 (a probe without timed calls there: named by the p50 row).
     */
    private static boolean partOfPartialProbe(Row r, List<Map<MetricId, Measurements.Measured>> runs) {
        MetricId id = r.metric().id();
        if (id.kind() != MetricId.Kind.PROBE || id.statistic() == MetricId.Statistic.CALLS) {
            return false;
        }
        MetricId calls = new MetricId(id.kind(), id.subject(), MetricId.Statistic.CALLS, "count");
        MetricId p50 = new MetricId(id.kind(), id.subject(), MetricId.Statistic.P50, id.unit());
        int missing = lacking(runs, id);
        return lacking(runs, calls) == missing || id.statistic() != MetricId.Statistic.P50 && lacking(runs, p50) == missing;
    }

    /** A probe's p50 row as a note names it with its p99 and max: {@code Vfs::write (p50, p99, max)}. */
    private static String percentilesName(Row r) {
        String label = r.metric().label().trim();
        return label.endsWith(" p50 (ns)") ? label.substring(0, label.length() - " p50 (ns)".length()) + " (p50, p99, max)" : label;
    }

    /**
     * A column's notes of its first recording, less the rows only some of its recordings have (the note of those says
     * so): the JDK totals not counted, and the GC rows' absence.
     */
    private static List<Note> withoutPartialRows(List<Note> notes, List<Row> rows,
                                                 List<List<Map<MetricId, Measurements.Measured>>> measured, List<String> labels) {
        List<Note> out = new ArrayList<>();
        for (Note n : notes) {
            int c = n instanceof Note.JdkRowsNotCounted j ? labels.indexOf(j.column())
                    : n instanceof Note.NoGcEvents g ? labels.indexOf(g.column()) : -1;
            if (c < 0) {
                out.add(n);
                continue;
            }
            java.util.Set<String> partial = new java.util.HashSet<>();
            for (Row r : rows) {
                int lacking = lacking(measured.get(c), r.metric().id());
                if (lacking > 0 && lacking < measured.get(c).size()) {
                    partial.add(r.metric().label().trim());
                }
            }
            if (n instanceof Note.JdkRowsNotCounted j) {
                List<Note.JdkRow> left = j.rows().stream().filter(x -> !partial.contains(x.label())).toList();
                if (!left.isEmpty()) {
                    out.add(new Note.JdkRowsNotCounted(j.column(), left));
                }
            } else if (!partial.contains("GCs")) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * Percentile rows whose columns (each the percentile of all its recordings' timed calls together) change by a ratio
     * outside the interval of the change, which compares the recordings' own percentiles: the recordings differ among
     * themselves more than the pooled values show.
     */
    private static List<Note> pooledPercentiles(List<Row> rows, List<String> labels) {
        List<Note> notes = new ArrayList<>();
        for (Row r : rows) {
            if (!r.metric().id().statistic().isPercentile() || !(r.comments().get(0) instanceof Comment.MergedHistograms)) {
                continue;
            }
            for (int c = 1; c < labels.size(); c++) {
                Significance s = r.tests().get(c);
                Value a = r.values().get(0);
                Value b = r.values().get(c);
                if (s == null || !s.judgement().estimate().exists() || !a.measured() || !b.measured() || a.value() <= 0) {
                    continue;
                }
                double pooled = b.value() / a.value() - 1;
                if (pooled < s.ciLow() || pooled > s.ciHigh()) {
                    notes.add(new Note.PooledPercentile(r.metric().label().trim(), labels.get(c), pooled, r.deltas().get(c),
                            s.ciLow(), s.ciHigh()));
                }
            }
        }
        return notes;
    }

    /** Per probe, the timed calls its percentiles rest on in each column, with the minimum to judge them. */
    private static List<Note> timedCallNotes(List<Row> rows, List<String> labels) {
        List<Note> notes = new ArrayList<>();
        for (Row r : rows) {
            if (r.metric().id().statistic() != MetricId.Statistic.P50 || r.timedCalls().stream().allMatch(java.util.Objects::isNull)) {
                continue;
            }
            String name = r.metric().label().substring(0, r.metric().label().length() - " p50 (ns)".length());
            List<List<Long>> per = r.timedCalls().stream().map(t -> t == null ? List.<Long>of() : List.copyOf(t)).toList();
            notes.add(new Note.TimedCalls(name, labels, per, minimumTimedCalls(MetricId.Statistic.P50),
                    minimumTimedCalls(MetricId.Statistic.P99)));
        }
        boolean few = rows.stream().anyMatch(r -> java.util.stream.IntStream.range(1, labels.size()).anyMatch(c ->
                r.fewestTimedCalls(c) >= 0 && r.fewestTimedCalls(c) < minimumTimedCalls(r.metric().id().statistic())));
        if (few) { // the rule, where it left a row undecided
            notes.add(new Note.TimedCallsMinimum(minimumTimedCalls(MetricId.Statistic.P50), minimumTimedCalls(MetricId.Statistic.P99)));
        }
        return notes;
    }

    private static String subject(List<List<RunData>> columns) {
        RunData first = columns.get(0).get(0);
        return first.workload() == null ? first.label() : first.workload().workload();
    }

    /** Each probe's merged latency distribution per column. */
    private static List<PercentileCurve> curves(List<List<RunData>> columns) {
        java.util.SortedSet<String> names = new java.util.TreeSet<>();
        List<RunData> merged = new ArrayList<>();
        for (List<RunData> c : columns) {
            RunData m = withMergedProbes(c);
            merged.add(m);
            m.probes().values().stream().filter(p -> p.latencyNs().getTotalCount() > 0).forEach(p -> names.add(p.name()));
        }
        Map<String, String> captions = MethodNames.shortNames(names);
        List<PercentileCurve> out = new ArrayList<>();
        for (String name : names) {
            List<double[][]> pts = new ArrayList<>();
            for (RunData m : merged) {
                RunData.Probe p = m.probes().get(name);
                pts.add(PercentileCurve.of(p == null ? null : p.latencyNs()));
            }
            out.add(new PercentileCurve(captions.get(name), pts));
        }
        return out;
    }

    /** A column's samples of one metric: one per recording, or one recording's intervals for the score. */
    private static Spread samples(Metric metric, List<RunData> column, List<Map<MetricId, Measurements.Measured>> runs) {
        if (runs.size() == 1) {
            if (metric.kind() == MetricId.Kind.SCORE && column.get(0).intervalScores().size() > 1) {
                return Spread.of(column.get(0).intervalScores(), true);
            }
            Measurements.Measured x = runs.get(0).get(metric.id());
            return x != null && x.value().measured() ? Spread.of(List.of(x.value().value()), false) : null;
        }
        List<Double> xs = new ArrayList<>();
        for (Map<MetricId, Measurements.Measured> run : runs) {
            Measurements.Measured x = run.get(metric.id());
            if (x != null && !x.value().measured() && unsettled(x)) {
                continue; // a steady row is of the runs that settled, as Barrett et al. take them; the note counts the rest
            }
            if (x == null || !x.value().measured()) {
                return null;
            }
            xs.add(x.value().value());
        }
        return xs.size() < 2 && xs.size() < runs.size() ? null : Spread.of(xs, false);
    }

    /** Whether every run of a column that lacks row {@code id} lacks it for want of a steady state (its note says so). */
    private static boolean unsettledOnly(List<Map<MetricId, Measurements.Measured>> runs, MetricId id) {
        for (Map<MetricId, Measurements.Measured> run : runs) {
            Measurements.Measured x = run.get(id);
            if (x == null || !x.value().measured() && !unsettled(x)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a run's value of a steady row is missing because the run has no steady state (levels, none, too short). */
    static boolean unsettled(Measurements.Measured x) {
        return x.comment() instanceof Comment.Iterations it && !it.kind().steady();
    }

    /** A column's value of one metric: the single run's, or the mean over its runs (merged histograms for percentiles). */
    private static Measurements.Measured combine(Metric metric, List<Map<MetricId, Measurements.Measured>> runs,
                                                 Spread spread, Map<MetricId, Measurements.Measured> merged) {
        if (runs.size() == 1) {
            Measurements.Measured x = runs.get(0).get(metric.id());
            return x != null ? x : new Measurements.Measured(metric, Value.absent(), Comment.NONE);
        }
        if (spread == null) {
            Value first = Value.absent();
            long missing = 0;
            for (Map<MetricId, Measurements.Measured> run : runs) {
                Measurements.Measured x = run.get(metric.id());
                if (x == null || !x.value().measured()) {
                    missing++;
                    if (x != null && first.status() == Value.Status.ABSENT) {
                        first = x.value();
                    }
                }
            }
            boolean none = missing == runs.size();
            // some of the column's recordings have it: not counted in the others, so not in the column (never "-")
            return new Measurements.Measured(metric, none ? first : Value.notCounted(),
                    none ? Comment.NONE : new Comment.MissingInRuns((int) missing, runs.size()));
        }
        if (metric.id().statistic().isPercentile() && merged.containsKey(metric.id()) && merged.get(metric.id()).value().measured()) {
            return new Measurements.Measured(metric, new Value(merged.get(metric.id()).value().value(),
                    Value.Status.MEASURED, Double.NaN, spread.n()), new Comment.MergedHistograms(spread.n()));
        }
        Comment derived = derivedFromLoad(metric, runs);
        return new Measurements.Measured(metric, spread.value(), derived != null ? derived : spread.n() < runs.size()
                ? new Comment.SettledRuns(spread.n(), runs.size()) : new Comment.MeanOfRuns(spread.n()));
    }

    /**
     * Where the column's runs derived the row from jdk.CPULoad (a recording without perfstat's counters): the caveat a
     * report prints, for the column (the runs' mean CPUs utilized, the least share of a JVM's life their samples
     * covered), so that a comparison says it as a report does; null where a run counted it.
     */
    private static Comment derivedFromLoad(Metric metric, List<Map<MetricId, Measurements.Measured>> runs) {
        double utilized = 0;
        double covered = Double.POSITIVE_INFINITY;
        for (Map<MetricId, Measurements.Measured> run : runs) {
            Measurements.Measured x = run.get(metric.id());
            if (x == null || !(x.comment() instanceof Comment.CpuFromLoad l)) {
                return null;
            }
            utilized += l.cpusUtilized();
            covered = l.coveredPct() > 0 ? Math.min(covered, l.coveredPct()) : covered; // a run that cannot say is no bound
        }
        return runs.isEmpty() ? null : new Comment.CpuFromLoad(utilized / runs.size(), Double.isFinite(covered) ? covered : Double.NaN);
    }

    /**
     * The rows derived from jdk.CPULoad in some column (a recording without perfstat's counters): a note that says so
     * under the table, in every format, as a report's row comment does.
     */
    private static List<Note> derivedNotes(List<Row> rows, List<List<RunData>> columns, List<String> labels) {
        List<Note> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.comments().stream().noneMatch(c -> c instanceof Comment.CpuFromLoad)) {
                continue; // the role rows' estimates say it in their labels and in their own note
            }
            List<String> on = new ArrayList<>();
            double low = Double.POSITIVE_INFINITY;
            double high = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < labels.size(); c++) {
                if (r.derived(c)) {
                    on.add(labels.get(c));
                    for (RunData run : columns.get(c)) { // the share each run's samples covered
                        double pct = 100 * run.jdk().cpuLoadShare();
                        low = pct > 0 ? Math.min(low, pct) : low;
                        high = pct > 0 ? Math.max(high, pct) : high;
                    }
                }
            }
            if (!on.isEmpty()) {
                out.add(new Note.DerivedFromLoad(r.metric().label().trim(), on, on.size() == labels.size(),
                        Double.isFinite(low) ? low : Double.NaN, Double.isFinite(high) ? high : Double.NaN));
            }
        }
        return out;
    }

    /** What the recordings' rows are not: events left out as the observer's, values derived rather than counted. */
    private static List<Note> leftOutOrDerived(List<Row> rows, List<List<RunData>> columns, List<String> labels) {
        List<Note> out = new ArrayList<>(observerEvents(columns, labels));
        if (columns.size() > 1 || columns.get(0).size() > 1) { // a report says it in the row's comment
            out.addAll(derivedNotes(rows, columns, labels));
        }
        return out;
    }

    /**
     * Per column, the contention events left out as perfstat's or JFR's own (their code on the stack): said, so that a
     * count set beside the JDK's own tools' (jfr summary's 75 jdk.JavaMonitorEnter against the table's 74) is explained.
     */
    private static List<Note> observerEvents(List<List<RunData>> columns, List<String> labels) {
        List<Note> out = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            long monitors = 0;
            long parks = 0;
            java.time.Duration monitorTime = java.time.Duration.ZERO;
            java.time.Duration parkTime = java.time.Duration.ZERO;
            for (RunData r : columns.get(c)) {
                monitors += r.jdk().monitors().observerCount();
                monitorTime = monitorTime.plus(r.jdk().monitors().observerBlocked());
                parks += r.jdk().parks().observerCount();
                parkTime = parkTime.plus(r.jdk().parks().observerBlocked());
            }
            if (monitors + parks > 0) {
                out.add(new Note.ObserverEventsLeftOut(columns.size() > 1 ? labels.get(c) : null, columns.get(c).size(),
                        monitors, monitorTime.toNanos() / 1e6, parks, parkTime.toNanos() / 1e6));
            }
        }
        return out;
    }

    /** The column as one recording whose probes hold the sum of the runs' histograms. */
    static RunData withMergedProbes(List<RunData> column) {
        TreeMap<String, RunData.Probe> probes = new TreeMap<>();
        for (RunData r : column) {
            for (RunData.Probe p : r.probes().values()) {
                probes.merge(p.name(), p, (a, b) -> {
                    Histogram h = a.latencyNs().copy();
                    h.add(b.latencyNs());
                    return new RunData.Probe(a.name(), a.calls() + b.calls(), a.timedCalls() + b.timedCalls(),
                            a.timing(), a.sampleMeanGap(), h);
                });
            }
        }
        return column.get(0).withProbes(probes);
    }

    /** {@code notes} with a column's timer-cost note giving the lowest and highest of its recordings' costs. */
    private static List<Note> timerRange(List<Note> notes, List<RunData> column) {
        java.util.LongSummaryStatistics cost = column.stream().filter(r -> r.timerOverheadNs() > 0 && !r.probes().isEmpty())
                .mapToLong(RunData::timerOverheadNs).summaryStatistics();
        return notes.stream().map(n -> n instanceof Note.TimerCost t && cost.getCount() > 1
                ? new Note.TimerCost(t.column(), cost.getMin(), cost.getMax()) : n).toList();
    }

    /** Where the samples came from, and which verdicts could not be given. */
    private static List<Note> sampleNotes(List<List<RunData>> columns, List<Row> rows, Options o, List<String> labels) {
        List<Note> notes = new ArrayList<>();
        if (columns.size() < 2) {
            return notes;
        }
        if (columns.stream().anyMatch(c -> c.size() == 1)) {
            notes.add(new Note.OneRecordingASide());
        }
        boolean marked = false;
        int judged = 0;
        java.util.Set<String> follow = new LinkedHashSet<>();
        java.util.Set<String> disagree = new LinkedHashSet<>();
        List<String> overruled = new ArrayList<>();
        double familyAlpha = 1;
        for (int c = 1; c < columns.size(); c++) {
            int n = 0;
            Row primary = Families.primary(rows, c);
            for (Row r : rows) {
                Significance s = r.tests().get(c);
                marked |= s != null;
                n += Double.isNaN(r.qValues().get(c)) ? 0 : 1;
                if (s != null && s.judgement().family() == Significance.Family.PRIMARY && r != primary) {
                    follow.add(r.metric().label().trim());
                }
                if (r.overruled(c)) {
                    overruled.add(r.metric().label().trim() + (columns.size() > 2 ? " (" + labels.get(c) + ")" : ""));
                    familyAlpha = Math.min(familyAlpha, s.judgement().familyAlpha());
                }
                if (s != null && rankDisagrees(s)) {
                    disagree.add(String.format(java.util.Locale.ROOT, "%s (U test p=%.3f)", r.metric().label().trim(),
                            s.judgement().rankP()));
                }
            }
            judged = Math.max(judged, n);
            notes.addAll(detectable(primary, c, labels.get(c)));
            notes.addAll(fixedDuration(primary, rows, c));
            notes.addAll(scoreNotJudged(primary, rows, c, labels));
        }
        if (marked) {
            notes.add(new Note.Deltas(o.confidence(), o.minEffect(), judged, primaryLevel(rows, labels.size())));
        }
        Row primary = Families.primary(rows, 1);
        if (!follow.isEmpty() && primary != null) {
            notes.add(new Note.FollowPrimary(primary.metric().label().trim(), List.copyOf(follow)));
        }
        if (!overruled.isEmpty()) {
            notes.add(new Note.Overruled(overruled, familyAlpha));
        }
        if (!disagree.isEmpty()) {
            notes.add(new Note.RankTestDisagrees(List.copyOf(disagree)));
        }
        return notes;
    }

    /** A side's spread as a share of its mean (0.01: 1%); NaN below two runs. */
    private static double relativeSd(Spread s) {
        return s == null || s.n() < 2 || s.mean() == 0 ? Double.NaN : s.sd() / Math.abs(s.mean());
    }

    /**
     * Where the primary measure is time elapsed and the runs' times are equal by design (a program that runs for a fixed
     * time and prints its score): both sides within {@link #FIXED_SD} of their means and of each other, while task-clock
     * varies {@link #FIXED_RATIO} times more. Its {@code =} would read "no change"; the note says why it cannot say.
     */
    private static List<Note> fixedDuration(Row primary, List<Row> rows, int c) {
        if (primary == null || !primary.metric().id().equals(RowCatalogue.TIME_ELAPSED.id())) {
            return List.of();
        }
        double a = relativeSd(primary.spreads().get(0));
        double b = relativeSd(primary.spreads().get(c));
        double apart = Math.abs(primary.values().get(c).value() / primary.values().get(0).value() - 1);
        if (!(Math.max(a, b) <= FIXED_SD) || !(apart <= FIXED_SD)) {
            return List.of();
        }
        for (Row r : rows) {
            if (r.metric().key().equals("task-clock") && r.values().get(0).measured() && r.values().get(c).measured()) {
                double work = Math.max(relativeSd(r.spreads().get(0)), relativeSd(r.spreads().get(c)));
                if (work >= FIXED_RATIO * Math.max(Math.max(a, b), 1e-6)) {
                    return List.of(new Note.FixedDuration(primary.metric().label().trim(), 100 * Math.max(a, b),
                            r.metric().label().trim(), 100 * work));
                }
            }
        }
        return List.of();
    }

    /** Runs this much alike in time elapsed (each side's SD, and the sides apart, as a share) are of a fixed duration. */
    static final double FIXED_SD = 0.005;
    /** How much more task-clock must vary, for equal times to be by design rather than a steady program's. */
    static final double FIXED_RATIO = 3;

    /** The lowest interval level of the primary measure's rows across the columns; NaN where none was judged. */
    private static double primaryLevel(List<Row> rows, int columns) {
        double level = Double.NaN;
        for (int c = 1; c < columns; c++) {
            Row p = Families.primary(rows, c);
            Significance s = p == null ? null : p.tests().get(c);
            if (s != null && s.judgement().family() == Significance.Family.PRIMARY) {
                level = Double.isNaN(level) ? s.confidence() : Math.min(level, s.confidence());
            }
        }
        return level;
    }

    /**
     * Whether the rank test on the same runs says otherwise: a change shown where the U test's p is not below α, or none
     * shown where it is below the row's own level; never where the U test could not reach α with so few runs.
     */
    static boolean rankDisagrees(Significance s) {
        double rank = s.judgement().rankP();
        double alpha = s.judgement().familyAlpha();
        if (Double.isNaN(rank) || Double.isNaN(alpha) || Significance.smallestUPValue(s.nA(), s.nB()) >= alpha
                || "paired-log".equals(s.test())) { // judged by the rounds' ratios: the runs as two samples are not its check
            return false;
        }
        return s.verdict() == Significance.Verdict.SIGNIFICANT ? rank >= alpha
                : s.verdict() == Significance.Verdict.NOT_SIGNIFICANT && rank < 1 - s.confidence();
    }

    /**
     * Where the table has a score row (the program's own, a steady state) that column {@code c} cannot be judged on (a
     * side without a value there: too few runs settled), so that the answer fell back to another row: say so.
     */
    private static List<Note> scoreNotJudged(Row primary, List<Row> rows, int c, List<String> labels) {
        if (primary == null || RowCatalogue.isScore(primary.metric())) {
            return List.of();
        }
        for (Row r : rows) {
            if (RowCatalogue.isScore(r.metric()) && (!r.values().get(0).measured() || !r.values().get(c).measured())) {
                return List.of(new Note.ScoreNotJudged(labels.get(c), r.metric().label().trim(), primary.metric().label().trim(),
                        labels.get(r.values().get(0).measured() ? c : 0)));
            }
        }
        return List.of();
    }

    /** The primary measure's smallest change found with 80% power, and where none was shown, what its interval rules out. */
    private static List<Note> detectable(Row primary, int c, String column) {
        Significance s = primary == null ? null : primary.tests().get(c);
        if (s == null || !s.judgement().estimate().exists() || s.judgement().estimate().se() == 0) {
            return List.of(); // no spread: no power to speak of
        }
        double d = s.judgement().estimate().detectable(1 - s.confidence(), 0.8);
        boolean shown = s.verdict() == Significance.Verdict.SIGNIFICANT;
        return List.of(new Note.Detectable(primary.metric().label().trim(), column, d, shown ? Double.NaN : s.ciLow(),
                shown ? Double.NaN : s.ciHigh()));
    }

    /** The summary: the headline's judged change, the largest significant moves, and the hot methods that moved. */
    private static List<Summary> summary(List<String> labels, List<Row> rows, List<HotMethods.Section> hot) {
        List<Summary> out = new ArrayList<>();
        boolean hasScore = rows.stream().anyMatch(r -> RowCatalogue.isScore(r.metric()));
        for (int c = 1; c < labels.size(); c++) {
            double logSum = 0;
            int n = 0;
            List<Summary.Move> moves = new ArrayList<>();
            Row head = Families.primary(rows, c);
            for (Row r : rows) {
                Significance s = r.tests().get(c);
                if (scoreLike(r.metric(), hasScore) && r.values().get(0).measured() && r.values().get(c).measured()
                        && r.values().get(0).value() > 0 && r.values().get(c).value() > 0) {
                    double d = r.deltas().get(c); // the row's ratio: of geometric means where it has an estimate
                    logSum += Double.isNaN(d) ? Math.log(r.values().get(c).value() / r.values().get(0).value()) : Math.log1p(d);
                    n++;
                }
                double d = moveDelta(r, c);
                if (s == null || s.verdict() != Significance.Verdict.SIGNIFICANT || Double.isNaN(d)
                        || s.judgement().answer() == Significance.Answer.SAME // shown, but inside --min-effect: the same
                        || r.metric().id().statistic() == MetricId.Statistic.MAX || r == head
                        || r.metric().kind() == MetricId.Kind.MACHINE) { // the machine is context, not a move of the program
                    continue;
                }
                moves.add(new Summary.Move(r.metric(), d));
            }
            // by size; a move from 0 (an infinite relative change) before every finite one, in the table's order
            moves.sort(java.util.Comparator.comparingDouble((Summary.Move m) -> -Math.abs(m.delta())));
            List<Summary.Move> better = new ArrayList<>();
            List<Summary.Move> worse = new ArrayList<>();
            List<Summary.Move> changed = new ArrayList<>();
            for (Summary.Move m : moves.subList(0, Math.min(Summary.MOST_MOVES, moves.size()))) {
                (m.metric().better() == Metric.Better.NEITHER ? changed
                        : (m.delta() > 0) == (m.metric().better() == Metric.Better.HIGHER) ? better : worse).add(m);
            }
            Summary.Headline h = head == null ? null : new Summary.Headline(head.metric(), head.deltas().get(c), head.tests().get(c));
            out.add(new Summary(labels.get(c), labels.get(0), hasScore, n > 0 ? Math.exp(logSum / n) - 1 : Double.NaN,
                    better, worse, changed, h, Math.max(0, moves.size() - Summary.MOST_MOVES), hotMoves(hot, c)));
        }
        return out;
    }

    /**
     * A row's relative change in column {@code c} for the summary: its delta, or where the baseline is 0 and the column's
     * value is not, an infinite one in the direction of that value (a move from 0, which no percentage sizes); NaN where
     * there is no change to rank.
     */
    private static double moveDelta(Row r, int c) {
        double d = r.deltas().get(c);
        Value a = r.values().get(0);
        Value b = r.values().get(c);
        if (Double.isNaN(d) && a.measured() && b.measured() && a.value() == 0 && b.value() != 0 && !Double.isNaN(b.value())) {
            return Math.copySign(Double.POSITIVE_INFINITY, b.value());
        }
        return d;
    }

    /** The hot methods whose share moved significantly in column {@code c}, largest first, at most five. */
    private static List<Summary.HotMove> hotMoves(List<HotMethods.Section> hot, int c) {
        List<Summary.HotMove> out = new ArrayList<>();
        for (HotMethods.Section s : hot) {
            for (HotMethods.Row r : s.rows()) {
                Significance t = c < r.tests().size() ? r.tests().get(c) : null;
                if (t != null && t.verdict() == Significance.Verdict.SIGNIFICANT && !Double.isNaN(r.deltasPp().get(c))) {
                    out.add(new Summary.HotMove(s.kind(), r.method(), r.deltasPp().get(c)));
                }
            }
        }
        out.sort(java.util.Comparator.comparingDouble((Summary.HotMove m) -> -Math.abs(m.deltaPp())));
        return out.subList(0, Math.min(Summary.MOST_MOVES, out.size()));
    }

    /** The workload's score, or where there is none, the time the run took. */
    private static boolean scoreLike(Metric m, boolean hasScore) {
        return hasScore ? RowCatalogue.isScore(m) : m.kind() == MetricId.Kind.TIME;
    }

    /** Metrics in order of first appearance, time elapsed last (as perf prints it). */
    private static List<Metric> timeLast(Iterable<Metric> metrics) {
        List<Metric> out = new ArrayList<>();
        List<Metric> time = new ArrayList<>();
        for (Metric m : metrics) {
            (m.kind() == MetricId.Kind.TIME ? time : out).add(m);
        }
        out.addAll(time);
        return out;
    }

    /** Relative change from {@code a} to {@code b}; NaN when either is missing or {@code a} is 0. */
    public static double delta(Value a, Value b) {
        if (!a.measured() || !b.measured() || a.value() == 0) {
            return Double.NaN;
        }
        return (b.value() - a.value()) / Math.abs(a.value());
    }

    /**
     * The common part of files' names: the longest prefix their names (without directory and {@code .jfr}) share, less
     * the start of a run number they differ in and trailing separators ({@code tok.1}, {@code tok.3}: {@code tok};
     * {@code tok.10}, {@code tok.11}: {@code tok}; {@code codec-1.11.1}, {@code codec-1.11.2}: {@code codec-1.11}); ""
     * where they share none.
     */
    public static String commonName(List<String> files) {
        List<String> names = new ArrayList<>();
        String prefix = null;
        for (String f : files) {
            java.nio.file.Path name = java.nio.file.Path.of(f).getFileName();
            String n = name == null ? f : name.toString();
            n = n.endsWith(".jfr") ? n.substring(0, n.length() - 4) : n;
            names.add(n);
            if (prefix == null) {
                prefix = n;
            } else {
                int i = 0;
                while (i < prefix.length() && i < n.length() && prefix.charAt(i) == n.charAt(i)) {
                    i++;
                }
                prefix = prefix.substring(0, i);
            }
        }
        if (prefix == null || files.size() < 2) {
            return prefix == null ? "" : prefix;
        }
        int cut = prefix.length();
        boolean inNumber = names.stream().allMatch(n -> n.length() > cut && Character.isDigit(n.charAt(cut)));
        String common = inNumber ? prefix.replaceAll("[0-9]+$", "") : prefix; // the run number's first digits
        return common.replaceAll("[-_. ]+$", "");
    }

    private static Title title(List<List<RunData>> columns) {
        RunData first = columns.get(0).get(0);
        RunData.Workload w = first.workload();
        if (w == null) {
            // the program the recordings ran, by name (each distinct one, in order), else the files' common name
            List<String> programs = columns.stream().flatMap(List::stream).map(RunData::program).distinct().toList();
            if (programs.stream().noneMatch(String::isEmpty)) {
                return new Title(String.join(" | ", programs), null, sizes(columns));
            }
            List<String> names = columns.stream().flatMap(List::stream).map(RunData::file).toList();
            String common = commonName(names);
            return new Title(common.isEmpty() ? first.label() : common, null, sizes(columns));
        }
        return new Title(w.workload(), new Title.Workload(w.threads(), w.simulated(), w.fixedWork(), w.duration()),
                sizes(columns));
    }

    /** Each column's number of runs. */
    private static List<Integer> sizes(List<List<RunData>> columns) {
        return columns.stream().map(List::size).toList();
    }
}

package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A gate for CI: which significant changes count as regressions. {@code METRIC:+5%} fails
 * when METRIC rises significantly by more than 5% ({@code -5%}: falls by more); a threshold
 * fails on any metric with a direction that got significantly worse by more than it. A change
 * that is not significant, or not decided, never fails the gate; a gate that cannot judge what it
 * is asked about says so ({@link #problems}): a rule that names no metric of the table or one
 * missing on a side (a usage error), or a gated metric whose change is undecided. A max row
 * never fails the threshold (one call's latency, the noisiest figure of a table); a rule may
 * still name one.
 */
public final class Gate {
    /** One {@code --fail-on} rule. */
    public record Rule(String metric, double limit) {
        /** Parses {@code METRIC:+5%}; throws IllegalArgumentException with a one-line message. */
        public static Rule parse(String text) {
            int colon = text.lastIndexOf(':');
            String pct = colon < 0 ? "" : text.substring(colon + 1).trim();
            if (colon <= 0 || !pct.matches("[+-][0-9]+(\\.[0-9]+)?%")) {
                throw new IllegalArgumentException("--fail-on wants METRIC:+N% or METRIC:-N% (e.g. score:-5%), not '" + text + "'");
            }
            double limit = Double.parseDouble(pct.substring(0, pct.length() - 1)) / 100;
            if (limit == 0 || limit <= -1) {
                throw new IllegalArgumentException("--fail-on's limit must be above 0% or between -100% and 0%, not '" + text + "'");
            }
            return new Rule(text.substring(0, colon).trim(), Double.parseDouble(pct.substring(0, pct.length() - 1)) / 100);
        }

        /**
         * Whether the rule names {@code m}: by its key or its label (case ignored; the label's unit may be left out).
         * A probe's row may be named without the overload's parameter types ({@code Joiner::join p50} names
         * {@code Joiner::join(Iterable) p50 (ns)} and every other overload's p50).
         */
        boolean matches(Metric m) {
            String want = metric.toLowerCase(Locale.ROOT);
            if (m.key().equalsIgnoreCase(metric) || labelMatches(m.label(), want)) {
                return true;
            }
            return m.id().kind() == MetricId.Kind.PROBE
                    && (labelMatches(withoutParameters(m.label()), want) || withoutParameters(m.key()).equalsIgnoreCase(metric));
        }

        /** The label, or the label without its unit ({@code GC pauses} for {@code GC pauses (msecs)}); never a prefix. */
        private static boolean labelMatches(String label, String want) {
            String l = label.trim().toLowerCase(Locale.ROOT);
            return l.equals(want) || l.replaceFirst(" \\([^()]*\\)$", "").equals(want);
        }

        /** A probe's name without its overload's parameter list: {@code Joiner::join(Iterable) p50} is {@code Joiner::join p50}. */
        static String withoutParameters(String name) {
            return name.replaceFirst("(::[^(\\s:]+)\\([^)]*\\)", "$1");
        }
    }

    /** Parses a threshold like {@code 5%}. */
    public static double parseThreshold(String text) {
        if (!text.trim().matches("[0-9]+(\\.[0-9]+)?%")) {
            throw new IllegalArgumentException("--threshold wants N% (e.g. 5%), not '" + text + "'");
        }
        String t = text.trim();
        return Double.parseDouble(t.substring(0, t.length() - 1)) / 100;
    }

    private Gate() {
    }

    /**
     * One regression the gate found.
     *
     * @param kind     which check it failed
     * @param metric   the metric that moved
     * @param column   the configuration it moved in
     * @param baseline the configuration it is compared with
     * @param delta    its relative change (0.1 is +10%)
     * @param pValue   the test's p
     * @param limit    the rule's limit (signed: +0.05 fails on rises beyond 5%), or the threshold (unsigned)
     * @param ciLow    the interval of the change the verdict rests on, its lower end (NaN where there is none)
     * @param ciHigh   its upper end
     */
    public record Violation(Kind kind, Metric metric, String column, String baseline, double delta, double pValue,
                            double limit, double ciLow, double ciHigh) {
        public enum Kind {
            /** A {@code --fail-on} rule's: the metric moved beyond its limit, in its direction. */
            BEYOND_RULE,
            /** The {@code --threshold}'s: the metric got worse by more than it. */
            WORSE_THAN_THRESHOLD
        }
    }

    /**
     * What the gate cannot judge in {@code t}, for one rule: it names no metric of the table, its metric is missing on
     * a side, or the change is undecided (too few samples or timed calls, or no test).
     *
     * @param kind    which
     * @param rule    the rule
     * @param metric  the row it names (null for UNKNOWN_METRIC)
     * @param column  the configuration where it is missing or undecided (null for UNKNOWN_METRIC)
     * @param closest for UNKNOWN_METRIC, the table's metric names nearest to the rule's (edit distance), at most three
     * @param test    for UNDECIDED and WITHIN, the row's judged change (its interval); null otherwise
     */
    public record Problem(Kind kind, Rule rule, Metric metric, String column, List<String> closest, Significance test) {
        public enum Kind {
            /** The rule names no metric of the table: a usage error. */
            UNKNOWN_METRIC,
            /** The rule's metric has no value on a side: a usage error. */
            MISSING_ON_A_SIDE,
            /** The rule's metric has a value on both sides but no verdict: the commit can be neither good nor bad. */
            UNDECIDED,
            /** Not a problem: the rule's metric is shown within its limit (its interval lies on the near side). */
            WITHIN
        }

        public Problem {
            closest = List.copyOf(closest);
        }

        /** Whether it is a usage error (else the verdict is only undecided, or within). */
        public boolean usage() {
            return kind == Kind.UNKNOWN_METRIC || kind == Kind.MISSING_ON_A_SIDE;
        }
    }

    /**
     * A row {@code --threshold} cannot judge: worse than the threshold by its change, but without a verdict (one recording
     * a side, or too few timed calls), so that the gate can say neither pass nor fail (exit 125, as a rule that is
     * undecided).
     *
     * @param metric    the row
     * @param column    the configuration
     * @param delta     its change (0.1 is +10%)
     * @param threshold the threshold (unsigned)
     * @param why       the verdict's absence in words ("one recording a side", "too few timed calls")
     */
    public record Unjudged(Metric metric, String column, double delta, double threshold, String why, double low,
                           double high) {
        /** A row without a verdict ({@code why} says why). */
        public Unjudged(Metric metric, String column, double delta, double threshold, String why) {
            this(metric, column, delta, threshold, why, Double.NaN, Double.NaN);
        }

        /** Whether it is the primary row, whose interval [low, high] reaches beyond the threshold: the runs cannot tell. */
        public boolean undecided() {
            return !Double.isNaN(low);
        }
    }

    /**
     * Whether a change {@code d} of row {@code r} is one the threshold looks at and worse than it: the row has a direction,
     * is no maximum (one call's latency, the noisiest figure of a table), and moved against it by more than the threshold.
     */
    private static boolean worseBeyond(Row r, double d, double threshold) {
        return r.metric().better() != Metric.Better.NEITHER && r.metric().id().statistic() != MetricId.Statistic.MAX
                && !Double.isNaN(d) && (d > 0) != (r.metric().better() == Metric.Better.HIGHER) && Math.abs(d) > threshold;
    }

    /**
     * The rows {@code --threshold} cannot judge in {@code t}: with a direction, not a maximum (as the threshold's own
     * rows), measured on both sides, worse by more than {@code threshold}, and without a verdict. Empty where the
     * threshold is not set.
     */
    public static List<Unjudged> unjudged(Table t, double threshold) {
        List<Unjudged> out = new ArrayList<>();
        if (Double.isNaN(threshold)) {
            return out;
        }
        for (Row r : t.rows()) {
            for (int c = 1; c < t.columns().size(); c++) {
                Significance s = r.tests().get(c);
                double d = r.deltas().get(c);
                boolean verdict = s != null && s.verdict() != Significance.Verdict.TOO_FEW;
                if (worseBeyond(r, d, threshold) && !verdict && r.values().get(0).measured() && r.values().get(c).measured()) {
                    out.add(new Unjudged(r.metric(), t.columns().get(c), d, threshold,
                            s == null ? "one recording a side has no verdict" : "too few runs or timed calls to judge"));
                }
            }
        }
        for (int c = 1; c < t.columns().size(); c++) {
            Unjudged u = primaryUndecided(t, c, threshold);
            if (u != null) {
                out.add(u);
            }
        }
        return out;
    }

    /**
     * The primary row of column {@code c} where its interval reaches worse than the threshold while the threshold does
     * not fire (no change shown beyond it): the runs cannot tell whether it got worse by more, as a --fail-on rule on it
     * would be undecided; null otherwise.
     */
    private static Unjudged primaryUndecided(Table t, int c, double threshold) {
        Row p = Families.primary(t.rows(), c);
        Significance s = p == null ? null : p.tests().get(c);
        if (s == null || s.verdict() == Significance.Verdict.TOO_FEW || Double.isNaN(s.ciLow())
                || p.metric().better() == Metric.Better.NEITHER) {
            return null;
        }
        boolean higher = p.metric().better() == Metric.Better.HIGHER;
        boolean reaches = higher ? s.ciLow() < -threshold : s.ciHigh() > threshold;
        boolean fires = s.verdict() == Significance.Verdict.SIGNIFICANT && worseBeyond(p, p.deltas().get(c), threshold);
        return reaches && !fires ? new Unjudged(p.metric(), t.columns().get(c), p.deltas().get(c), threshold,
                "its interval reaches beyond it", s.ciLow(), s.ciHigh()) : null;
    }

    /**
     * Every rule's problems in {@code t}, usage errors first, then the rules' rows that are undecided, then (not problems,
     * but said as well) those shown within their limits, each rule's answer at {@code alpha} (Bonferroni across the rules);
     * empty where there are no rules.
     */
    public static List<Problem> problems(Table t, List<Rule> rules, double alpha) {
        List<Problem> usage = new ArrayList<>();
        List<Problem> undecided = new ArrayList<>();
        List<Problem> within = new ArrayList<>();
        List<Families.Outcome> outcomes = outcomes(t, rules, alpha);
        for (Rule rule : rules) {
            List<Row> rows = t.rows().stream().filter(r -> rule.matches(r.metric())).toList();
            if (rows.isEmpty()) {
                usage.add(new Problem(Problem.Kind.UNKNOWN_METRIC, rule, null, null, closest(rule.metric(), t), null));
            }
            for (Row r : rows) {
                for (int c = 0; c < t.columns().size(); c++) {
                    Significance s = r.tests().get(c);
                    if (!r.values().get(c).measured()) {
                        usage.add(new Problem(Problem.Kind.MISSING_ON_A_SIDE, rule, r.metric(), t.columns().get(c), List.of(), null));
                    } else if (c > 0 && r.values().get(0).measured()) {
                        Significance.Answer a = answer(outcomes, rule, r, c);
                        if (a == Significance.Answer.WITHIN) {
                            within.add(new Problem(Problem.Kind.WITHIN, rule, r.metric(), t.columns().get(c), List.of(), s));
                        } else if (a != Significance.Answer.BEYOND) {
                            undecided.add(new Problem(Problem.Kind.UNDECIDED, rule, r.metric(), t.columns().get(c), List.of(), s));
                        }
                    }
                }
            }
        }
        usage.addAll(undecided);
        usage.addAll(within);
        return usage;
    }

    /** The gate's answer for one rule on one row and column, among the rules' outcomes ({@link Families#outcomes}). */
    private static Significance.Answer answer(List<Families.Outcome> outcomes, Rule rule, Row r, int c) {
        for (Families.Outcome o : outcomes) {
            if (o.rule().equals(rule) && o.row().metric().equals(r.metric()) && o.column() == c) {
                return o.answer();
            }
        }
        return Significance.Answer.UNDECIDED;
    }

    /** The rules' outcomes, Bonferroni across them at {@code alpha}. */
    private static List<Families.Outcome> outcomes(Table t, List<Rule> rules, double alpha) {
        return Families.outcomes(t.rows(), t.columns().size(), new Families.Setting(alpha, alpha, rules, Double.NaN));
    }

    /** The table's metric names nearest to {@code name} by edit distance (case ignored), at most three, nearest first. */
    static List<String> closest(String name, Table t) {
        String want = name.toLowerCase(Locale.ROOT);
        java.util.Map<String, Integer> d = new java.util.LinkedHashMap<>();
        for (Row r : t.rows()) {
            // a rule names a row by its key or by its label: offer whichever of the two is nearer to what was written
            String key = r.metric().key();
            String label = r.metric().label().trim().replaceFirst(" \\([^()]*\\)$", "");
            int byKey = editDistance(want, key.toLowerCase(Locale.ROOT));
            int byLabel = editDistance(want, label.toLowerCase(Locale.ROOT));
            if (byLabel < byKey) {
                d.merge(label, byLabel, Math::min);
            } else {
                d.merge(key, byKey, Math::min);
            }
        }
        return d.entrySet().stream().sorted(java.util.Map.Entry.comparingByValue()).limit(3)
                .map(java.util.Map.Entry::getKey).toList();
    }

    /** Edit distance ({@link perfstat.format.EditDistance}, the agent's hints' too). */
    public static int editDistance(String a, String b) {
        return perfstat.format.EditDistance.between(a, b);
    }

    /**
     * The regressions in {@code t}, in table order; empty when the gate passes.
     *
     * <p>A {@code --fail-on} rule names its metric before the run: a hypothesis of its own, not one of the table's many
     * rows that a reader scans. Its row is judged in the rules' family ({@link Families}): beyond the limit where the
     * change's interval lies beyond it (Bonferroni across the rules' tests). {@code --threshold}, which looks at every row with
     * a direction, takes the table's verdicts, each in its row's family.
     */
    public static List<Violation> violations(Table t, List<Rule> rules, double threshold, double alpha) {
        List<Violation> out = new ArrayList<>();
        List<Families.Outcome> outcomes = outcomes(t, rules, alpha);
        for (Row r : t.rows()) {
            for (int c = 1; c < t.columns().size(); c++) {
                Significance s = r.tests().get(c);
                double d = r.deltas().get(c);
                if (s == null || Double.isNaN(d)) {
                    continue;
                }
                String column = t.columns().get(c);
                String baseline = t.columns().get(0);
                for (Rule rule : rules) {
                    if (rule.matches(r.metric()) && answer(outcomes, rule, r, c) == Significance.Answer.BEYOND) {
                        out.add(new Violation(Violation.Kind.BEYOND_RULE, r.metric(), column, baseline, d, s.pValue(), rule.limit(),
                                s.ciLow(), s.ciHigh()));
                    }
                }
                if (!Double.isNaN(threshold) && worseBeyond(r, d, threshold) && s.verdict() == Significance.Verdict.SIGNIFICANT) {
                    out.add(new Violation(Violation.Kind.WORSE_THAN_THRESHOLD, r.metric(), column, baseline, d, s.pValue(),
                            threshold, s.ciLow(), s.ciHigh()));
                }
            }
        }
        return out;
    }
}

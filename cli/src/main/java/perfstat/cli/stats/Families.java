package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;

/**
 * One verdict per row: which family of hypotheses each row's change belongs to, and its verdict and interval after that
 * family's control of errors. The table, the summary, the gate and JSON all read the verdict this sets.
 *
 * <ol>
 *   <li><b>Primary</b>: the comparison's primary measure, named before the runs (the score, else time elapsed, else
 *       task-clock), judged on its own at its share of α ({@link #PRIMARY_SHARE}; in a sequential comparison, of the α
 *       spent at this look). A row whose run
 *       values follow the primary's run for run ({@link #follows}) restates it (fstime's writes and its KB/s) and is
 *       judged with it: its errors are the primary's.</li>
 *   <li><b>Rules</b>: each {@code --fail-on} rule's row, named before the runs too: Bonferroni across the rules' rows
 *       and configurations, the row's interval at 1 − α/k for the k of them, and the gate's answer what that interval
 *       says.</li>
 *   <li><b>Context</b>: the machine's rows (how busy it was, {@link MetricId.Kind#MACHINE}): each on its own at α, as
 *       they describe the runs' surroundings, not the program; never the primary, not in the exploratory family.</li>
 *   <li><b>Exploratory</b>: every other row, the false discovery rate controlled by Benjamini–Hochberg at the rest of α,
 *       or all of it where the primary shows a change (the fallback procedure); each
 *       row's interval is its own, at 1 − α, so a row may show an interval without 0 and still be marked unchanged
 *       (its q, the adjusted p, says why).</li>
 * </ol>
 * Against a threshold (a rule's limit, else {@code --min-effect}) each row then gets one of three answers: beyond
 * it, within it (the same), or undecided where its interval crosses it.
 */
public final class Families {
    /** How close a row must follow the primary: the spread of its run-by-run ratio to the primary under this share of its own. */
    static final double FOLLOWS = 0.2;

    private Families() {
    }

    /**
     * The primary measure's share of α. The rest, (1 − share)·α, is the exploratory family's while the primary shows no
     * change; where it shows one, its α passes on and the family has all of α (the fallback procedure, Wiens 2003). So an
     * A/A table shows any change at most α of the time, primary and family together.
     */
    public static final double PRIMARY_SHARE = 0.8;

    /**
     * What the families are judged with.
     *
     * @param alpha     the error rate: the exploratory rows' false discovery rate, and the gate's rules' error
     * @param lookAlpha in a sequential comparison the α spent at this look, for the rules (and its primary share for the
     *                  primary measure); NaN: {@code alpha}
     * @param rules     the gate's rules
     * @param minEffect the smallest change that matters, as a fraction (0.05: ±5%); NaN for none
     */
    public record Setting(double alpha, double lookAlpha, List<Gate.Rule> rules, double minEffect) {
        public Setting {
            rules = List.copyOf(rules);
        }

        /** The rules' α at this look. */
        double confirmatoryAlpha() {
            return Double.isNaN(lookAlpha) ? alpha : lookAlpha;
        }

        /** The primary measure's α at this look: its share of the rules'. */
        public double primaryAlpha() {
            return PRIMARY_SHARE * confirmatoryAlpha();
        }
    }

    /** The row the comparison's summary leads with in column {@code c}: the score, else time elapsed, else task-clock. */
    public static Row primary(List<Row> rows, int c) {
        for (Predicate<Row> p : List.<Predicate<Row>>of(r -> RowCatalogue.isScore(r.metric()),
                r -> r.metric().kind() == MetricId.Kind.TIME, r -> r.metric().key().equals(perfstat.format.PerfEvent.TASK_CLOCK.text()))) {
            for (Row r : rows) {
                if (p.test(r) && r.values().get(0).measured() && r.values().get(c).measured() && !Double.isNaN(r.deltas().get(c))) {
                    return r;
                }
            }
        }
        return null;
    }

    /** {@code rows} with every column's test judged in its family; q-values where the exploratory control gave them. */
    public static List<Row> judge(List<Row> rows, int columns, Setting s) {
        List<List<Significance>> tests = new ArrayList<>();
        List<List<Double>> qs = new ArrayList<>();
        for (Row r : rows) {
            tests.add(new ArrayList<>(r.tests()));
            qs.add(new ArrayList<>(Collections.nCopies(columns, Double.NaN)));
        }
        List<Outcome> outcomes = outcomes(rows, columns, s);
        for (int c = 1; c < columns; c++) {
            Row primary = primary(rows, c);
            List<Integer> exploratory = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                Significance t = r.tests().get(c);
                if (!judgeable(t)) {
                    continue;
                }
                if (s.rules().stream().anyMatch(rule -> rule.matches(r.metric()))) {
                    tests.get(i).set(c, ruleRow(t, r, c, outcomes, s));
                } else if (r.metric().kind() == MetricId.Kind.MACHINE) {
                    tests.get(i).set(c, confirmatory(t, Significance.Family.CONTEXT, s.alpha(), s));
                } else if (r == primary || primary != null && follows(r, primary, c)) {
                    tests.get(i).set(c, confirmatory(t, Significance.Family.PRIMARY, s.primaryAlpha(), s));
                } else if (informative(t)) {
                    exploratory.add(i);
                } else {
                    tests.get(i).set(c, judged(t, Significance.Verdict.NOT_SIGNIFICANT, 1 - s.alpha(), Significance.Family.EXPLORATORY,
                            s.alpha(), s));
                }
            }
            // the fallback: the primary's α passes on to the family where the primary shows a change
            Significance p = primary == null ? null : tests.get(rows.indexOf(primary)).get(c);
            boolean shown = p != null && p.verdict() == Significance.Verdict.SIGNIFICANT;
            exploratory(rows, exploratory, c, shown ? s.alpha() : (1 - PRIMARY_SHARE) * s.alpha(), s, tests, qs);
        }
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            out.add(rows.get(i).withTests(Collections.unmodifiableList(tests.get(i)), List.copyOf(qs.get(i))));
        }
        return out;
    }

    /** A test that a family can judge: one with a p (not too few runs or timed calls). */
    private static boolean judgeable(Significance t) {
        return t != null && t.verdict() != Significance.Verdict.TOO_FEW && !Double.isNaN(t.pValue());
    }

    /** A test that could reject: not one of values that vary on neither side and do not differ (0 | 0, 1 | 1). */
    private static boolean informative(Significance t) {
        Estimate e = t.judgement().estimate();
        return !(e.se() == 0 && e.centre() == 0);
    }

    /** Benjamini–Hochberg across the exploratory rows of column {@code c}, the intervals at the false coverage level. */
    private static void exploratory(List<Row> rows, List<Integer> members, int c, double alpha, Setting s,
                                    List<List<Significance>> tests, List<List<Double>> qs) {
        double[] p = new double[members.size()];
        for (int k = 0; k < members.size(); k++) {
            p[k] = rows.get(members.get(k)).tests().get(c).pValue();
        }
        double[] q = FalseDiscovery.adjust(p);
        double level = 1 - s.alpha(); // each row's own interval, at the table's confidence
        for (int k = 0; k < members.size(); k++) {
            int i = members.get(k);
            qs.get(i).set(c, q[k]);
            Significance.Verdict v = q[k] < alpha ? Significance.Verdict.SIGNIFICANT : Significance.Verdict.NOT_SIGNIFICANT;
            tests.get(i).set(c, judged(rows.get(i).tests().get(c), v, level, Significance.Family.EXPLORATORY, alpha, s));
        }
    }

    /** A primary row: its own p at α. */
    private static Significance confirmatory(Significance t, Significance.Family f, double alpha, Setting s) {
        return judged(t, t.pValue() < alpha ? Significance.Verdict.SIGNIFICANT : Significance.Verdict.NOT_SIGNIFICANT, 1 - alpha,
                f, alpha, s);
    }

    /** A rule's row: its change at α/k (Bonferroni over the rules' k tests), its answer the gate's, from that interval. */
    private static Significance ruleRow(Significance t, Row r, int c, List<Outcome> outcomes, Setting s) {
        double alpha = s.confirmatoryAlpha();
        long k = Math.max(1, outcomes.stream().filter(o -> o.pBeyond() >= 0).count());
        Significance.Verdict v = t.pValue() < alpha / k ? Significance.Verdict.SIGNIFICANT : Significance.Verdict.NOT_SIGNIFICANT;
        Outcome o = outcomes.stream().filter(x -> x.row() == r && x.column() == c).findFirst().orElse(null);
        Significance judged = judged(t, v, 1 - alpha / k, Significance.Family.RULE, alpha, s);
        if (o == null) {
            return judged;
        }
        Significance.Judgement j = judged.judgement();
        return new Significance(judged.test(), judged.pValue(), judged.meanDelta(), judged.medianDelta(), judged.ciLow(),
                judged.ciHigh(), judged.confidence(), judged.verdict(), judged.reason(), judged.nA(), judged.nB(),
                new Significance.Judgement(j.estimate(), j.family(), j.familyAlpha(), o.answer(), o.rule().limit(), j.rankP()));
    }

    /** The test judged: its verdict, its interval at {@code level}, and its answer against the table's --min-effect. */
    private static Significance judged(Significance t, Significance.Verdict v, double level, Significance.Family f,
                                       double familyAlpha, Setting s) {
        Estimate e = t.judgement().estimate();
        double[] ci = e.interval(level);
        Significance.Answer a = Double.isNaN(s.minEffect()) || !e.exists() ? Significance.Answer.NONE
                : ci[0] > -s.minEffect() && ci[1] < s.minEffect() ? Significance.Answer.SAME
                : ci[0] >= s.minEffect() || ci[1] <= -s.minEffect() ? Significance.Answer.BEYOND
                : Significance.Answer.UNDECIDED;
        return t.judged(v, level, new Significance.Judgement(e, f, familyAlpha, a, s.minEffect(), t.judgement().rankP()));
    }

    /**
     * Whether {@code r}'s run values follow {@code primary}'s run for run in column 0 and column {@code c}: both positive in
     * every run, and the spread of their log ratio within each side under {@link #FOLLOWS} of the spread of the row's own
     * logs (a correlation of about 0.98 or more). Such a row is the primary measured again (bytes written against KB/s),
     * not a hypothesis of its own.
     */
    static boolean follows(Row r, Row primary, int c) {
        if (r == primary || r.metric().kind() == MetricId.Kind.TIME) {
            return false;
        }
        double ratioVar = 0;
        double ownVar = 0;
        for (int side : new int[] {0, c}) {
            Spread x = r.spreads().get(side);
            Spread y = primary.spreads().get(side);
            if (x == null || y == null || x.n() != y.n() || x.n() < 2 || x.fromIntervals() || y.fromIntervals()) {
                return false;
            }
            double[] lr = new double[x.n()];
            double[] lx = new double[x.n()];
            for (int i = 0; i < x.n(); i++) {
                if (!(x.samples()[i] > 0 && y.samples()[i] > 0)) {
                    return false;
                }
                lx[i] = Math.log(x.samples()[i]);
                lr[i] = lx[i] - Math.log(y.samples()[i]);
            }
            ratioVar += sq(new Spread(lr, false).sd());
            ownVar += sq(new Spread(lx, false).sd());
        }
        return ownVar > 0 && Math.sqrt(ratioVar) < FOLLOWS * Math.sqrt(ownVar);
    }

    private static double sq(double x) {
        return x * x;
    }

    /**
     * One rule held against one row in one configuration: its answer after Bonferroni's control across all the rules' tests.
     *
     * @param pBeyond the Bonferroni-adjusted p of "not beyond the limit" (-1 where the row has no estimate)
     * @param pWithin the Bonferroni-adjusted p of "beyond the limit"
     */
    public record Outcome(Gate.Rule rule, Row row, int column, Significance.Answer answer, double pBeyond, double pWithin) {
    }

    /**
     * Every rule against every row it names, in every column after the first: beyond its limit where the
     * Bonferroni-adjusted one-sided p of "not beyond" is below α/2, within it where that of "beyond" is, else undecided:
     * exactly where the row's printed 1 − α/k interval lies beyond the limit, on its near side, or across it. (Holm's
     * step-down would decide a little more often, but then a rule could read "shown within +5%" beside an interval
     * that reaches past +5%.) Rows without an estimate are undecided with no p.
     */
    public static List<Outcome> outcomes(List<Row> rows, int columns, Setting s) {
        List<Outcome> raw = new ArrayList<>();
        for (Gate.Rule rule : s.rules()) {
            for (Row r : rows) {
                if (!rule.matches(r.metric())) {
                    continue;
                }
                for (int c = 1; c < columns; c++) {
                    Significance t = r.tests().get(c);
                    Estimate e = t == null || !judgeable(t) ? Estimate.none(0, 0) : t.judgement().estimate();
                    raw.add(e.exists() ? new Outcome(rule, r, c, Significance.Answer.UNDECIDED, e.pBeyond(rule.limit()),
                            e.pWithin(rule.limit())) : new Outcome(rule, r, c, Significance.Answer.UNDECIDED, -1, -1));
                }
            }
        }
        double[] beyond = bonferroni(raw.stream().mapToDouble(Outcome::pBeyond).toArray());
        double[] within = bonferroni(raw.stream().mapToDouble(Outcome::pWithin).toArray());
        // one-sided at α/2: the answer agrees with the two-sided 1 − α/k interval printed beside it
        double alpha = s.confirmatoryAlpha() / 2;
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            Outcome o = raw.get(i);
            Significance.Answer a = o.pBeyond() < 0 ? Significance.Answer.UNDECIDED
                    : beyond[i] < alpha ? Significance.Answer.BEYOND
                    : within[i] < alpha ? Significance.Answer.WITHIN : Significance.Answer.UNDECIDED;
            out.add(new Outcome(o.rule(), o.row(), o.column(), a, o.pBeyond() < 0 ? -1 : beyond[i], o.pWithin() < 0 ? -1 : within[i]));
        }
        return out;
    }

    /** Bonferroni-adjusted p-values (each times the number of tests, at most 1); negative entries (no test) stay and do not count. */
    static double[] bonferroni(double[] p) {
        long m = Arrays.stream(p).filter(x -> x >= 0).count();
        double[] out = p.clone();
        for (int i = 0; i < p.length; i++) {
            if (p[i] >= 0) {
                out[i] = Math.min(1, m * p[i]);
            }
        }
        return out;
    }
}

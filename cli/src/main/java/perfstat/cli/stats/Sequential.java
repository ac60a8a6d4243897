package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison that runs until it can answer: looks at 5, 10, 20, … runs a side (doubling, the last at the most runs
 * allowed), stopping at the first look where the primary measure and every gate rule is decided.
 *
 * <p>Looking more than once gives noise more chances: at α = 0.05 each, three looks at an A/A comparison would call a
 * change about 10% of the time. So the error is spent across the looks (alpha spending, Lan and DeMets), with the
 * Pocock-type function α(t) = α · ln(1 + (e − 1) t) of the share t of the most runs a look has seen; each look judges
 * at the α spent there, α(t_k) − α(t_{k−1}). The looks' errors then add up to at most α by the union bound, whatever the
 * correlation between looks and whatever the distribution of the runs (each look's test being valid at its own level), so
 * an A/A comparison run until decided is falsely "worse" (or changed) at most α of the time. The Pocock shape spends
 * early: a clear change stops at 5 runs a side (at α 0.018), where O'Brien-Fleming's would need p < 0.0001 there.
 *
 * @param runs   the runs a side at each look, ascending
 * @param alphas the α spent at each look
 */
public record Sequential(List<Integer> runs, List<Double> alphas) {
    /** The runs a side of the first look. */
    public static final int FIRST_LOOK = 5;
    /** The most runs a side by default. */
    public static final int DEFAULT_MAX_RUNS = 20;

    public Sequential {
        runs = List.copyOf(runs);
        alphas = List.copyOf(alphas);
    }

    /** One look at {@code n} runs a side, at the whole α: a fixed count ({@code -r N}). */
    public static Sequential fixed(int n, double alpha) {
        return new Sequential(List.of(n), List.of(alpha));
    }

    /** Looks at 5, 10, 20, … runs a side up to {@code maxRuns} (the last look there), α spent across them. */
    public static Sequential upTo(int maxRuns, double alpha) {
        List<Integer> looks = new ArrayList<>();
        for (int n = FIRST_LOOK; n < maxRuns; n *= 2) {
            looks.add(n);
        }
        looks.add(maxRuns);
        List<Double> alphas = new ArrayList<>();
        double spent = 0;
        for (int n : looks) {
            double total = spent(alpha, (double) n / maxRuns);
            alphas.add(total - spent);
            spent = total;
        }
        return new Sequential(looks, alphas);
    }

    /** The α spent by the share {@code t} of the runs: α · ln(1 + (e − 1) t). */
    static double spent(double alpha, double t) {
        return alpha * Math.log(1 + (Math.E - 1) * Math.min(1, t));
    }

    /** The most runs a side. */
    public int maxRuns() {
        return runs.get(runs.size() - 1);
    }

    /** Whether this is a single look (a fixed count). */
    public boolean fixed() {
        return runs.size() == 1;
    }

    /** The plan in words, for the line printed before the runs. */
    public String plan() {
        double all = alphas.stream().mapToDouble(Double::doubleValue).sum();
        return "looks at " + String.join(", ", runs.stream().map(String::valueOf).toList()) + " runs a side" + (runs.size() == 1
                ? "" : String.format(Locale.ROOT, " (each look judged more strictly than one alone, so that all %d together"
                + " find a change that is not there at most %.0f%% of the time)", runs.size(), 100 * all));
    }

    /**
     * What is still undecided in {@code t}, judged at a look: each configuration's primary measure whose change is
     * neither shown nor shown within the --min-effect, and each rule's row that is neither beyond nor within its limit;
     * empty where the comparison can stop.
     */
    public static List<LookRow> undecided(Table t, List<Gate.Rule> rules, double alpha) {
        List<LookRow> out = new ArrayList<>();
        for (int c = 1; c < t.columns().size(); c++) {
            Row p = Families.primary(t.rows(), c);
            Significance s = p == null ? null : p.tests().get(c);
            boolean decided = s != null && (s.verdict() == Significance.Verdict.SIGNIFICANT
                    || s.judgement().answer() == Significance.Answer.SAME || s.judgement().family() == Significance.Family.RULE);
            if (p != null && !decided) {
                out.add(new LookRow(p.metric(), t.columns().get(c), s, Double.NaN));
            }
        }
        for (Gate.Problem pr : Gate.problems(t, rules, alpha)) {
            if (pr.kind() == Gate.Problem.Kind.UNDECIDED) {
                out.add(new LookRow(pr.metric(), pr.column(), pr.test(), pr.rule().limit()));
            }
        }
        return out;
    }

    /**
     * Each configuration's primary measure shown changed whose interval is wider than {@code points} percentage points
     * and than half the change itself (a -40% change known to +-5 points is known well enough): the change is found but
     * its size is not, so a comparison run until decided goes on where it may (compare --precision). Going on does not
     * add to the error: each look is judged at its own α and the looks' errors add up to at most α whichever looks are
     * taken, so a change is falsely shown at some look at most α of the time.
     */
    public static List<LookRow> imprecise(Table t, double points) {
        List<LookRow> out = new ArrayList<>();
        if (!(points > 0)) {
            return out;
        }
        for (LookRow u : primaries(t)) {
            Significance s = u.test();
            if (s == null || s.verdict() != Significance.Verdict.SIGNIFICANT || Double.isNaN(s.ciLow())
                    || s.judgement().family() == Significance.Family.RULE) {
                continue;
            }
            double width = 100 * (s.ciHigh() - s.ciLow());
            if (width > points && width > 50 * Math.abs(s.judgement().estimate().change())) {
                out.add(u);
            }
        }
        return out;
    }

    /** Each configuration's primary measure as a look judged it: what decided it, where the comparison stops. */
    public static List<LookRow> primaries(Table t) {
        List<LookRow> out = new ArrayList<>();
        for (int c = 1; c < t.columns().size(); c++) {
            Row p = Families.primary(t.rows(), c);
            if (p != null) {
                out.add(new LookRow(p.metric(), t.columns().get(c), p.tests().get(c), Double.NaN));
            }
        }
        return out;
    }

    /**
     * A row of a configuration as a look judged it: what is still undecided ({@link #undecided}), or each primary
     * measure where the comparison stops ({@link #primaries}).
     *
     * @param metric the row
     * @param column the configuration
     * @param test   its judged change (null where it has none)
     * @param limit  a rule's limit, or NaN for the primary measure (held against the --min-effect)
     */
    public record LookRow(Metric metric, String column, Significance test, double limit) {
    }
}

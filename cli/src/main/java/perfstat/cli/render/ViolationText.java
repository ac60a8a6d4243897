package perfstat.cli.render;

import java.util.Locale;
import perfstat.cli.stats.Gate;

/** A gate's regression in words: {@code fstime (KB/s) -9.67% (p=0.023) in unpatched against patched, beyond -5.0%}. */
public final class ViolationText {
    private ViolationText() {
    }

    public static String of(Gate.Violation v) {
        String where = String.format(Locale.ROOT, "%s %+.2f%%%s in %s against %s", v.metric().label().trim(),
                100 * v.delta(), interval(v.ciLow(), v.ciHigh()), v.column(), v.baseline());
        return where + (v.kind() == Gate.Violation.Kind.BEYOND_RULE
                ? String.format(Locale.ROOT, ", beyond %+.1f%%", 100 * v.limit())
                : String.format(Locale.ROOT, ", worse by more than %.1f%%", 100 * v.limit()));
    }

    /** A row the threshold cannot judge, in one line: {@code --threshold 5.0%: fstime (KB/s) in patched -26.62%, worse by more than 5.0%, but …}. */
    public static String of(Gate.Unjudged u) {
        if (u.undecided()) {
            return String.format(Locale.ROOT, "--threshold %.1f%%: %s in %s %+.2f%% [%s, %s]: the runs cannot tell whether"
                    + " it got worse by more than %.1f%%: exit 125, as git bisect run skips a commit", 100 * u.threshold(),
                    u.metric().label().trim(), u.column(), 100 * u.delta(), Formats.bound(u.low()), Formats.bound(u.high()),
                    100 * u.threshold());
        }
        return String.format(Locale.ROOT, "--threshold %.1f%%: %s in %s %+.2f%%, worse by more than %.1f%%, but %s:"
                + " exit 125, as git bisect run skips a commit", 100 * u.threshold(), u.metric().label().trim(), u.column(),
                100 * u.delta(), 100 * u.threshold(), u.why());
    }

    /** What the gate cannot judge, in one line. */
    public static String of(Gate.Problem p) {
        String rule = "--fail-on '" + p.rule().metric() + String.format(Locale.ROOT, ":%+.1f%%'", 100 * p.rule().limit());
        return switch (p.kind()) {
            case UNKNOWN_METRIC -> rule + (p.rule().metric().equalsIgnoreCase("score") ? ": the recordings have no score, so it"
                    + " names no metric of the table" : " names no metric of the table")
                    + (p.closest().isEmpty() ? "" : " (closest: " + String.join(", ", p.closest()) + ")")
                    + (p.rule().metric().contains("/") ? "; a row per unit of work (EVENT/UNIT) needs --per UNIT where the"
                    + " recordings have no unit of their own" : "");
            case MISSING_ON_A_SIDE -> rule + ": " + p.metric().key() + " has no value in " + p.column() + ", so it cannot be judged";
            case UNDECIDED -> rule + ": " + p.metric().key() + " in " + p.column() + (p.test() == null
                    || Double.isNaN(p.test().ciLow()) ? " is undecided (too few runs or timed calls to judge)"
                    : String.format(Locale.ROOT, " is %+.2f%%%s, which crosses the limit", 100 * p.test().judgement().estimate().change(),
                    interval(p.test().ciLow(), p.test().ciHigh())))
                    + ": exit 125, as git bisect run skips a commit";
            case WITHIN -> rule + ": " + p.metric().key() + " in " + p.column() + String.format(Locale.ROOT,
                    " %+.2f%%%s: shown within %+.1f%%", 100 * p.test().judgement().estimate().change(),
                    interval(p.test().ciLow(), p.test().ciHigh()), 100 * p.rule().limit());
        };
    }

    /**
     * Why a sequential comparison goes on: {@code fstime (KB/s) in patched: [-2.1%, +6.4%] crosses +-5%} (the
     * --min-effect), or a rule's limit; {@code undecided} where there is no interval yet.
     */
    public static String of(perfstat.cli.stats.Sequential.LookRow u, double minEffect) {
        String what = u.metric().label().trim() + " in " + u.column();
        if (u.test() == null || Double.isNaN(u.test().ciLow())) {
            return what + ": undecided";
        }
        String limit = Double.isNaN(u.limit()) ? String.format(Locale.ROOT, "holds both 0 and a change beyond +-%.0f%%",
                100 * minEffect) : String.format(Locale.ROOT, "crosses %+.1f%%", 100 * u.limit());
        return what + ":" + interval(u.test().ciLow(), u.test().ciHigh()) + " " + limit;
    }

    /**
     * What decided a primary measure where a comparison run until decided stops: {@code loop_ms (ms) in B: changed
     * [-14.7%, -1.2%]}, {@code ... within +-5% [...]}, or, where a --fail-on rule names it, the rule's answer, which then
     * stands in for the --min-effect ({@code ... [-6.6%, +22.5%] within +50.0%, by its --fail-on rule}).
     */
    public static String decided(perfstat.cli.stats.Sequential.LookRow u, double minEffect) {
        String what = u.metric().label().trim() + " in " + u.column() + ":";
        if (u.test() == null || Double.isNaN(u.test().ciLow())) {
            return what + " no estimate";
        }
        String interval = interval(u.test().ciLow(), u.test().ciHigh());
        perfstat.cli.stats.Significance.Judgement j = u.test().judgement();
        if (j.family() == perfstat.cli.stats.Significance.Family.RULE) {
            return what + interval + Formats.ruleAnswer(j) + ", by its --fail-on rule (not --min-effect)";
        }
        if (u.test().verdict() == perfstat.cli.stats.Significance.Verdict.SIGNIFICANT) {
            return what + " changed" + interval;
        }
        return what + String.format(Locale.ROOT, " within +-%.0f%%", 100 * minEffect) + interval;
    }

    /** {@code  [+1.2%, +3.4%]}, or "" where there is no interval. */
    private static String interval(double low, double high) {
        return Double.isNaN(low) ? "" : " [" + Formats.bound(low) + ", " + Formats.bound(high) + "]";
    }
}

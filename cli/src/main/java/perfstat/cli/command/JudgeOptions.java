package perfstat.cli.command;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import perfstat.cli.user.UserError;
import perfstat.cli.render.ViolationText;
import perfstat.cli.stats.Comparison;
import perfstat.cli.stats.Gate;
import perfstat.cli.stats.Table;
import picocli.CommandLine.Option;

/** How {@code diff} and {@code compare} judge deltas, and the CI gate. */
public final class JudgeOptions {
    @Option(names = "--min-effect", defaultValue = "5%", paramLabel = "N%",
            description = "The smallest change that matters: a row whose interval lies within +-N%% is shown the same (=),"
                    + " one whose interval crosses it is undecided (default: ${DEFAULT-VALUE}).")
    String minEffect;

    @Option(names = "--confidence", paramLabel = "LEVEL",
            description = "Confidence level of the intervals, 0.95 or 95%%; alpha is 1 - LEVEL (default: 0.95).")
    String confidenceText;

    /** The level the intervals are at, once {@link #options()} has read the options. */
    double confidence = 0.95;

    @Option(names = "--alpha", paramLabel = "ALPHA",
            description = "Significance level, the false discovery rate controlled across a table's rows: 1 - the confidence"
                    + " (default: 0.05; between 0 and 0.5).")
    Double alpha;

    @Option(names = "--fail-on", paramLabel = "METRIC:+N%",
            description = "A gate: exit 1 when METRIC's interval lies beyond N%% in that direction, 0 when it is shown within,"
                    + " 125 when the runs cannot tell (repeatable; the rules are judged together, Bonferroni).")
    List<String> failOn = new ArrayList<>();

    @Option(names = "--threshold", paramLabel = "N%",
            description = "Exit 1 when any metric with a direction gets significantly worse by more than N%%; 125 (as git"
                    + " bisect run skips a commit) where the primary measure's interval reaches worse than N%% and no change"
                    + " beyond it is shown, or a row worse by more has too few runs to judge.")
    String threshold;

    @picocli.CommandLine.Mixin
    PerOption per = new PerOption();

    @Option(names = "--hot", paramLabel = "N", defaultValue = "10",
            description = "Compare the top N methods of the execution samples, self and total (default: ${DEFAULT-VALUE}; 0: none).")
    int hot;

    Comparison.Options options() {
        if (hot < 0) {
            throw UserError.usage("--hot must be 0 or more, not " + hot);
        }
        if (alpha != null && confidenceText != null) {
            throw UserError.usage("--alpha and --confidence say the same thing (alpha is 1 - the confidence): give one");
        }
        if (alpha != null) {
            if (!(alpha > 0 && alpha < 0.5)) {
                throw UserError.usage("--alpha must be between 0 and 0.5, not " + alpha);
            }
            confidence = 1 - alpha;
        }
        if (confidenceText != null) {
            confidence = level(confidenceText);
        }
        threshold();
        return new Comparison.Options(confidence, hot, rules(), minEffect(), Double.NaN, per.unit());
    }

    /** A confidence level written as a fraction (0.99) or a percentage (99%), between 0.5 and 1. */
    static double level(String text) {
        String t = text.strip();
        double v;
        try {
            v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1)) / 100 : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v > 0.5 && v < 1)) {
            throw UserError.usage("--confidence wants a level between 0.5 and 1 (0.95, or 95%), not '" + text + "'");
        }
        return v;
    }

    List<Gate.Rule> rules() {
        List<Gate.Rule> rules = new ArrayList<>();
        try {
            for (String f : failOn) {
                rules.add(Gate.Rule.parse(f));
            }
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        return rules;
    }

    /** The --min-effect as a fraction (0.05). */
    double minEffect() {
        String t = minEffect.trim();
        if (!t.matches("[0-9]+(\\.[0-9]+)?%") || Double.parseDouble(t.substring(0, t.length() - 1)) <= 0) {
            throw UserError.usage("--min-effect wants a positive N% (e.g. 5%), not '" + minEffect + "'");
        }
        return Double.parseDouble(t.substring(0, t.length() - 1)) / 100;
    }

    private double threshold() {
        try {
            return threshold == null ? Double.NaN : Gate.parseThreshold(threshold);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    /** Refuses, as a usage error (exit 2), a gate that cannot judge: a rule naming no metric of the table, or one missing on a side. */
    void refuse(Table t) {
        for (Gate.Problem p : Gate.problems(t, rules(), 0.05)) {
            if (p.usage()) {
                throw UserError.usage(ViolationText.of(p));
            }
        }
    }

    /** Exit status of {@code git bisect run} for a commit it cannot judge: skip it. */
    static final int UNDECIDED = 125;

    /**
     * The exit status the gate gives: 1 (and a line per regression on {@code err}); else 125 where a gated metric is
     * undecided (a line each); else 0.
     */
    int gate(Table t, String command, PrintWriter err) {
        return gate(t, command, err, 1 - confidence);
    }

    /** As {@link #gate(Table, String, PrintWriter)}, the rules judged at {@code alpha} (a sequential comparison's look). */
    int gate(Table t, String command, PrintWriter err, double alpha) {
        refuse(t);
        List<Gate.Violation> v = Gate.violations(t, rules(), threshold(), alpha);
        for (Gate.Violation regression : v) {
            err.println(command + ": regression: " + ViolationText.of(regression));
        }
        if (!v.isEmpty()) {
            return 1;
        }
        boolean undecided = false;
        for (Gate.Unjudged u : Gate.unjudged(t, threshold())) { // a threshold that cannot judge does not pass
            undecided = true;
            err.println(command + ": undecided: " + ViolationText.of(u));
        }
        for (Gate.Problem p : Gate.problems(t, rules(), alpha)) {
            boolean within = p.kind() == Gate.Problem.Kind.WITHIN;
            undecided |= !within;
            err.println(command + (within ? ": within: " : ": undecided: ") + ViolationText.of(p));
        }
        return undecided ? UNDECIDED : 0;
    }
}

package perfstat.cli.command;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import perfstat.cli.UserError;
import perfstat.cli.render.ViolationText;
import perfstat.cli.stats.Comparison;
import perfstat.cli.stats.Gate;
import perfstat.cli.stats.Significance;
import perfstat.cli.stats.Table;
import picocli.CommandLine.Option;

/** How {@code diff} and {@code compare} judge deltas, and the CI gate. */
public final class JudgeOptions {
    @Option(names = "--test", defaultValue = "u", paramLabel = "u|welch",
            description = "Significance test: u (Mann-Whitney U, as benchstat) or welch (Welch's t) (default: ${DEFAULT-VALUE}).")
    String test;

    @Option(names = "--confidence", defaultValue = "0.95", paramLabel = "LEVEL",
            description = "Confidence level of the intervals; alpha is 1 - LEVEL (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(names = "--alpha", paramLabel = "ALPHA",
            description = "Significance level, the false discovery rate controlled across a table's rows: 1 - the confidence"
                    + " (default: 0.05; between 0 and 0.5).")
    Double alpha;

    @Option(names = "--fail-on", paramLabel = "METRIC:+N%",
            description = "Exit 1 when METRIC changes significantly by more than N%% in that direction (repeatable).")
    List<String> failOn = new ArrayList<>();

    @Option(names = "--threshold", paramLabel = "N%",
            description = "Exit 1 when any metric with a direction gets significantly worse by more than N%%.")
    String threshold;

    @Option(names = "--hot", paramLabel = "N", defaultValue = "10",
            description = "Compare the top N methods of the execution samples, self and total (default: ${DEFAULT-VALUE}; 0: none).")
    int hot;

    Comparison.Options options() {
        if (hot < 0) {
            throw UserError.usage("--hot must be 0 or more, not " + hot);
        }
        Significance.Test t = switch (test.toLowerCase(java.util.Locale.ROOT)) {
            case "u", "mann-whitney", "utest" -> Significance.Test.U;
            case "welch", "t" -> Significance.Test.WELCH;
            default -> throw UserError.usage("--test must be u or welch, not '" + test + "'");
        };
        if (alpha != null) {
            if (!(alpha > 0 && alpha < 0.5)) {
                throw UserError.usage("--alpha must be between 0 and 0.5, not " + alpha);
            }
            confidence = 1 - alpha;
        }
        if (!(confidence > 0.5 && confidence < 1)) {
            throw UserError.usage("--confidence must be between 0.5 and 1, not " + confidence);
        }
        rules();
        threshold();
        return new Comparison.Options(t, confidence, hot);
    }

    private List<Gate.Rule> rules() {
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

    private double threshold() {
        try {
            return threshold == null ? Double.NaN : Gate.parseThreshold(threshold);
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
    }

    /** Refuses, as a usage error (exit 2), a gate that cannot judge: a rule naming no metric of the table, or one missing on a side. */
    void refuse(Table t) {
        for (Gate.Problem p : Gate.problems(t, rules())) {
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
        refuse(t);
        List<Gate.Violation> v = Gate.violations(t, rules(), threshold());
        for (Gate.Violation regression : v) {
            err.println(command + ": regression: " + ViolationText.of(regression));
        }
        if (!v.isEmpty()) {
            return 1;
        }
        List<Gate.Problem> undecided = Gate.problems(t, rules());
        for (Gate.Problem p : undecided) {
            err.println(command + ": undecided: " + ViolationText.of(p));
        }
        return undecided.isEmpty() ? 0 : UNDECIDED;
    }
}

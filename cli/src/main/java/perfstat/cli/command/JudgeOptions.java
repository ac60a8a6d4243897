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

    /** The exit status the gate gives: 1 (and a line per regression on {@code err}) or 0. */
    int gate(Table t, String command, PrintWriter err) {
        List<Gate.Violation> v = Gate.violations(t, rules(), threshold());
        for (Gate.Violation regression : v) {
            err.println(command + ": regression: " + ViolationText.of(regression));
        }
        return v.isEmpty() ? 0 : 1;
    }
}

package perfstat.cli.command;

import java.util.List;
import perfstat.agent.AgentOptions;
import perfstat.cli.user.UserError;
import perfstat.cli.read.RunData;
import perfstat.cli.score.ScorePattern;
import picocli.CommandLine.Option;

/** The options of {@code compare} and {@code stat} of commands that make a number in the program's output its score. */
public final class ScoreOptions {
    @Option(names = "--score", paramLabel = "REGEX",
            description = "The program's own score: a number in its output, the pattern's group 1 (each line is searched;"
                    + " a run's score is the mean of its matches), e.g. 'loop_ms=([0-9.]+)'. The primary measure.")
    String regex;

    @Option(names = "--iteration-score", paramLabel = "REGEX",
            description = "As --score, but each number found is one iteration of the program's loop, in the order run"
                    + " (one number a line, as JMH and many harnesses print): each run is judged by its steady state, its"
                    + " warm-up counted apart, e.g. 'iteration ms=([0-9.]+)'.")
    String iterationRegex;

    @Option(names = "--iteration", paramLabel = "METHOD",
            description = "Each call of this method (pkg.Class::method; an overload's parameter types may be given) is one"
                    + " iteration of the program's loop: the agent times every call (wall time, the thread's CPU time and the"
                    + " bytes it allocated, about 1 us a call), each run is judged by its steady state, its warm-up counted"
                    + " apart. The primary measure.")
    String iteration;

    @Option(names = "--score-unit", paramLabel = "UNIT", description = "The score's unit, as the table prints it (ms, ops/s).")
    String unit;

    @Option(names = "--lower-is-better",
            description = "A smaller score is an improvement (a time); by default a larger one is (a throughput).")
    boolean lowerIsBetter;

    /** The pattern, checked before any run (a usage error where it does not compile or has no group), or null. */
    ScorePattern pattern() {
        if (regex != null && iterationRegex != null) {
            throw UserError.usage("--score and --iteration-score name one score: give one of them");
        }
        if (iteration != null && (regex != null || iterationRegex != null)) {
            throw UserError.usage("--iteration and " + (regex != null ? "--score" : "--iteration-score")
                    + " name one score: give one of them");
        }
        if (iteration != null && (unit != null || lowerIsBetter)) {
            throw UserError.usage((unit != null ? "--score-unit" : "--lower-is-better") + " is for --score and"
                    + " --iteration-score: --iteration's score is each call's time in ms, lower better");
        }
        if (regex == null && iterationRegex == null) {
            if (unit != null || lowerIsBetter) {
                throw UserError.usage((unit != null ? "--score-unit" : "--lower-is-better") + " needs --score REGEX"
                        + " or --iteration-score REGEX");
            }
            return null;
        }
        return regex != null ? ScorePattern.of(regex, unit, lowerIsBetter) : ScorePattern.of(iterationRegex, unit, lowerIsBetter, true);
    }

    /** Where {@code --iteration} is given, each call of its method an iteration ({@link AgentOptions#ITERATION}); checked. */
    AgentOptions.Builder applyTo(AgentOptions.Builder b) {
        if (iteration != null) {
            try {
                b.text(AgentOptions.ITERATION, iteration);
            } catch (AgentOptions.BadOption e) {
                throw UserError.usage(e.getMessage().replace("option 'iteration'", "--iteration"));
            }
        }
        return b;
    }

    /** What a rule of {@code --fail-on} may name of the score before any run: its row, without a value. */
    RunData.ProgramScore names(ScorePattern p) {
        if (iteration != null) {
            return RunData.ProgramScore.of(new RunData.IterationSeries(iteration, new java.time.Instant[] {java.time.Instant.EPOCH},
                    new long[] {1}, new long[] {1}, new long[] {1}, 0, 1));
        }
        return p == null ? null : new RunData.ProgramScore(p.name(), p.unit(), p.higherIsBetter(), 1, List.of(1.0), p.iterations());
    }

    /** Whether the score is iterations ({@code --iteration}, {@code --iteration-score}). */
    boolean iterations(ScorePattern p) {
        return iteration != null || p != null && p.iterations();
    }

    /** The option that names the score ({@code --score}, {@code --iteration-score}, {@code --iteration}), or null. */
    String option(ScorePattern p) {
        return iteration != null ? "--iteration" : p == null ? null : p.option();
    }
}

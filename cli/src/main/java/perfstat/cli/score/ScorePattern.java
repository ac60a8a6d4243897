package perfstat.cli.score;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import perfstat.cli.user.UserError;

/**
 * The user's {@code --score REGEX}: a number in a command's output, its group 1, with the
 * score's unit and direction. Each line of the output is searched; every match is one number,
 * and the run's score is their mean (a program that prints one result line gives one).
 *
 * @param regex          the pattern as given
 * @param pattern        the pattern compiled
 * @param name           what the table calls the score: the words of the pattern before its first group, else "score"
 * @param unit           the score's unit, "" where none was given
 * @param higherIsBetter whether a larger number is an improvement (a throughput), not a regression (a time)
 * @param iterations     whether each number is one iteration of the program's loop ({@code --iteration-score}), the run
 *                       judged by its steady state, rather than one score's samples
 */
public record ScorePattern(String regex, Pattern pattern, String name, String unit, boolean higherIsBetter,
                           boolean iterations) {
    /** How many lines of an output without a match the error quotes. */
    static final int QUOTED_LINES = 5;
    /** How many characters of each such line it quotes. */
    private static final int QUOTED_WIDTH = 100;

    /** The numbers one run's output gave, in the order printed (at least one). */
    public record Found(List<Double> values) {
        public Found {
            values = List.copyOf(values);
        }

        /** Their mean: the run's score. */
        public double mean() {
            return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        }
    }

    /**
     * The pattern {@code regex}, checked: it compiles and has a group; a usage error (one line,
     * exit 2) otherwise, before any run. {@code unit} may be null.
     */
    public static ScorePattern of(String regex, String unit, boolean lowerIsBetter) {
        return of(regex, unit, lowerIsBetter, false);
    }

    /** As {@link #of(String, String, boolean)}; with {@code iterations}, each number found is one iteration. */
    public static ScorePattern of(String regex, String unit, boolean lowerIsBetter, boolean iterations) {
        String option = iterations ? "--iteration-score" : "--score";
        Pattern p;
        try {
            p = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw UserError.usage(option + " '" + regex + "' is not a regular expression: " + e.getDescription()
                    + " near index " + e.getIndex());
        }
        if (p.matcher("").groupCount() < 1) {
            throw UserError.usage(option + " '" + regex + "' has no group: put the number in parentheses, as in"
                    + " 'loop_ms=([0-9.]+)'");
        }
        return new ScorePattern(regex, p, nameOf(regex), unit == null ? "" : unit.strip(), !lowerIsBetter, iterations);
    }

    /**
     * The words of {@code regex} before its first group: {@code loop_ms=([0-9.]+)} is loop_ms,
     * {@code ^Score: (\d+)} is Score; "score" where there are none. Escapes are dropped ({@code \s}),
     * and what is not a letter, digit, '_' or a space between words.
     */
    static String nameOf(String regex) {
        int open = regex.indexOf('(');
        String before = open < 0 ? regex : regex.substring(0, open);
        String words = before.replaceAll("\\\\.", " ").replaceAll("[^A-Za-z0-9_]+", " ").strip();
        return words.isEmpty() ? "score" : words;
    }

    /** The option the pattern was given with, as errors name it. */
    public String option() {
        return iterations ? "--iteration-score" : "--score";
    }

    /** The table's label of the score row: its name and unit, as a model's score reads ({@code loop_ms (ms)}). */
    public String label() {
        return unit.isEmpty() ? name : name + " (" + unit + ")";
    }

    /**
     * The numbers the output in {@code file} gives; a data error (exit 1) where it has none,
     * quoting its first lines, or where a group's text is not a number.
     *
     * @param what the run, as the error names it ({@code "new run 1 of 5"})
     */
    public Found find(Path file, String what) {
        List<Double> values = new ArrayList<>();
        List<String> first = new ArrayList<>();
        // a byte that is not UTF-8 reads as U+FFFD: a program's output need not be text
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (first.size() < QUOTED_LINES) {
                    first.add(line.length() > QUOTED_WIDTH ? line.substring(0, QUOTED_WIDTH) + "…" : line);
                }
                Matcher m = pattern.matcher(line);
                while (m.find()) {
                    values.add(number(m.group(1), what));
                }
            }
        } catch (IOException e) {
            throw UserError.data("cannot read the output of " + what + " (" + file + "): " + e.getMessage());
        }
        if (values.isEmpty()) {
            throw UserError.data(option() + " '" + regex + "' found nothing in the output of " + what + (first.isEmpty()
                    ? ", which printed nothing" : ", which begins: " + String.join(" | ", first)));
        }
        return new Found(values);
    }

    private double number(String text, String what) {
        try {
            if (text == null) {
                throw new NumberFormatException();
            }
            double v = Double.parseDouble(text.strip());
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw UserError.data(option() + " '" + regex + "': group 1 matched '" + text + "' in the output of " + what
                    + ", which is not a number");
        }
    }
}

package perfstat.cli.user;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Durations as users write them: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}; a bare
 * number is seconds; {@code forever} is {@link #FOREVER} (a run then ends on Ctrl-C or SIGTERM).
 */
public final class Durations implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern FORMAT = Pattern.compile("(\\d+)(ms|s|m|h)?");

    /** "Until stopped": about 36 years, which a nanosecond clock still holds. */
    public static final Duration FOREVER = Duration.ofDays(365L * 36);

    public static Duration parse(String text) {
        if (text.trim().equals("forever")) {
            return FOREVER;
        }
        Matcher m = FORMAT.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (write it like 500ms, 10s, 2m)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
        };
    }

    /** Short form for titles: 10 s, 500 ms, 2 min. */
    public static String format(Duration d) {
        if (d.compareTo(FOREVER) >= 0) {
            return "until stopped";
        }
        long ms = d.toMillis();
        if (ms % 60_000 == 0 && ms >= 60_000) {
            return ms / 60_000 + " min";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + " s";
        }
        return ms + " ms";
    }

    @Override
    public Duration convert(String value) {
        try {
            return parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}

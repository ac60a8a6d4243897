package perfstat.cli.render;

import java.util.Locale;
import perfstat.cli.stats.Value;

/** How values and deltas are written in text; shared by the text renderers. */
final class Formats {
    static final String NOT_SUPPORTED = "<not supported>";
    static final String NOT_COUNTED = "<not counted>";
    static final String ABSENT = "-";

    private Formats() {
    }

    static String value(Value v, int decimals) {
        return switch (v.status()) {
            case MEASURED -> String.format(Locale.ROOT, "%." + decimals + "f", v.value());
            case NOT_SUPPORTED -> NOT_SUPPORTED;
            case NOT_COUNTED -> NOT_COUNTED;
            case ABSENT -> ABSENT;
        };
    }

    /** {@code +3.74%}, or "" when there is no delta. */
    static String delta(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%+.2f%%", 100 * d);
    }
}

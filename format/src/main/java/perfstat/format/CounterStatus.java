package perfstat.format;

import java.util.Locale;

/**
 * A counter's status, as the agent reads it and as {@code perfstat.PerfCounter}'s {@code status}
 * field and the interval log carry it. One enum for writer and reader: the agent (in
 * perfstat.jar, which holds this module) uses it at run time, the reader parses the text back
 * with {@link #parse}.
 */
public enum CounterStatus {
    /** Read, with a value. */
    COUNTED("counted"),
    /** Opened, but it never ran (multiplexed out, or no thread to count). */
    NOT_COUNTED("not counted"),
    /** This machine or JVM cannot count it; the source says why. */
    NOT_SUPPORTED("not supported");

    private final String text;

    CounterStatus(String text) {
        this.text = text;
    }

    /** The text in the recording's {@code status} field: counted, not counted, not supported. */
    public String text() {
        return text;
    }

    /** The token in the agent's interval log (one word: counted, not_counted, not_supported). */
    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status of a recording's text or an interval log's token; {@link #NOT_SUPPORTED} for
     * anything else (null included): a value that cannot be read as counted is not shown as one.
     */
    public static CounterStatus parse(String s) {
        if (s != null) {
            for (CounterStatus c : values()) {
                if (c.text.equals(s) || c.token().equals(s)) {
                    return c;
                }
            }
        }
        return NOT_SUPPORTED;
    }
}

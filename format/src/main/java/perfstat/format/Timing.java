package perfstat.format;

import java.util.Locale;

/**
 * How the agent times a probed method's calls, as its option ({@code timing=}) and perfstat.Probe's {@code timing} field
 * spell it: every call, a sample of them, or none.
 */
public enum Timing {
    SAMPLED, EXACT, OFF;

    /** The spelling: {@code sampled}, {@code exact}, {@code off}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return text();
    }

    /** The timing spelled {@code text}, or null where none is. */
    public static Timing named(String text) {
        for (Timing t : values()) {
            if (t.text().equals(text)) {
                return t;
            }
        }
        return null;
    }
}

package perfstat.cli.render;

import java.util.Locale;
import perfstat.cli.stats.Gate;

/** A gate's regression in words: {@code fstime (KB/s) -9.67% (p=0.023) in unpatched against patched, beyond -5.0%}. */
public final class ViolationText {
    private ViolationText() {
    }

    public static String of(Gate.Violation v) {
        String where = String.format(Locale.ROOT, "%s %+.2f%% (p=%.3f) in %s against %s", v.metric().label().trim(),
                100 * v.delta(), v.pValue(), v.column(), v.baseline());
        return where + (v.kind() == Gate.Violation.Kind.BEYOND_RULE
                ? String.format(Locale.ROOT, ", beyond %+.1f%%", 100 * v.limit())
                : String.format(Locale.ROOT, ", worse by more than %.1f%%", 100 * v.limit()));
    }
}

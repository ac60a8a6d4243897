package perfstat.cli.render;

import java.util.Locale;
import perfstat.format.JdkEvent;
import perfstat.cli.stats.Metric;
import perfstat.cli.stats.Significance;
import perfstat.cli.stats.Value;

/** How values and deltas are written in text; shared by the text renderers. */
final class Formats {
    static final String NOT_SUPPORTED = "<not supported>";
    static final String NOT_COUNTED = "<not counted>";
    /** A method a pattern matched that the agent could not probe; a footer line says why. */
    static final String NOT_PROBED = "<not probed>";

    private Formats() {
    }

    static String value(Value v, int decimals) {
        return switch (v.status()) {
            case MEASURED -> String.format(Locale.ROOT, "%." + digits(v.value(), decimals) + "f", v.value());
            case NOT_SUPPORTED -> NOT_SUPPORTED;
            // a value the recordings do not have is not counted, with a note saying why; never "-"
            case NOT_COUNTED, ABSENT -> NOT_COUNTED;
            case NOT_PROBED -> NOT_PROBED;
        };
    }

    /**
     * What a row's values in ns are divided by to print in a unit that fits their size: 1e3 (usecs) where the smallest is
     * 10,000 ns or more, 1e6 (msecs) from 10 ms, 1e9 (secs) from 10 s; 1 for every other row (47 msecs, not 46977762.6 ns).
     * The text table only: json and csv keep ns.
     */
    static double divisor(perfstat.cli.stats.Row r) {
        if (!r.metric().label().endsWith(" (ns)")) {
            return 1;
        }
        double least = Double.POSITIVE_INFINITY;
        for (Value v : r.values()) {
            if (v.measured()) {
                least = Math.min(least, Math.abs(v.value()));
            }
        }
        return Double.isInfinite(least) ? 1 : least >= 1e10 ? 1e9 : least >= 1e7 ? 1e6 : least >= 1e4 ? 1e3 : 1;
    }

    /** A row's label in the unit {@link #divisor} chose. */
    static String label(perfstat.cli.stats.Row r, double divisor) {
        String l = r.metric().label();
        return divisor == 1 ? l : l.substring(0, l.length() - 5) + (divisor == 1e3 ? " (usecs)" : divisor == 1e6 ? " (msecs)" : " (secs)");
    }

    /** A value divided by {@link #divisor}'s figure, as a row in that unit prints it (one decimal: the unit is 1000 times the last). */
    static String value(Value v, int decimals, double divisor) {
        if (divisor == 1 || !v.measured()) {
            return value(v, decimals);
        }
        return String.format(Locale.ROOT, "%.1f", v.value() / divisor);
    }

    /**
     * The decimals a value is written with: the row's, but a mean of whole counts (a row of 0 decimals) that is not
     * whole gets three significant digits (at most 6 decimals), so that the change beside it shows in the values too:
     * {@code 3 | 3.38  +12.50%}, {@code 69 | 0.340  -99.51%}, never {@code 3 | 3} or {@code 69 | 0}.
     */
    static int digits(double v, int decimals) {
        if (decimals > 0 || !Double.isFinite(v) || v == Math.rint(v)) {
            return decimals;
        }
        int d = 2 - (int) Math.floor(Math.log10(Math.abs(v)));
        return Math.max(0, Math.min(6, d));
    }

    /**
     * A judged change: the change with its interval where it is shown ({@code +16.92% [+12.1%, +21.9%]}), {@code =} with
     * the interval where it is shown within the --min-effect, {@code ~} with the interval where neither, {@code ?} where
     * the runs are too few to decide; a rule's row adds the gate's answer ({@code worse than +5%}).
     */
    static String judgedDelta(double d, Significance s) {
        if (s == null) {
            return delta(d);
        }
        Significance.Judgement j = s.judgement();
        String ci = Double.isNaN(s.ciLow()) ? "" : " [" + bound(s.ciLow()) + ", " + bound(s.ciHigh()) + "]";
        String verdict = switch (s.verdict()) {
            case SIGNIFICANT -> Double.isNaN(d) ? "from 0" : delta(d) + ci;
            case NOT_SIGNIFICANT -> (j.family() != Significance.Family.RULE && j.answer() == Significance.Answer.SAME ? "=" : "~") + ci;
            case TOO_FEW -> (Double.isNaN(d) ? "" : delta(d) + " ") + "?";
        };
        String n = s.nA() != s.nB() && s.nA() > 1 && s.nB() > 1 ? String.format(Locale.ROOT, " (n=%d+%d)", s.nA(), s.nB()) : "";
        return verdict + (j.family() == Significance.Family.RULE ? ruleAnswer(j) : "") + n;
    }

    /**
     * An interval's bound as a percentage; beyond +1000% as {@code >+1000%}: two runs a side of a noisy row give bounds
     * like +347398479.3%, whose digits say nothing (JSON and CSV keep the number).
     */
    static String bound(double x) {
        return 100 * x > 1000 ? ">+1000%" : String.format(Locale.ROOT, "%+.1f%%", 100 * x);
    }

    /** A rule's answer after its row's change: {@code worse than +5%}, {@code within +5%}, {@code undecided at +5%}. */
    static String ruleAnswer(Significance.Judgement j) {
        String limit = String.format(Locale.ROOT, "%+.1f%%", 100 * j.limit());
        return switch (j.answer()) {
            case BEYOND -> " beyond " + limit;
            case WITHIN, SAME -> " within " + limit;
            case UNDECIDED, NONE -> " undecided at " + limit;
        };
    }

    /**
     * A row's delta in column {@code c}, judged: as {@link #judgedDelta}, but {@code ? (8 timed calls < 20)} where a
     * latency percentile rests on too few timed calls, and {@code [2 groups]} where a side's runs fall into two groups.
     */
    static String judgedDelta(perfstat.cli.stats.Row r, int c) {
        boolean split = c > 0 && (groups(r.spreads().get(0)) || groups(r.spreads().get(c)));
        String delta = judgedDeltaOnly(r, c);
        return delta + (split && !delta.isEmpty() ? " [2 groups]" : ""); // it qualifies a change: none, no tag
    }

    private static boolean groups(perfstat.cli.stats.Spread s) {
        return s != null && s.groups() > 0;
    }

    private static String judgedDeltaOnly(perfstat.cli.stats.Row r, int c) {
        long fewest = r.fewestTimedCalls(c);
        long need = perfstat.cli.stats.Comparison.minimumTimedCalls(r.metric().id().statistic());
        if (c > 0 && fewest >= 0 && fewest < need) { // with or without a value: never judged on so few
            return String.format(Locale.ROOT, "? (%d timed call%s < %d)", fewest, fewest == 1 ? "" : "s", need);
        }
        Significance s = r.tests().get(c);
        if (s != null && s.reason() instanceof Significance.Reason.NotComparable) {
            return "? (not comparable)"; // the sides recorded its events differently: the note says how
        }
        if (r.metric().id().kind() == perfstat.cli.stats.MetricId.Kind.MACHINE) {
            return machineDelta(r, c, s);
        }
        // its own interval leaves out 0; the table's many rows decide against it
        return judgedDelta(r.deltas().get(c), s) + (r.overruled(c) ? " lead" : ""); // its q is json's
    }

    /**
     * A machine row's change as a difference in its unit ({@code +0.650 CPUs [+0.512, +0.788]}), not a percentage: how busy
     * the machine was often starts near 0, where a percentage (+6540%) says nothing. The interval is the row's relative
     * one times the first column's mean; none where that mean is 0.
     */
    private static String machineDelta(perfstat.cli.stats.Row r, int c, Significance s) {
        perfstat.cli.stats.Value a = r.values().get(0);
        perfstat.cli.stats.Value b = r.values().get(c);
        if (!a.measured() || !b.measured()) {
            return "";
        }
        int dp = r.metric().decimals();
        String u = r.metric().id().unit();
        String unit = u.isEmpty() ? "" : " " + (u.equals("ms") ? "msecs" : u); // as the row's label names it
        String diff = String.format(Locale.ROOT, "%+." + dp + "f", b.value() - a.value()) + unit;
        if (s == null) {
            return diff;
        }
        String ci = Double.isNaN(s.ciLow()) || a.value() == 0 ? "" : String.format(Locale.ROOT, " [%+." + dp + "f, %+." + dp + "f]",
                s.ciLow() * a.value(), s.ciHigh() * a.value());
        return switch (s.verdict()) {
            case SIGNIFICANT -> diff + ci;
            case NOT_SIGNIFICANT -> "~" + ci + (ci.isEmpty() ? "" : unit);
            case TOO_FEW -> diff + " ?";
        };
    }

    /** Whether a delta is an improvement (+1), a regression (-1), or neither/undecided (0), for colour. */
    static int direction(Metric m, double d, Significance s) {
        if (s == null || s.verdict() != Significance.Verdict.SIGNIFICANT || Double.isNaN(d) || m.better() == Metric.Better.NEITHER) {
            return 0;
        }
        return (d > 0) == (m.better() == Metric.Better.HIGHER) ? 1 : -1;
    }

    /** Whether to colour: a terminal, and NO_COLOR unset (no-color.org). */
    static boolean colour() {
        if (System.getenv("NO_COLOR") != null) {
            return false;
        }
        java.io.Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(c); // Java 22+
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true;
        }
    }

    /** {@code +3.74%}, or "" when there is no delta. */
    static String delta(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%+.2f%%", 100 * d);
    }

    /** A hot-method change in percentage points, judged as {@link #judgedDelta} judges a relative one. */
    static String judgedPp(double pp, Significance s) {
        if (Double.isNaN(pp)) {
            return "";
        }
        String d = String.format(Locale.ROOT, "%+.2f pp", pp);
        if (s == null) {
            return Double.isNaN(pp) ? "" : d;
        }
        String p = Double.isNaN(s.pValue()) ? "" : String.format(Locale.ROOT, " (p=%.3f)", s.pValue());
        return switch (s.verdict()) {
            case SIGNIFICANT -> d + p;
            case NOT_SIGNIFICANT -> "~" + p;
            case TOO_FEW -> d + " ?";
        };
    }

    /** A share of samples: {@code 12.34%}. */
    static String share(double share) {
        return Double.isNaN(share) ? NOT_COUNTED : String.format(Locale.ROOT, "%.2f%%", 100 * share); // a side without samples
    }

    /**
     * A section's heading, naming the kind of sample counted: {@code hot methods, self (% of 1234 | 1180 CPU-time
     * samples)} where the table's {@link perfstat.cli.stats.Note.SampleKind} says the samples are JFR's CPU-time ones
     * ({@code jdk.CPUTimeSample}), {@code execution samples} where they are {@code jdk.ExecutionSample}, both where the
     * sides differ.
     */
    static String hotHeading(perfstat.cli.stats.HotMethods.Section s, java.util.List<perfstat.cli.stats.Note> notes) {
        return "hot methods, " + s.kind() + " (% of " + String.join(" | ", s.samples().stream().map(String::valueOf).toList())
                + " " + (s.kind().equals("native") ? "native method" : sampleKind(notes)) + " samples)";
    }

    /** {@code CPU-time}, {@code execution}, or both, from the table's note on the samples' event. */
    private static String sampleKind(java.util.List<perfstat.cli.stats.Note> notes) {
        for (perfstat.cli.stats.Note n : notes) {
            if (n instanceof perfstat.cli.stats.Note.SampleKind k && !k.events().isEmpty()) {
                return String.join(" and ", k.events().stream().map(e -> e.equals(JdkEvent.CPU_TIME_SAMPLE.type())
                        ? "CPU-time"
                        : e.equals(JdkEvent.EXECUTION_SAMPLE.type()) ? "execution" : e).toList());
            }
        }
        return "execution"; // a table built without the note: the JDK's default kind
    }

    /** A hot-methods section's methods as its rows print them (the package only where two would print alike). */
    static java.util.Map<String, String> hotNames(perfstat.cli.stats.HotMethods.Section s) {
        return perfstat.cli.stats.MethodNames.shortNames(s.rows().stream().map(perfstat.cli.stats.HotMethods.Row::method).toList());
    }
}

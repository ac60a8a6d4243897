package perfstat.cli.render;

import java.time.Duration;
import java.util.Locale;
import perfstat.cli.stats.Comment;
import perfstat.cli.stats.SteadyState;
import perfstat.cli.stats.CounterMetrics;

/** A row's comment in words, as a report prints it after the row ({@code 1.095 CPUs utilized}): one form per kind of {@link Comment}. */
public final class CommentText {
    private CommentText() {
    }

    public static String of(Comment c) {
        if (c instanceof Comment.Counter k) {
            return counter(k);
        }
        if (c instanceof Comment.CpuFromLoad l) {
            return cpuFromLoad(l);
        }
        if (c instanceof Comment.MachineSwitches) {
            return "[derived: jdk.ThreadContextSwitchRate over time, every process]";
        }
        if (c instanceof Comment.Event e) {
            return e.leavesOut().isEmpty() ? e.event() : e.event() + ", " + e.leavesOut();
        }
        if (c instanceof Comment.Contention k) {
            return k.event() + (k.threshold().isPresent() ? " >= " + threshold(k.threshold().get())
                    : k.notRecorded() ? ", threshold not recorded" : "");
        }
        if (c instanceof Comment.MeanOf m) {
            return m.event() + ", mean";
        }
        return runs(c);
    }

    /** How a run's iterations were classed: {@code warm-up 38 of 400 iterations}, {@code levels (5 segments), no steady state}. */
    private static String iterations(Comment.Iterations i) {
        String of = " of " + i.iterations() + (i.iterations() == 1 ? " iteration" : " iterations");
        return switch (i.kind()) {
            case FLAT -> "flat, steady from the first" + of;
            case WARMUP -> "warm-up, steady after " + i.warmup() + of;
            case SLOWDOWN -> "slowdown, steady after " + i.warmup() + of;
            case LEVELS -> "levels (" + i.segments() + " segments" + of + "), no steady state";
            case NO_STEADY_STATE -> "no steady state (it changed near its end" + of + ")";
            case TOO_SHORT -> "too short: " + i.iterations() + (i.iterations() == 1 ? " iteration" : " iterations")
                    + ", fewer than the " + SteadyState.FEWEST + " a run is classed on";
        };
    }

    /** What a value is of: the score's window, the timed calls, the runs. */
    private static String runs(Comment c) {
        if (c instanceof Comment.Score s) {
            return String.format(Locale.ROOT, "over %.2f s", s.elapsed().toNanos() / 1e9)
                    + (s.intervals() > 1 ? ", " + s.intervals() + " intervals" : "");
        }
        if (c instanceof Comment.Iterations i) {
            return iterations(i);
        }
        if (c instanceof Comment.OutputScore o) {
            return o.matches() == 1 ? "from its output" : "mean of " + o.matches() + " numbers in its output";
        }
        if (c instanceof Comment.WindowScore w) {
            return "mean of " + w.intervals() + " intervals in the window";
        }
        if (c instanceof Comment.TimedCalls t) {
            return t.calls() + " timed calls";
        }
        if (c instanceof Comment.MeanOfRuns m) {
            return "mean of " + m.runs() + " runs";
        }
        if (c instanceof Comment.MergedHistograms m) {
            return "merged histograms of " + m.runs() + " runs";
        }
        if (c instanceof Comment.SettledRuns m) {
            return "mean of the " + m.settled() + " of " + m.runs() + " runs that settled";
        }
        if (c instanceof Comment.MissingInRuns m) {
            return "missing in " + m.missing() + " of " + m.runs() + " runs";
        }
        return ""; // Comment.None
    }

    /** perf's derived figure as perf prints it in the comment column: {@code 1.095 CPUs utilized}, {@code 0.52% of all branches}. */
    static String derived(CounterMetrics.Derived d) {
        if (!d.present()) {
            return "";
        }
        String unit = d.unit();
        String v = String.format(Locale.ROOT, unit.startsWith("%") || unit.equals("insn per cycle") ? "%.2f" : "%.3f", d.value());
        return unit.startsWith("%") ? v + unit : v + " " + unit;
    }

    private static String counter(Comment.Counter k) {
        StringBuilder b = new StringBuilder(derived(k.derived()));
        if (k.runningPct() < 100) {
            b.append(String.format(Locale.ROOT, "  (%.2f%%)", k.runningPct()));
        }
        if (!k.source().isEmpty()) {
            b.append(b.length() == 0 ? "" : "  ").append('[').append(k.source()).append(']');
        }
        return b.toString();
    }

    private static String cpuFromLoad(Comment.CpuFromLoad l) {
        String utilized = Double.isNaN(l.cpusUtilized()) ? "" : String.format(Locale.ROOT, "%.3f CPUs utilized", l.cpusUtilized());
        String derivation = l.coveredPct() > 0
                ? String.format(Locale.ROOT, "[derived: jdk.CPULoad x CPUs; its samples cover %.1f%% of the JVM's life,"
                        + " scaled to all of it]", l.coveredPct()) : "[derived: jdk.CPULoad x CPUs over time]";
        return utilized + (utilized.isEmpty() ? "" : "  ") + derivation;
    }

    /** {@code 10us}, {@code 20ms}, {@code 1500ns}: the largest unit that divides it. */
    private static String threshold(Duration d) {
        long ns = d.toNanos();
        return ns % 1_000_000 == 0 ? ns / 1_000_000 + "ms" : ns % 1000 == 0 ? ns / 1000 + "us" : ns + "ns";
    }

    /** Why a test could not decide, in a few words (JSON's {@code reason}); "" where it decided. */
    public static String reason(perfstat.cli.stats.Significance.Reason r) {
        if (r instanceof perfstat.cli.stats.Significance.Reason.OneSampleASide) {
            return "one sample a side";
        }
        if (r instanceof perfstat.cli.stats.Significance.Reason.UTestCannotReach u) {
            return String.format(Locale.ROOT, "U test: %d+%d samples cannot reach p < %.2g", u.nA(), u.nB(), u.alpha());
        }
        if (r instanceof perfstat.cli.stats.Significance.Reason.TooFewTimedCalls t) {
            return "a sample rests on " + t.fewest() + " timed calls, fewer than " + t.minimum();
        }
        if (r instanceof perfstat.cli.stats.Significance.Reason.NotComparable n) {
            return "not comparable: the sides differ in " + n.what();
        }
        if (r instanceof perfstat.cli.stats.Significance.Reason.Worded w) {
            return w.text();
        }
        return "";
    }
}

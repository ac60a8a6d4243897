package perfstat.cli.stats;

import java.time.Duration;
import java.util.Optional;

/**
 * A row's comment, as a value: what it says of the column's value (perf's derived figure, where
 * the number comes from, what it is the mean of). The render package words each kind
 * ({@code render/CommentText}); {@link #NONE} says nothing.
 */
public sealed interface Comment {
    /** No comment. */
    Comment NONE = new None();

    /** No comment. */
    record None() implements Comment {
    }

    /**
     * A counter's: perf's derived figure (CPUs utilized, GHz, a rate; {@link CounterMetrics.Derived#NONE} for none), the
     * share of the time it ran where it did not run all of it (perf's {@code (50.00%)}), and its source where that is
     * not perf_event_open.
     *
     * @param runningPct the share of the window the counter ran, in percent (100: all of it, not said)
     * @param source     the counter's source where it is a fallback, or ""
     */
    record Counter(CounterMetrics.Derived derived, double runningPct, String source) implements Comment {
        /** A derived figure alone (a rate, CPUs utilized). */
        public static Comment of(CounterMetrics.Derived d) {
            return d.present() ? new Counter(d, 100, "") : NONE;
        }
    }

    /**
     * Task-clock derived from jdk.CPULoad (the load times the hardware threads).
     *
     * @param cpusUtilized CPUs utilized over the samples' time, or NaN where it cannot be said
     * @param coveredPct   the share of the JVM's life the samples cover, in percent, by which the row is scaled; NaN or 0
     *                     where it is not known (the row is then over the samples' time)
     */
    record CpuFromLoad(double cpusUtilized, double coveredPct) implements Comment {
    }

    /** The whole machine's context switches, derived from jdk.ThreadContextSwitchRate. */
    record MachineSwitches() implements Comment {
    }

    /**
     * The JDK event the number comes from, and what it leaves out.
     *
     * @param leavesOut what the number leaves out (the JDK total's words), or ""
     */
    record Event(String event, String leavesOut) implements Comment {
    }

    /**
     * A contention row's JDK event and the threshold above which it is recorded.
     *
     * @param threshold   the threshold as recorded, or empty
     * @param notRecorded perfstat's recording that does not say it (format 1); false for a recording without perfstat
     */
    record Contention(String event, Optional<Duration> threshold, boolean notRecorded) implements Comment {
    }

    /** The mean of a JDK event's samples (jdk.CPULoad). */
    record MeanOf(String event) implements Comment {
    }

    /**
     * A workload's score over its measured window.
     *
     * @param intervals its intervals (at most 1: not said)
     */
    record Score(Duration elapsed, int intervals) implements Comment {
    }

    /**
     * A command's iterations: how its run was classed ({@link SteadyState.Kind}), of how many iterations, the warm-up
     * before its steady state (-1 where it has none) and its segments.
     */
    record Iterations(SteadyState.Kind kind, int iterations, int warmup, int segments) implements Comment {
    }

    /** A command's own score: the mean of the numbers its output printed that the pattern found. */
    record OutputScore(int matches) implements Comment {
    }

    /** A window's score (perfstat attach): the mean of its intervals. */
    record WindowScore(int intervals) implements Comment {
    }

    /** A probe's max: the timed calls it is the largest of. */
    record TimedCalls(long calls) implements Comment {
    }

    /** A column's value: the mean over its runs. */
    record MeanOfRuns(int runs) implements Comment {
    }

    /** A column's latency percentile: read from its runs' merged histograms. */
    record MergedHistograms(int runs) implements Comment {
    }

    /** A column's steady value: the mean over the {@code settled} of its {@code runs} that reached a steady state. */
    record SettledRuns(int settled, int runs) implements Comment {
    }

    /** A column's value that some of its runs lack: not counted, {@code missing} of {@code runs} without it. */
    record MissingInRuns(int missing, int runs) implements Comment {
    }
}

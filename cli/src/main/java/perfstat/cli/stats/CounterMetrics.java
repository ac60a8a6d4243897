package perfstat.cli.stats;

import java.util.Map;

/**
 * perf stat's derived figures, computed as perf computes them: CPUs utilized (task-clock
 * over the window), GHz (cycles over task-clock), insn per cycle, miss ratios, and
 * {@code /sec} rates (per second of task-clock, as perf counts them).
 */
public final class CounterMetrics {
    /** A derived figure: its value and perf's unit text ("CPUs utilized", "K/sec"); NONE when there is none. */
    public record Derived(double value, String unit) {
        public static final Derived NONE = new Derived(Double.NaN, "");

        public boolean present() {
            return !Double.isNaN(value);
        }
    }

    private CounterMetrics() {
    }

    /** Whether perf's event (without modifiers) is a clock, counted in nanoseconds and printed in msec: task-clock, cpu-clock. */
    public static boolean isClock(String baseEvent) {
        return perfstat.format.CounterEvents.isClock(baseEvent);
    }

    /**
     * @param baseEvent perf's name without modifiers
     * @param value     the event's (scaled) count; task-clock in nanoseconds
     * @param totals    the run's scaled counts by base event name, to relate events to each other
     * @param windowNs  the window the counters cover
     */
    public static Derived derived(String baseEvent, double value, Map<String, Double> totals, double windowNs) {
        double taskClockNs = totals.getOrDefault("task-clock", Double.NaN);
        double cycles = totals.getOrDefault("cycles", totals.getOrDefault("cpu-cycles", Double.NaN));
        if (isClock(baseEvent)) {
            return windowNs > 0 ? new Derived(value / windowNs, "CPUs utilized") : Derived.NONE;
        }
        switch (baseEvent) {
            case "cycles", "cpu-cycles":
                return taskClockNs > 0 ? new Derived(value / taskClockNs, "GHz") : Derived.NONE;
            case "instructions":
                return cycles > 0 ? new Derived(value / cycles, "insn per cycle") : Derived.NONE;
            case "branch-misses":
                return ratio(value, totals.get("branches"), totals.get("branch-instructions"), "% of all branches");
            case "cache-misses":
                return ratio(value, totals.get("cache-references"), null, "% of all cache refs");
            case "stalled-cycles-frontend", "idle-cycles-frontend":
                return cycles > 0 ? new Derived(100 * value / cycles, "% frontend cycles idle") : Derived.NONE;
            case "stalled-cycles-backend", "idle-cycles-backend":
                return cycles > 0 ? new Derived(100 * value / cycles, "% backend cycles idle") : Derived.NONE;
            default:
                return rate(value, taskClockNs > 0 ? taskClockNs : windowNs);
        }
    }

    private static Derived ratio(double value, Double of, Double alt, String unit) {
        Double d = of != null ? of : alt;
        return d != null && d > 0 ? new Derived(100 * value / d, unit) : Derived.NONE;
    }

    /** Events per second of {@code ns}, with perf's K/M/G prefixes. */
    public static Derived rate(double value, double ns) {
        if (!(ns > 0) || Double.isNaN(value)) {
            return Derived.NONE;
        }
        double perSec = value / (ns / 1e9);
        if (perSec >= 1e9) {
            return new Derived(perSec / 1e9, "G/sec");
        }
        if (perSec >= 1e6) {
            return new Derived(perSec / 1e6, "M/sec");
        }
        if (perSec >= 1e3) {
            return new Derived(perSec / 1e3, "K/sec");
        }
        return new Derived(perSec, "/sec");
    }
}

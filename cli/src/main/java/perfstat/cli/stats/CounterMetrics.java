package perfstat.cli.stats;

import java.util.Map;
import perfstat.format.PerfEvent;

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
        double taskClockNs = totals.getOrDefault(PerfEvent.TASK_CLOCK.text(), Double.NaN);
        double cycles = totals.getOrDefault(PerfEvent.CYCLES.text(), totals.getOrDefault(PerfEvent.CPU_CYCLES.text(), Double.NaN));
        if (isClock(baseEvent)) {
            return windowNs > 0 ? new Derived(value / windowNs, "CPUs utilized") : Derived.NONE;
        }
        PerfEvent e = PerfEvent.of(baseEvent);
        return switch (e == null ? PerfEvent.TASK_CLOCK : e) {
            case CYCLES, CPU_CYCLES -> taskClockNs > 0 ? new Derived(value / taskClockNs, "GHz") : Derived.NONE;
            case INSTRUCTIONS -> cycles > 0 ? new Derived(value / cycles, "insn per cycle") : Derived.NONE;
            case BRANCH_MISSES -> ratio(value, totals.get(PerfEvent.BRANCHES.text()), totals.get(PerfEvent.BRANCH_INSTRUCTIONS.text()),
                    "% of all branches");
            case CACHE_MISSES -> ratio(value, totals.get(PerfEvent.CACHE_REFERENCES.text()), null, "% of all cache refs");
            case STALLED_CYCLES_FRONTEND, IDLE_CYCLES_FRONTEND -> cycles > 0 ? new Derived(100 * value / cycles,
                    "% frontend cycles idle") : Derived.NONE;
            case STALLED_CYCLES_BACKEND, IDLE_CYCLES_BACKEND -> cycles > 0 ? new Derived(100 * value / cycles,
                    "% backend cycles idle") : Derived.NONE;
            default -> rate(value, taskClockNs > 0 ? taskClockNs : windowNs);
        };
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

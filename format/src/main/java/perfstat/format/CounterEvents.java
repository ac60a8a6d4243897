package perfstat.format;

/**
 * The rules on perf's counters that the agent, which counts, and the reader, which prints, both apply: an event's base
 * name, which events are clocks, and how a multiplexed count is scaled. One place each.
 */
public final class CounterEvents {
    private CounterEvents() {
    }

    /** perf's name without its modifiers: {@code task-clock:u} as {@code task-clock}. */
    public static String baseName(String event) {
        int i = event.indexOf(':');
        return i < 0 ? event : event.substring(0, i);
    }

    /** Whether an event (perf's name without modifiers) counts CPU time, in nanoseconds. */
    public static boolean isClock(String baseName) {
        return PerfEvent.TASK_CLOCK.is(baseName) || PerfEvent.CPU_CLOCK.is(baseName);
    }

    /**
     * A count scaled by its time enabled over its time running, as perf scales a multiplexed counter; the raw count
     * where it ran all the time enabled (or never).
     */
    public static double scaled(long value, long enabledNs, long runningNs) {
        if (runningNs <= 0 || runningNs >= enabledNs) {
            return value;
        }
        return value * ((double) enabledNs / runningNs);
    }
}

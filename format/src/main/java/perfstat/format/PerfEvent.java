package perfstat.format;

import java.util.ArrayList;
import java.util.List;

/**
 * perf's counters that perfstat names itself, by perf's name without modifiers: the agent opens perf stat's default set
 * ({@link #defaults()}), the reader's rows single out some of them (task-clock's split by thread role, the derived
 * figures of cycles, instructions and branches). A counter the user names that is not here is still counted and
 * printed under the name given; these are the ones whose name the code itself uses.
 */
public enum PerfEvent {
    TASK_CLOCK("task-clock", true),
    CONTEXT_SWITCHES("context-switches", true),
    CPU_MIGRATIONS("cpu-migrations", true),
    PAGE_FAULTS("page-faults", true),
    CYCLES("cycles", true),
    INSTRUCTIONS("instructions", true),
    BRANCHES("branches", true),
    BRANCH_MISSES("branch-misses", true),
    /** A clock of CPU time as task-clock is, not in the default set. */
    CPU_CLOCK("cpu-clock", false),
    /** perf's other name for cycles. */
    CPU_CYCLES("cpu-cycles", false),
    /** perf's other name for branches. */
    BRANCH_INSTRUCTIONS("branch-instructions", false),
    CACHE_REFERENCES("cache-references", false),
    CACHE_MISSES("cache-misses", false),
    STALLED_CYCLES_FRONTEND("stalled-cycles-frontend", false),
    /** perf's other name for stalled-cycles-frontend. */
    IDLE_CYCLES_FRONTEND("idle-cycles-frontend", false),
    STALLED_CYCLES_BACKEND("stalled-cycles-backend", false),
    /** perf's other name for stalled-cycles-backend. */
    IDLE_CYCLES_BACKEND("idle-cycles-backend", false);

    private final String text;
    private final boolean inDefaultSet;

    PerfEvent(String text, boolean inDefaultSet) {
        this.text = text;
        this.inDefaultSet = inDefaultSet;
    }

    /** perf's name, as the agent records it and the tables print it. */
    public String text() {
        return text;
    }

    /** Whether {@code event} (perf's name, modifiers allowed: {@code task-clock:u}) is this counter. */
    public boolean is(String event) {
        return text.equals(CounterEvents.baseName(event));
    }

    /** The row key of a part of this counter's count: {@code task-clock:gc}, {@code context-switches:jit}. */
    public String part(String suffix) {
        return text + ":" + suffix;
    }

    /** The counter {@code event} is (perf's name, modifiers allowed), or null for one perfstat does not single out. */
    public static PerfEvent of(String event) {
        String base = CounterEvents.baseName(event);
        for (PerfEvent e : values()) {
            if (e.text.equals(base)) {
                return e;
            }
        }
        return null;
    }

    /** perf stat's default set, in its order: what the agent opens where the user names no event. */
    public static List<String> defaults() {
        List<String> out = new ArrayList<>();
        for (PerfEvent e : values()) {
            if (e.inDefaultSet) {
                out.add(e.text);
            }
        }
        return List.copyOf(out);
    }
}

package perfstat.cli.stats;

import java.util.List;
import java.time.Duration;

/**
 * What a table's heading names, as values (the renderers word it, as perf does: {@code
 * Performance counter stats for 'fstime' (1 thread, 10 s, 5 runs each)}).
 *
 * @param subject  the workload, or for a recording of no model its label
 * @param workload how the model's workload ran, or null for a recording of no model
 * @param runs     recordings of each configuration, in column order (one number where all have as many)
 */
public record Title(String subject, Workload workload, List<Integer> runs) {
    public Title {
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a title counts the runs of one configuration at least");
        }
    }

    /** A heading of configurations of {@code runs} recordings each. */
    public Title(String subject, Workload workload, int runs) {
        this(subject, workload, List.of(runs));
    }

    /** Whether every configuration has as many recordings. */
    public boolean evenRuns() {
        return runs.stream().distinct().count() == 1;
    }

    /**
     * @param threads   its threads (tasks, where simulated)
     * @param simulated a discrete-event simulation
     * @param fixedWork it ran a fixed amount of work rather than for a time
     * @param duration  how long it ran, where it ran for a time
     */
    public record Workload(int threads, boolean simulated, boolean fixedWork, Duration duration) {
    }

    /** A heading that names a recording and nothing more. */
    public static Title of(String subject) {
        return new Title(subject, null, 1);
    }
}

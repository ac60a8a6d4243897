package perfstat.cli.stats;

import java.time.Duration;

/**
 * What a table's heading names, as values (the renderers word it, as perf does: {@code
 * Performance counter stats for 'fstime' (1 thread, 10 s, 5 runs each)}).
 *
 * @param subject  the workload, or for a recording of no model its label
 * @param workload how the model's workload ran, or null for a recording of no model
 * @param runs     recordings a configuration (1: one run each)
 */
public record Title(String subject, Workload workload, int runs) {

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

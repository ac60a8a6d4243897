package perfstat.models;

import java.util.Map;

/**
 * One run of a model.
 *
 * @param threads    worker threads, each acting as one CPU (and, for the write-path model, one process)
 * @param cpus       simulated CPUs; at least {@code threads}
 * @param warmupNs   how long the workload runs before measuring starts (JIT warm-up), in nanoseconds
 * @param durationNs how long the workload is measured, in nanoseconds
 * @param intervalNs how often the workload's score is recorded, in nanoseconds
 * @param options    workload-specific options, documented by each workload
 */
public record RunRequest(String model, String variant, String workload, int threads, int cpus,
                         long warmupNs, long durationNs, long intervalNs, Map<String, String> options) {

    /** Durations from a year up mean "until stopped" (perfstat's {@code --duration forever}). */
    public static final long UNTIL_STOPPED_NS = 365L * 24 * 3600 * 1_000_000_000L;

    /**
     * The run goes on until Ctrl-C or SIGTERM ({@code --duration forever}): a workload with a
     * fixed amount of work repeats it rather than ending.
     */
    public boolean untilStopped() {
        return durationNs >= UNTIL_STOPPED_NS;
    }

    public long longOption(String name, long defaultValue) {
        String v = options.get(name);
        return v == null ? defaultValue : Long.parseLong(v);
    }
}

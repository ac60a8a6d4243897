package perfstat.models.spi;

import java.util.Map;

/**
 * One run of a model.
 *
 * @param threads    worker threads, each acting as one CPU (and, for the write-path model, one process)
 * @param cpus       simulated CPUs; at least {@code threads}
 * @param warmupNs   how long the workload runs before measuring starts (JIT warm-up), in nanoseconds
 * @param durationNs how long the workload is measured, in nanoseconds
 * @param intervalNs how often the workload's score is recorded, in nanoseconds
 * @param options    workload-specific options as given, documented by each workload (the recording keeps these)
 * @param defaults   the workload's declared options with their defaults ({@link Model.WorkloadInfo#withOptions}),
 *                   set by {@link Model#prepare}
 */
public record RunRequest(String model, String variant, String workload, int threads, int cpus,
                         long warmupNs, long durationNs, long intervalNs, Map<String, String> options,
                         Map<String, Long> defaults) {

    public RunRequest {
        defaults = Map.copyOf(defaults);
    }

    /** A request whose defaults its model fills in when it prepares the run. */
    public RunRequest(String model, String variant, String workload, int threads, int cpus,
                      long warmupNs, long durationNs, long intervalNs, Map<String, String> options) {
        this(model, variant, workload, threads, cpus, warmupNs, durationNs, intervalNs, options, Map.of());
    }

    /** Durations from a year up mean "until stopped" (perfstat's {@code --duration forever}). */
    public static final long UNTIL_STOPPED_NS = 365L * 24 * 3600 * 1_000_000_000L;

    /**
     * The run goes on until Ctrl-C or SIGTERM ({@code --duration forever}): a workload with a
     * fixed amount of work repeats it rather than ending.
     */
    public boolean untilStopped() {
        return durationNs >= UNTIL_STOPPED_NS;
    }

    /** This request with the workload's declared options' defaults. */
    public RunRequest withDefaults(Map<String, Long> declared) {
        return new RunRequest(model, variant, workload, threads, cpus, warmupNs, durationNs, intervalNs, options, declared);
    }

    /** The option {@code name} as given, else its declared default; an option the workload does not declare is a bug. */
    public long longOption(String name) {
        String v = options.get(name);
        if (v != null) {
            return Long.parseLong(v);
        }
        Long d = defaults.get(name);
        if (d == null) {
            throw new IllegalStateException("option '" + name + "' is not declared by workload " + workload);
        }
        return d;
    }
}

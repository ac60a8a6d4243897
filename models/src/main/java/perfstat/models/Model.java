package perfstat.models;

import java.util.List;

/**
 * An executable model of a kernel mechanism, with the variants a patch thread compared.
 * A model is plain Java: it knows nothing of perfstat's agent or CLI and reports its
 * results only through the JFR events of {@link perfstat.models.events}, committed by
 * {@link Runner}.
 */
public interface Model {

    /** Short name, e.g. {@code writepath}. */
    String name();

    /** One line. */
    String description();

    /** The variants, the first being the default baseline ("unpatched" where there is one). */
    List<Variant> variants();

    /** The workloads; the first is the model's default. */
    List<WorkloadInfo> workloads();

    /** The agent's built-in probe set for this model ({@code probeset=NAME}). */
    String probeSet();

    /** Builds the system under test for one run. Unknown names are rejected by the caller. */
    Execution prepare(RunRequest request);

    /** A variant: its name as in the seed thread, and one line on what it is. */
    record Variant(String name, String description) {
    }

    /**
     * A workload: its score's name and unit, and which direction is better.
     *
     * @param higherIsBetter true for throughput (KB/s), false for latency (µs)
     * @param fixedWork      the workload does a fixed amount of work and ends when it is done;
     *                       its duration is only a limit
     * @param threadsPerCore the default thread count per core of the machine; 0 for one thread
     * @param fixedThreads   the default thread count whatever the machine, if positive
     * @param simulated      a discrete-event simulation ({@link Simulation}): its threads are
     *                       simulated tasks, its score is in simulated time
     * @param options        the workload's own options ({@code --option KEY=VALUE}, integers all), the
     *                       names its code reads with {@link RunRequest#longOption}; any other is refused
     */
    record WorkloadInfo(String name, String description, String scoreName, String scoreUnit,
                        boolean higherIsBetter, boolean fixedWork, int threadsPerCore, int fixedThreads, boolean simulated,
                        List<String> options) {

        public WorkloadInfo {
            options = List.copyOf(options);
        }

        public WorkloadInfo(String name, String description, String scoreName, String scoreUnit, boolean higherIsBetter) {
            this(name, description, scoreName, scoreUnit, higherIsBetter, false, 0, 0, false, List.of());
        }

        public WorkloadInfo(String name, String description, String scoreName, String scoreUnit, boolean higherIsBetter,
                            boolean fixedWork, int threadsPerCore) {
            this(name, description, scoreName, scoreUnit, higherIsBetter, fixedWork, threadsPerCore, 0, false, List.of());
        }

        /** This workload, taking the options {@code names}. */
        public WorkloadInfo withOptions(String... names) {
            return new WorkloadInfo(name, description, scoreName, scoreUnit, higherIsBetter, fixedWork, threadsPerCore,
                    fixedThreads, simulated, List.of(names));
        }

        /** The thread count a run gets unless it says otherwise. */
        public int defaultThreads() {
            if (fixedThreads > 0) {
                return fixedThreads;
            }
            return threadsPerCore == 0 ? 1 : threadsPerCore * Runtime.getRuntime().availableProcessors();
        }
    }

    default Variant variant(String name) {
        return variants().stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
    }

    default WorkloadInfo workload(String name) {
        return workloads().stream().filter(w -> w.name().equals(name)).findFirst().orElse(null);
    }
}

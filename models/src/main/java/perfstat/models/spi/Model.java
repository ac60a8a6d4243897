package perfstat.models.spi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An executable model of a kernel mechanism, with the variants a patch thread compared,
 * declared once as a value: each variant carries what it builds, each workload its options
 * with their defaults and how it starts. A model is plain Java: it knows nothing of perfstat's
 * agent or CLI and reports its results only through the JFR events of
 * {@code perfstat.models.events}, committed by the runner.
 *
 * @param <T>         what a variant gives its workloads: the one part in which the variants differ
 *                    (the write path's tracking algorithm, the rwsem's spin rule, the block layer's elevator)
 * @param name        short name, e.g. {@code writepath}
 * @param description one line
 * @param probeSet    the agent's built-in probe set for this model ({@code probeset=NAME})
 * @param variants    the variants, the first being the default baseline ("unpatched" where there is one)
 * @param workloads   the workloads; the first is the model's default
 */
public record Model<T>(String name, String description, String probeSet, List<Variant<T>> variants,
                       List<WorkloadInfo<T>> workloads) {

    public Model {
        variants = List.copyOf(variants);
        workloads = List.copyOf(workloads);
    }

    /**
     * A variant: its name as in the seed thread, one line on what it is, and what it gives the
     * workloads ({@code impl}: a factory, or a value where the variants differ in a constant).
     */
    public record Variant<T>(String name, String description, T impl) {
    }

    /** How a workload starts one run with a variant's part. */
    @FunctionalInterface
    public interface Start<T> {
        Execution start(T variant, RunRequest request);
    }

    /** An option of a workload ({@code --option NAME=VALUE}, an integer) and its value when not given. */
    public record Option(String name, long defaultValue) {
        public static Option of(String name, long defaultValue) {
            return new Option(name, defaultValue);
        }
    }

    /**
     * A workload's natural unit of work ({@code write} for fstime), and the model counter that counts it
     * ({@code write_calls}): what a table's rows per unit divide each run's totals by.
     */
    public record Unit(String name, String counter) {
        public static final Unit NONE = new Unit("", "");

        public boolean exists() {
            return !counter.isEmpty();
        }
    }

    /** A workload's score: its name and unit, and which direction is better. */
    public record Score(String name, String unit, boolean higherIsBetter) {
        /** A throughput, e.g. KB/s. */
        public static Score higher(String name, String unit) {
            return new Score(name, unit, true);
        }

        /** A latency, e.g. µs. */
        public static Score lower(String name, String unit) {
            return new Score(name, unit, false);
        }
    }

    /**
     * A workload: its name, its score, how it runs by default, its options and how it starts.
     * Declared with {@link #of} and the withers below, never with this record's constructor.
     *
     * @param fixedWork      the workload does a fixed amount of work and ends when it is done;
     *                       its duration is only a limit
     * @param threadsPerCore the default thread count per core of the machine; 0 for one thread
     * @param fixedThreads   the default thread count whatever the machine, if positive
     * @param simulated      a discrete-event simulation ({@link Simulation}): its threads are
     *                       simulated tasks, its score is in simulated time
     * @param declared       the workload's own options with their defaults, the names its code reads with
     *                       {@link RunRequest#longOption}; any other is refused
     * @param unit           its natural unit of work, the one a table's rows per unit divide by ({@link Unit#NONE}:
     *                       none)
     */
    public record WorkloadInfo<T>(String name, String description, Score score, Start<T> start, boolean fixedWork,
                                  int threadsPerCore, int fixedThreads, boolean simulated, List<Option> declared,
                                  Unit unit) {

        public WorkloadInfo {
            declared = List.copyOf(declared);
            unit = unit == null ? Unit.NONE : unit;
        }

        /** A workload of one thread by default, timed by its duration, taking no option. */
        public static <T> WorkloadInfo<T> of(String name, String description, Score score, Start<T> start) {
            return new WorkloadInfo<>(name, description, score, start, false, 0, 0, false, List.of(), Unit.NONE);
        }

        /** This workload, doing a fixed amount of work. */
        public WorkloadInfo<T> withFixedWork() {
            return new WorkloadInfo<>(name, description, score, start, true, threadsPerCore, fixedThreads, simulated,
                    declared, unit);
        }

        /** This workload, with {@code n} threads a core by default. */
        public WorkloadInfo<T> withThreadsPerCore(int n) {
            return new WorkloadInfo<>(name, description, score, start, fixedWork, n, fixedThreads, simulated,
                    declared, unit);
        }

        /** This workload, with {@code n} threads by default whatever the machine. */
        public WorkloadInfo<T> withThreads(int n) {
            return new WorkloadInfo<>(name, description, score, start, fixedWork, threadsPerCore, n, simulated,
                    declared, unit);
        }

        /** This workload, a discrete-event simulation. */
        public WorkloadInfo<T> withSimulatedTime() {
            return new WorkloadInfo<>(name, description, score, start, fixedWork, threadsPerCore, fixedThreads, true,
                    declared, unit);
        }

        /** This workload, whose natural unit of work is one {@code unitName}, counted by its model counter {@code counter}. */
        public WorkloadInfo<T> withUnit(String unitName, String counter) {
            return new WorkloadInfo<>(name, description, score, start, fixedWork, threadsPerCore, fixedThreads, simulated,
                    declared, new Unit(unitName, counter));
        }

        /** This workload, taking {@code options}. */
        public WorkloadInfo<T> withOptions(Option... options) {
            return new WorkloadInfo<>(name, description, score, start, fixedWork, threadsPerCore, fixedThreads, simulated,
                    List.of(options), unit);
        }

        public String scoreName() {
            return score.name();
        }

        public String scoreUnit() {
            return score.unit();
        }

        public boolean higherIsBetter() {
            return score.higherIsBetter();
        }

        /** The names of the workload's options, in their declared order. */
        public List<String> options() {
            return declared.stream().map(Option::name).toList();
        }

        /** Each option's default, by name. */
        public Map<String, Long> defaults() {
            Map<String, Long> d = new LinkedHashMap<>();
            declared.forEach(o -> d.put(o.name(), o.defaultValue()));
            return d;
        }

        /** The thread count a run gets unless it says otherwise. */
        public int defaultThreads() {
            if (fixedThreads > 0) {
                return fixedThreads;
            }
            return threadsPerCore == 0 ? 1 : threadsPerCore * Runtime.getRuntime().availableProcessors();
        }
    }

    /** The variant named {@code name}, or null. */
    public Variant<T> variant(String name) {
        return variants.stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
    }

    /** The workload named {@code name}, or null. */
    public WorkloadInfo<T> workload(String name) {
        return workloads.stream().filter(w -> w.name().equals(name)).findFirst().orElse(null);
    }

    /** What variant {@code name} gives the workloads; {@link IllegalArgumentException} for an unknown name. */
    public T impl(String name) {
        Variant<T> v = variant(name);
        if (v == null) {
            throw new IllegalArgumentException("unknown variant: " + name);
        }
        return v.impl();
    }

    /** Builds the system under test for one run: the workload's start with the variant's part and the options' defaults. */
    public Execution prepare(RunRequest request) {
        WorkloadInfo<T> w = workload(request.workload());
        if (w == null) {
            throw new IllegalArgumentException("unknown workload: " + request.workload());
        }
        return w.start().start(impl(request.variant()), request.withDefaults(w.defaults()));
    }
}

package perfstat.models.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

/** The run of a model: what was run, how, and where. Committed once, when the workload starts. */
@Name(WorkloadEvent.NAME)
@Label("Model Run")
@Category({"perfstat", "Model"})
@Description("A model's workload started: model, variant, workload, threads, simulated CPUs, cores, JVM version")
@StackTrace(false)
@jdk.jfr.Period("beginChunk")
public final class WorkloadEvent extends jdk.jfr.Event {
    public static final String NAME = Events.Workload.NAME;

    @Label("Format Version")
    @Description("Version of perfstat's recording format (docs/recording-format.md)")
    @Name(Events.Workload.FORMAT_VERSION)
    public int formatVersion;

    @Label("Model")
    @Name(Events.Workload.MODEL)
    public String model;

    @Label("Variant")
    @Name(Events.Workload.VARIANT)
    public String variant;

    @Label("Workload")
    @Name(Events.Workload.WORKLOAD)
    public String workload;

    @Label("Threads")
    @Name(Events.Workload.THREADS)
    public int threads;

    @Label("Simulated CPUs")
    @Name(Events.Workload.CPUS)
    public int cpus;

    @Label("Cores")
    @Description("Runtime.availableProcessors() of the measured JVM")
    @Name(Events.Workload.CORES)
    public int cores;

    @Label("JVM Version")
    @Name(Events.Workload.JVM_VERSION)
    public String jvmVersion;

    @Label("Duration")
    @Description("Requested duration of the workload")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Workload.DURATION_NS)
    public long durationNs;

    @Label("Warm-up")
    @Description("How long the workload ran before measuring started (not in any score)")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Workload.WARMUP_NS)
    public long warmupNs;

    @Label("Score Interval")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Workload.INTERVAL_NS)
    public long intervalNs;

    @Label("Score Name")
    @Name(Events.Workload.SCORE_NAME)
    public String scoreName;

    @Label("Score Unit")
    @Name(Events.Workload.SCORE_UNIT)
    public String scoreUnit;

    @Label("Higher Is Better")
    @Name(Events.Workload.HIGHER_IS_BETTER)
    public boolean higherIsBetter;

    @Label("Fixed Work")
    @Description("The workload does a fixed amount of work and ends when it is done; its duration is only a limit")
    @Name(Events.Workload.FIXED_WORK)
    public boolean fixedWork;

    @Label("Simulated")
    @Description("A discrete-event simulation: threads are simulated tasks; score, intervals and the result's elapsed time are in simulated time")
    @Name(Events.Workload.SIMULATED)
    public boolean simulated;

    @Label("Options")
    @Description("Workload options, key=value separated by commas")
    @Name(Events.Workload.OPTIONS)
    public String options;

    @Label("Unit of Work")
    @Description("The workload's natural unit of work, e.g. write; empty where it has none")
    @Name(Events.Workload.UNIT_NAME)
    public String unitName;

    @Label("Unit Counter")
    @Description("The model counter that counts the unit of work, e.g. write_calls; empty where there is none")
    @Name(Events.Workload.UNIT_COUNTER)
    public String unitCounter;
}

package perfstat.models.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** The run of a model: what was run, how, and where. Committed once, when the workload starts. */
@Name(WorkloadEvent.NAME)
@Label("Model Run")
@Category({"perfstat", "Model"})
@Description("A model's workload started: model, variant, workload, threads, simulated CPUs, cores, JVM version")
@StackTrace(false)
@jdk.jfr.Period("beginChunk")
public final class WorkloadEvent extends jdk.jfr.Event {
    public static final String NAME = "perfstat.Workload";

    @Label("Format Version")
    @Description("Version of perfstat's recording format (docs/recording-format.md)")
    public int formatVersion;

    @Label("Model")
    public String model;

    @Label("Variant")
    public String variant;

    @Label("Workload")
    public String workload;

    @Label("Threads")
    public int threads;

    @Label("Simulated CPUs")
    public int cpus;

    @Label("Cores")
    @Description("Runtime.availableProcessors() of the measured JVM")
    public int cores;

    @Label("JVM Version")
    public String jvmVersion;

    @Label("Duration")
    @Description("Requested duration of the workload")
    @Timespan(Timespan.NANOSECONDS)
    public long durationNs;

    @Label("Warm-up")
    @Description("How long the workload ran before measuring started (not in any score)")
    @Timespan(Timespan.NANOSECONDS)
    public long warmupNs;

    @Label("Score Interval")
    @Timespan(Timespan.NANOSECONDS)
    public long intervalNs;

    @Label("Score Name")
    public String scoreName;

    @Label("Score Unit")
    public String scoreUnit;

    @Label("Higher Is Better")
    public boolean higherIsBetter;

    @Label("Fixed Work")
    @Description("The workload does a fixed amount of work and ends when it is done; its duration is only a limit")
    public boolean fixedWork;

    @Label("Simulated")
    @Description("A discrete-event simulation: threads are simulated tasks; score, intervals and the result's elapsed time are in simulated time")
    public boolean simulated;

    @Label("Options")
    @Description("Workload options, key=value separated by commas")
    public String options;
}

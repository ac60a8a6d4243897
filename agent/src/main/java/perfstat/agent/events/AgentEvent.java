package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Timespan;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import perfstat.format.Events;

/** The agent started measuring this JVM. Committed once, from premain or agentmain. */
@Name(AgentEvent.NAME)
@Label("perfstat Agent")
@Category({"perfstat", "Agent"})
@Description("The perfstat agent started measuring: its version and options, the JVM and its cores")
@StackTrace(false)
public final class AgentEvent extends jdk.jfr.Event {
    public static final String NAME = Events.Agent.NAME;

    @Label("Format Version")
    @Description("Version of perfstat's recording format (docs/recording-format.md)")
    @Name(Events.Agent.FORMAT_VERSION)
    public int formatVersion;

    @Label("Agent Version")
    @Name(Events.Agent.AGENT_VERSION)
    public String agentVersion;

    @Label("Options")
    @Description("The agent's options, without the output path")
    @Name(Events.Agent.OPTIONS)
    public String options;

    @Label("JVM Version")
    @Name(Events.Agent.JVM_VERSION)
    public String jvmVersion;

    @Label("Cores")
    @Name(Events.Agent.CORES)
    public int cores;

    @Label("Timer Overhead")
    @Description("What the two System.nanoTime() calls of one timed probe call cost, measured at start")
    @jdk.jfr.Timespan(jdk.jfr.Timespan.NANOSECONDS)
    @Name(Events.Agent.TIMER_OVERHEAD_NS)
    public long timerOverheadNs;

    @Label("Instrumented Methods")
    @Description("Methods probed when the agent started (already loaded classes); classes loaded later are probed as they load")
    @Name(Events.Agent.INSTRUMENTED_METHODS)
    public long instrumentedMethods;

    @Label("Start CPU")
    @Description("CPU time of the process while the agent started (recording, probes, calibration), before its counters' "
            + "window opened: not counted as the application's. procfs, 10 ms ticks")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Agent.START_CPU_NS)
    public long startCpuNs;

    @Label("Contention Threshold")
    @Description("The threshold of the JDK's contention events (jdk.JavaMonitorEnter, jdk.ThreadPark) in this recording")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Agent.CONTENTION_THRESHOLD_NS)
    public long contentionThresholdNs;

    @Label("Program")
    @Description("The program the JVM runs: its main class or jar's file name, without a directory or arguments")
    @Name(Events.Agent.PROGRAM)
    public String program;
}

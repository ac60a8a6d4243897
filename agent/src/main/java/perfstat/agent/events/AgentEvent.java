package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Timespan;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** The agent started measuring this JVM. Committed once, from premain or agentmain. */
@Name(AgentEvent.NAME)
@Label("perfstat Agent")
@Category({"perfstat", "Agent"})
@Description("The perfstat agent started measuring: its version and options, the JVM and its cores")
@StackTrace(false)
public final class AgentEvent extends jdk.jfr.Event {
    public static final String NAME = "perfstat.Agent";

    @Label("Format Version")
    @Description("Version of perfstat's recording format (docs/recording-format.md)")
    public int formatVersion;

    @Label("Agent Version")
    public String agentVersion;

    @Label("Options")
    @Description("The agent's options, without the output path")
    public String options;

    @Label("JVM Version")
    public String jvmVersion;

    @Label("Cores")
    public int cores;

    @Label("Timer Overhead")
    @Description("What the two System.nanoTime() calls of one timed probe call cost, measured at start")
    @jdk.jfr.Timespan(jdk.jfr.Timespan.NANOSECONDS)
    public long timerOverheadNs;

    @Label("Instrumented Methods")
    @Description("Methods probed when the agent started (already loaded classes); classes loaded later are probed as they load")
    public long instrumentedMethods;

    @Label("Start CPU")
    @Description("CPU time of the process while the agent started (recording, probes, calibration), before its counters' "
            + "window opened: not counted as the application's. procfs, 10 ms ticks")
    @Timespan(Timespan.NANOSECONDS)
    public long startCpuNs;
}

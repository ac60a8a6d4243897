package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import perfstat.format.Events;

/**
 * What makes this run comparable with another that the JDK's own events do not hold: the JDK's vendor and mode, the
 * processors the JVM saw, the machine's CPU frequency governor and transparent huge pages. Committed once, with
 * {@link AgentEvent}. Holds no environment variable, no path and no system property other than the JVM's name,
 * vendor and mode.
 */
@Name(SetupEvent.NAME)
@Label("perfstat Setup")
@Category({"perfstat", "Agent"})
@Description("What makes runs comparable: the JDK's vendor and mode, the CPUs the JVM saw, the CPU governor, THP")
@StackTrace(false)
public final class SetupEvent extends jdk.jfr.Event {
    public static final String NAME = Events.Setup.NAME;

    @Label("JVM Name")
    @Name(Events.Setup.JVM_NAME)
    public String jvmName;

    @Label("JVM Vendor")
    @Name(Events.Setup.JVM_VENDOR)
    public String jvmVendor;

    @Label("JVM Version")
    @Name(Events.Setup.JVM_VERSION)
    public String jvmVersion;

    @Label("JVM Mode")
    @Description("How the JVM runs code and whether it shares classes (CDS): mixed mode, sharing")
    @Name(Events.Setup.JVM_INFO)
    public String jvmInfo;

    @Label("Available Processors")
    @Description("The processors the JVM saw (a container's CPU limit included)")
    @Name(Events.Setup.AVAILABLE_PROCESSORS)
    public int availableProcessors;

    @Label("Scaling Governor")
    @Description("CPU 0's frequency governor; empty where the machine does not say")
    @Name(Events.Setup.SCALING_GOVERNOR)
    public String scalingGovernor;

    @Label("Transparent Huge Pages")
    @Description("The machine's THP mode (always, madvise, never); empty where unknown")
    @Name(Events.Setup.TRANSPARENT_HUGE_PAGES)
    public String transparentHugePages;

    @Label("THP Defrag")
    @Description("The machine's THP defragmentation mode; empty where unknown")
    @Name(Events.Setup.TRANSPARENT_HUGE_PAGES_DEFRAG)
    public String transparentHugePagesDefrag;
}

package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * The process's counters at one moment: at the start of the measured window and at its
 * end. A counter that could not be read is -1; {@code source} says where each came from.
 */
@Name(CountersEvent.NAME)
@Label("Process Counters")
@Category({"perfstat", "Agent"})
@Description("The whole process's OS counters at the start or end of the measured window")
@StackTrace(false)
public final class CountersEvent extends jdk.jfr.Event {
    public static final String NAME = "perfstat.Counters";

    @Label("Phase")
    @Description("start or end")
    public String phase;

    @Label("Task Clock")
    @Description("CPU time of all the process's threads, live and exited")
    @Timespan(Timespan.NANOSECONDS)
    public long taskClockNs;

    @Label("Voluntary Context Switches")
    public long voluntaryContextSwitches;

    @Label("Involuntary Context Switches")
    public long involuntaryContextSwitches;

    @Label("CPU Migrations")
    public long cpuMigrations;

    @Label("Minor Page Faults")
    public long minorFaults;

    @Label("Major Page Faults")
    public long majorFaults;

    @Label("Source")
    @Description("Where the values come from, per counter")
    public String source;
}

package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

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
    public static final String NAME = Events.Counters.NAME;

    @Label("Phase")
    @Description("start or end")
    @Name(Events.Counters.PHASE)
    public String phase;

    @Label("Task Clock")
    @Description("CPU time of all the process's threads, live and exited")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Counters.TASK_CLOCK_NS)
    public long taskClockNs;

    @Label("Voluntary Context Switches")
    @Name(Events.Counters.VOLUNTARY_CONTEXT_SWITCHES)
    public long voluntaryContextSwitches;

    @Label("Involuntary Context Switches")
    @Name(Events.Counters.INVOLUNTARY_CONTEXT_SWITCHES)
    public long involuntaryContextSwitches;

    @Label("CPU Migrations")
    @Name(Events.Counters.CPU_MIGRATIONS)
    public long cpuMigrations;

    @Label("Minor Page Faults")
    @Name(Events.Counters.MINOR_FAULTS)
    public long minorFaults;

    @Label("Major Page Faults")
    @Name(Events.Counters.MAJOR_FAULTS)
    public long majorFaults;

    @Label("Source")
    @Description("Where the values come from, per counter")
    @Name(Events.Counters.SOURCE)
    public String source;
}

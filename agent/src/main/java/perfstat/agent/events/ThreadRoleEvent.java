package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

/**
 * One thread role's counts since the counters opened (new in format 7): at the end of every
 * chunk ({@code phase=end}; the latest batch wins) and as a window opens and closes. Where the
 * threads cannot be read one by one, one event with an empty role and the note why.
 */
@Name(ThreadRoleEvent.NAME)
@Label("Thread Role")
@Category({"perfstat", "Agent"})
@Description("CPU time and context switches of one role of the JVM's threads (application, gc, jit, jvm-runtime, observer),"
        + " and the part of threads that ended between reads (ended), since the window opened")
@StackTrace(false)
public final class ThreadRoleEvent extends jdk.jfr.Event {
    public static final String NAME = Events.ThreadRoleCounts.NAME;

    @Label("Phase")
    @Description("end, window-start or window-end")
    @Name(Events.ThreadRoleCounts.PHASE)
    public String phase;

    @Label("Role")
    @Description("application, gc, jit, jvm-runtime, observer, or ended (the whole process less the roles)")
    @Name(Events.ThreadRoleCounts.ROLE)
    public String role;

    @Label("Task Clock")
    @Description("CPU time of the role's threads")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.ThreadRoleCounts.TASK_CLOCK_NS)
    public long taskClockNs;

    @Label("Voluntary Context Switches")
    @Description("-1 where not known")
    @Name(Events.ThreadRoleCounts.VOLUNTARY_CONTEXT_SWITCHES)
    public long voluntaryContextSwitches;

    @Label("Involuntary Context Switches")
    @Description("-1 where not known")
    @Name(Events.ThreadRoleCounts.INVOLUNTARY_CONTEXT_SWITCHES)
    public long involuntaryContextSwitches;

    @Label("Threads")
    @Description("Threads of the role seen since the window opened, ended ones included")
    @Name(Events.ThreadRoleCounts.THREADS)
    public int threads;

    @Label("Source")
    @Description("Where the task clock came from")
    @Name(Events.ThreadRoleCounts.SOURCE)
    public String source;

    @Label("Window")
    @Description("Time since the counters opened")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.ThreadRoleCounts.WINDOW_NS)
    public long windowNs;

    @Label("Note")
    @Description("Why the threads could not be read one by one; empty where they could")
    @Name(Events.ThreadRoleCounts.NOTE)
    public String note;
}

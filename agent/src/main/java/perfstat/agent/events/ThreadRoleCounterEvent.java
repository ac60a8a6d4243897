package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

/**
 * One thread role's count of one event other than task-clock since the counters opened (new in
 * format 8), from the per-thread perf_event_open counters: with the {@link ThreadRoleEvent}s of
 * the same read. Only where perf_event_open counts the event per thread.
 */
@Name(ThreadRoleCounterEvent.NAME)
@Label("Thread Role Counter")
@Category({"perfstat", "Agent"})
@Description("One event's count (page-faults, cycles, instructions, ...) of one role of the JVM's threads since the window opened")
@StackTrace(false)
public final class ThreadRoleCounterEvent extends jdk.jfr.Event {
    public static final String NAME = Events.ThreadRoleCounter.NAME;

    @Label("Phase")
    @Description("end, window-start or window-end")
    @Name(Events.ThreadRoleCounter.PHASE)
    public String phase;

    @Label("Role")
    @Description("application, gc, jit, jvm-runtime or observer")
    @Name(Events.ThreadRoleCounter.ROLE)
    public String role;

    @Label("Event")
    @Description("The event as asked")
    @Name(Events.ThreadRoleCounter.EVENT)
    public String event;

    @Label("Value")
    @Description("The role's threads' counts, each scaled as perf scales a multiplexed counter")
    @Name(Events.ThreadRoleCounter.VALUE)
    public long value;

    @Label("Source")
    @Description("The event's counter's source")
    @Name(Events.ThreadRoleCounter.SOURCE)
    public String source;

    @Label("Window")
    @Description("Time since the counters opened")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.ThreadRoleCounter.WINDOW_NS)
    public long windowNs;
}

package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

/**
 * One counter's value since the counters opened: at each interval boundary
 * ({@code phase=interval}) and at the end of every chunk ({@code phase=end}; the latest
 * wins). Values are raw: scale by {@code enabledNs / runningNs} as perf does.
 */
@Name(PerfCounterEvent.NAME)
@Label("Counter")
@Category({"perfstat", "Agent"})
@Description("A hardware or software counter of the whole process (tid 0) or of one thread, since the window opened")
@StackTrace(false)
@Period("endChunk")
public final class PerfCounterEvent extends jdk.jfr.Event {
    public static final String NAME = Events.PerfCounter.NAME;

    @Label("Phase")
    @Description("interval or end")
    @Name(Events.PerfCounter.PHASE)
    public String phase;

    @Label("Event")
    @Description("perf's name, modifiers included (task-clock, cycles:u, r01c2)")
    @Name(Events.PerfCounter.EVENT)
    public String event;

    @Label("Value")
    @Description("Raw count; task-clock and cpu-clock in nanoseconds")
    @Name(Events.PerfCounter.VALUE)
    public long value;

    @Label("Value (time)")
    @Description("The value of a counter of time (task-clock, cpu-clock); N/A for a count")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.PerfCounter.VALUE_NS)
    public long valueNs;

    @Label("Time Enabled")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.PerfCounter.ENABLED_NS)
    public long enabledNs;

    @Label("Time Running")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.PerfCounter.RUNNING_NS)
    public long runningNs;

    @Label("Status")
    @Description("counted, not counted or not supported")
    @Name(Events.PerfCounter.STATUS)
    public String status;

    @Label("Source")
    @Description("perf_event_open, perf_event_open (user only), getrusage or procfs, with the reason when not supported")
    @Name(Events.PerfCounter.SOURCE)
    public String source;

    @Label("Window")
    @Description("Time since the counters opened")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.PerfCounter.WINDOW_NS)
    public long windowNs;

    @Label("Thread Id")
    @Description("0 for the whole process; else the thread, with the threads it started since the window opened")
    @Name(Events.PerfCounter.TID)
    public int tid;

    @Label("Thread Name")
    @Name(Events.PerfCounter.THREAD_NAME)
    public String threadName;
}

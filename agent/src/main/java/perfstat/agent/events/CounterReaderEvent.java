package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

/** How the counters were read, and what reading them cost; at the end of every chunk (the latest wins). */
@Name(CounterReaderEvent.NAME)
@Label("Counter Reader")
@Category({"perfstat", "Agent"})
@Description("The counters' source, the window they cover, and the counter thread's own cost")
@StackTrace(false)
public final class CounterReaderEvent extends jdk.jfr.Event {
    public static final String NAME = Events.CounterReader.NAME;

    @Label("Mode")
    @Description("perf_event_open, perf_event_open (user only), or procfs")
    @Name(Events.CounterReader.MODE)
    public String mode;

    @Label("Note")
    @Description("Why the mode is not plain perf_event_open; empty when it is")
    @Name(Events.CounterReader.NOTE)
    public String note;

    @Label("Interval")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.CounterReader.INTERVAL_NS)
    public long intervalNs;

    @Label("Window")
    @Description("From the counters' opening (in the agent's start) to this event")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.CounterReader.WINDOW_NS)
    public long windowNs;

    @Label("User Time")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.CounterReader.USER_NS)
    public long userNs;

    @Label("System Time")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.CounterReader.SYSTEM_NS)
    public long systemNs;

    @Label("Reads")
    @Description("Times the counter thread read every counter")
    @Name(Events.CounterReader.READS)
    public long reads;

    @Label("Descriptors")
    @Description("perf_event_open descriptors held: one per event and thread")
    @Name(Events.CounterReader.DESCRIPTORS)
    public int descriptors;

    @Label("Reader CPU Time")
    @Description("CPU time of perfstat's counter thread")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.CounterReader.READER_CPU_NS)
    public long readerCpuNs;

    @Label("Reader CPU Time At First Read")
    @Description("CPU time of the counter thread up to the end of its first read (start-up, class loading, linking)")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.CounterReader.READER_FIRST_READ_CPU_NS)
    public long readerFirstReadCpuNs;

    @Label("Read Failures")
    @Description("Interval reads that failed, each costing its interval's row (new in format 6)")
    @Name(Events.CounterReader.READ_FAILURES)
    public long readFailures;
}

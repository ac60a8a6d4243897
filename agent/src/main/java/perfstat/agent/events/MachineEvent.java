package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

/**
 * How busy the machine was since the counters opened (new in format 10): the other processes' CPU time, steal, this
 * JVM's threads' run-queue wait and the CPUs' frequency, with the counters' totals of the same phase.
 */
@Name(MachineEvent.NAME)
@Label("Machine")
@Category({"perfstat", "Agent"})
@Description("How busy the machine was while the counters counted: other processes' CPU time, steal, run-queue wait, CPU frequency")
@StackTrace(false)
public final class MachineEvent extends jdk.jfr.Event {
    public static final String NAME = Events.Machine.NAME;

    @Label("Phase")
    @Description("end, late-start, window-start or window-end")
    @Name(Events.Machine.PHASE)
    public String phase;

    @Label("Window")
    @Description("Time since the counters opened")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Machine.WINDOW_NS)
    public long windowNs;

    @Label("Machine Busy")
    @Description("Every CPU's time not idle since the counters opened, all processes (/proc/stat); -1 where unreadable")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Machine.MACHINE_BUSY_NS)
    public long machineBusyNs;

    @Label("Process")
    @Description("This JVM's CPU time over the same reads (/proc/self/stat); -1 where unreadable")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Machine.PROCESS_NS)
    public long processNs;

    @Label("Other Processes")
    @Description("The machine's busy time less this JVM's; -1 where unreadable")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Machine.OTHERS_NS)
    public long othersNs;

    @Label("Steal")
    @Description("The CPUs' steal time (/proc/stat); -1 where unreadable")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Machine.STEAL_NS)
    public long stealNs;

    @Label("CPUs")
    @Description("The CPUs /proc/stat lists")
    @Name(Events.Machine.CPUS)
    public int cpus;

    @Label("Run-Queue Wait")
    @Description("This JVM's threads' time runnable but not running (schedstat's second field, summed); -1 where unreadable")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Machine.RUN_QUEUE_WAIT_NS)
    public long runQueueWaitNs;

    @Label("CPU Frequency (kHz)")
    @Description("The mean over the reads of the CPUs' mean scaling_cur_freq; -1 where sysfs has no cpufreq")
    @Name(Events.Machine.CPU_FREQ_KHZ)
    public long cpuFreqKhz;

    @Label("Note")
    @Description("What could not be read and why; empty where everything was")
    @Name(Events.Machine.NOTE)
    public String note;
}

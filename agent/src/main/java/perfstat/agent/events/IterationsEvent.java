package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import perfstat.format.Events;

/**
 * A block of the iterations of the method agent option {@code iteration=} names, those ended since the last block
 * (docs/recording-format.md): each series {@code count} numbers in perfstat's series encoding. Emitted at the end of
 * every chunk.
 */
@Name(IterationsEvent.NAME)
@Label("Iterations")
@Category({"perfstat", "Agent"})
@Description("Each call of the iteration method: its end, wall time, thread CPU time and allocated bytes, a block of calls")
@StackTrace(false)
@Period("endChunk")
public final class IterationsEvent extends jdk.jfr.Event {
    public static final String NAME = Events.Iterations.NAME;

    @Label("Method")
    @Description("The iteration method's pattern, as given")
    @Name(Events.Iterations.METHOD)
    public String method;

    @Label("First")
    @Description("The run's index of the block's first iteration, from 0")
    @Name(Events.Iterations.FIRST)
    public long first;

    @Label("Count")
    @Name(Events.Iterations.COUNT)
    public int count;

    @Label("Clock")
    @Description("System.nanoTime() at the event's start: the ends are measured back from it")
    @Name(Events.Iterations.CLOCK_NS)
    public long clockNs;

    @Label("Ends")
    @Description("ns from the first iteration's end to the clock, then from each iteration's end to the next's (encoded)")
    @Name(Events.Iterations.ENDS)
    public String ends;

    @Label("Wall Times")
    @Description("Each iteration's wall time in ns (encoded)")
    @Name(Events.Iterations.WALL_NS)
    public String wallNs;

    @Label("CPU Times")
    @Description("Each iteration's CPU time on its thread in ns, -1 where unknown (encoded)")
    @Name(Events.Iterations.CPU_NS)
    public String cpuNs;

    @Label("Allocated")
    @Description("The bytes each iteration's thread allocated during it, -1 where unknown (encoded)")
    @Name(Events.Iterations.ALLOCATED_BYTES)
    public String allocatedBytes;

    @Label("Dropped")
    @Description("Iterations past the agent's limit a run, counted but not kept, since the start")
    @Name(Events.Iterations.DROPPED)
    public long dropped;

    @Label("Threads")
    @Description("The threads that ran iterations so far")
    @Name(Events.Iterations.THREADS)
    public long threads;
}

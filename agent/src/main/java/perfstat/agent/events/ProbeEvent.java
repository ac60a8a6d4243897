package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import perfstat.format.Events;

/**
 * One probe's totals since the agent started: exact call count and the latency histogram
 * of the timed calls. Emitted at the end of every chunk, so the last one in a recording
 * holds the totals; readers take the latest per probe.
 */
@Name(ProbeEvent.NAME)
@Label("Probe")
@Category({"perfstat", "Agent"})
@Description("A probed method's exact call count and the latency histogram of its timed calls, cumulative")
@StackTrace(false)
@Period("endChunk")
public final class ProbeEvent extends jdk.jfr.Event {
    public static final String NAME = Events.Probe.NAME;

    @Label("Probe")
    @Description("pkg.Class::method")
    @Name(Events.Probe.PROBE)
    public String probe;

    @Label("Phase")
    @Description("Empty for the totals at a chunk's end; window-start or window-end for the totals when a window "
            + "opened on a JVM that already runs the agent (perfstat attach) began or ended")
    @Name(Events.Probe.PHASE)
    public String phase;

    @Label("Calls")
    @Description("Every call, counted exactly")
    @Name(Events.Probe.CALLS)
    public long calls;

    @Label("Timed Calls")
    @Name(Events.Probe.TIMED_CALLS)
    public long timedCalls;

    @Label("Timing")
    @Description("sampled, exact or off")
    @Name(Events.Probe.TIMING)
    public String timing;

    @Label("Sample Mean Gap")
    @Description("With sampled timing, one call in this many is timed on average")
    @Name(Events.Probe.SAMPLE_MEAN_GAP)
    public long sampleMeanGap;

    @Label("Latency Histogram")
    @Description("HdrHistogram, compressed and Base64-encoded, values in nanoseconds")
    @Name(Events.Probe.HISTOGRAM)
    public String histogram;

    @Label("Failures")
    @Description("Errors suppressed inside probes (all probes)")
    @Name(Events.Probe.FAILURES)
    public long failures;
}

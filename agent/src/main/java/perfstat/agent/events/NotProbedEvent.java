package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import perfstat.format.Events;

/**
 * A method a probe pattern matched that the agent did not probe, and why (format 11). Emitted at the end of every
 * chunk, one per method; readers take the latest per method, and the tables print its row {@code <not probed>}.
 */
@Name(NotProbedEvent.NAME)
@Label("Method Not Probed")
@Category({"perfstat", "Agent"})
@Description("A method a probe pattern matched that was not probed, and why; it ran as it was")
@StackTrace(false)
@Period("endChunk")
public final class NotProbedEvent extends jdk.jfr.Event {
    public static final String NAME = Events.NotProbedMethod.NAME;

    @Label("Method")
    @Description("As its probe's row would name it (pkg.Class::method), or the pattern where no method was looked at")
    @Name(Events.NotProbedMethod.PROBE)
    public String method;

    @Label("Reason")
    @Description("class not rewritten, loader cannot see probes, probe limit, native, abstract, probe path, "
            + "not on boot class path")
    @Name(Events.NotProbedMethod.REASON)
    public String reason;

    @Label("Detail")
    @Description("For a class not rewritten, the exception's class name (never its message); else empty")
    @Name(Events.NotProbedMethod.DETAIL)
    public String detail;

    @Label("Pattern")
    @Description("The probe pattern that matched it, as given")
    @Name(Events.NotProbedMethod.PATTERN)
    public String pattern;
}

package perfstat.models.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

/** The workload's result over its whole run. The event spans the measured window. */
@Name(ResultEvent.NAME)
@Label("Workload Result")
@Category({"perfstat", "Model"})
@Description("The workload's score over the whole run; the event spans the measured window")
@StackTrace(false)
public final class ResultEvent extends jdk.jfr.Event {
    public static final String NAME = Events.Result.NAME;

    @Label("Score")
    @Name(Events.Result.SCORE)
    public double score;

    @Label("Score Unit")
    @Description("The score's unit (KB/s, ops/s, us)")
    @Name(Events.Result.SCORE_UNIT)
    public String scoreUnit;

    @Label("Units")
    @Name(Events.Result.UNITS)
    public long units;

    @Label("Elapsed")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Result.ELAPSED_NS)
    public long elapsedNs;
}

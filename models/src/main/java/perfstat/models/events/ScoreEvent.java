package perfstat.models.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

/**
 * The workload's score over one interval: the event spans the interval, so one
 * recording carries the spread of its own score.
 */
@Name(ScoreEvent.NAME)
@Label("Interval Score")
@Category({"perfstat", "Model"})
@Description("The workload's score over one interval (the event's duration)")
@StackTrace(false)
public final class ScoreEvent extends jdk.jfr.Event {
    public static final String NAME = Events.Score.NAME;

    @Label("Interval")
    @Description("Index of the interval, from 0")
    @Name(Events.Score.INTERVAL)
    public int interval;

    @Label("Score")
    @Description("In the unit of the run's perfstat.Workload scoreUnit")
    @Name(Events.Score.SCORE)
    public double score;

    @Label("Score Unit")
    @Description("The score's unit (KB/s, ops/s, us)")
    @Name(Events.Score.SCORE_UNIT)
    public String scoreUnit;

    @Label("Units")
    @Description("Units of work completed in the interval (workload-defined)")
    @Name(Events.Score.UNITS)
    public long units;

    @Label("Elapsed")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.Score.ELAPSED_NS)
    public long elapsedNs;
}

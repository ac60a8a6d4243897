package perfstat.models.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import perfstat.format.Events;

/** One of the model's own counters at the end of the run (bytes written, lock-all events, ...). */
@Name(ModelCounterEvent.NAME)
@Label("Model Counter")
@Category({"perfstat", "Model"})
@Description("A counter the model keeps itself, at the end of the run")
@StackTrace(false)
public final class ModelCounterEvent extends jdk.jfr.Event {
    public static final String NAME = Events.ModelCounter.NAME;

    @Label("Name")
    @Name(Events.ModelCounter.COUNTER_NAME)
    public String name;

    @Label("Value")
    @Name(Events.ModelCounter.VALUE)
    public long value;
}

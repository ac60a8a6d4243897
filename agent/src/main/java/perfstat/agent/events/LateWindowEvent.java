package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import perfstat.format.Events;

/** The counters' window opened late (agent options delay, from; new in format 10): what opened it, and whether it did. */
@Name(LateWindowEvent.NAME)
@Label("Late Window")
@Category({"perfstat", "Agent"})
@Description("The counters' window opened after a delay or at the first call of a method, or never opened")
@StackTrace(false)
public final class LateWindowEvent extends jdk.jfr.Event {
    public static final String NAME = Events.LateWindow.NAME;

    @Label("Trigger")
    @Description("delay or from")
    @Name(Events.LateWindow.TRIGGER)
    public String trigger;

    @Label("Target")
    @Description("The delay as given, or the method pattern")
    @Name(Events.LateWindow.TARGET)
    public String target;

    @Label("Opened")
    @Name(Events.LateWindow.OPENED)
    public boolean opened;

    @Label("Opened After")
    @Description("From the counters' opening to the late opening; -1 where it never opened")
    @Timespan(Timespan.NANOSECONDS)
    @Name(Events.LateWindow.OPENED_AFTER_NS)
    public long openedAfterNs;

    @Label("Thread")
    @Description("The thread whose first call of the method opened it; empty otherwise")
    @Name(Events.LateWindow.THREAD_NAME)
    public String threadName;
}

package perfstat.agent.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import perfstat.format.Events;

/**
 * One probe pattern as the user gave it and how many methods it has matched so far. Emitted
 * at the end of every chunk; readers take the latest per pattern, so a pattern that never
 * matched anything is in the recording with 0, and the tables say so.
 */
@Name(ProbePatternEvent.NAME)
@Label("Probe Pattern")
@Category({"perfstat", "Agent"})
@Description("A probe pattern and the number of methods it has matched so far, cumulative")
@StackTrace(false)
@Period("endChunk")
public final class ProbePatternEvent extends jdk.jfr.Event {
    public static final String NAME = Events.ProbePattern.NAME;

    @Label("Pattern")
    @Description("As given: pkg.Class, pkg.Class::method, ::method or @pkg.Annotation")
    @Name(Events.ProbePattern.PATTERN)
    public String pattern;

    @Label("Methods")
    @Description("Methods probed because of this pattern, so far")
    @Name(Events.ProbePattern.METHODS)
    public long methods;

    @Label("Installer Errors")
    @Description("Classes the probe installer failed to transform so far, for all patterns (new in format 6)")
    @Name(Events.ProbePattern.INSTALLER_ERRORS)
    public long installerErrors;

    @Label("Classes Invisible")
    @Description("Classes a pattern matched whose loader cannot see perfstat's probe runtime, so not probed, for all "
            + "patterns (new in format 6)")
    @Name(Events.ProbePattern.CLASSES_INVISIBLE)
    public long classesInvisible;

    @Label("Probes Dropped")
    @Description("Methods a pattern matched past the probe runtime's limit of probes, so not probed, for all patterns "
            + "(new in format 6)")
    @Name(Events.ProbePattern.PROBES_DROPPED)
    public long probesDropped;

    @Label("Candidates")
    @Description("For a pattern that matched nothing, the loaded methods or classes nearest to what it names, comma-separated"
            + " (new in format 7)")
    @Name(Events.ProbePattern.CANDIDATES)
    public String candidates;
}

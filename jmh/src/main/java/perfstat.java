import perfstat.cli.jmh.PerfstatProfiler;
import org.openjdk.jmh.profile.ProfilerException;

/**
 * The name JMH knows perfstat's profiler by: {@code -prof perfstat} looks for a profiler whose
 * class is called {@code perfstat}, so this one lives in the unnamed package (and is listed in
 * {@code META-INF/services/org.openjdk.jmh.profile.Profiler}, which {@code -lprof} reads) and
 * is {@link PerfstatProfiler} itself.
 */
public class perfstat extends PerfstatProfiler {
    /** For JMH's service lookup (its listing, {@code -lprof}, and finding a profiler by name): checks nothing. */
    public perfstat() throws ProfilerException {
        super("", false);
    }

    /** {@code -prof "perfstat:OPTIONS"}. */
    public perfstat(String options) throws ProfilerException {
        super(options);
    }
}

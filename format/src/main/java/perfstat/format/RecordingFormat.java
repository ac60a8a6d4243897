package perfstat.format;

/**
 * The version of perfstat's recording format (docs/recording-format.md), written by the
 * agent ({@code perfstat.Agent}) and by the models ({@code perfstat.Workload}) and checked by
 * the CLI's reader. A change to an event's name, fields or units ({@link Events}) raises it.
 *
 * <p>A compile-time constant: the writers' class files carry the number itself, so the agent
 * and the models need this module only to compile.
 */
public final class RecordingFormat {
    /**
     * The version written now, and the newest the reader understands (3: perfstat.ProbePattern;
     * 4: perfstat.JmhIteration; 5: perfstat.Agent's contentionThresholdNs; 6: what the agent lost,
     * perfstat.ProbePattern's installerErrors, classesInvisible, probesDropped and
     * perfstat.CounterReader's readFailures; 7: perfstat.Agent's program, perfstat.ProbePattern's candidates, perfstat.ThreadRole;
     * 8: perfstat.ThreadRoleCounter; 9: perfstat.ProgramScore; 10: perfstat.Setup, perfstat.Workload's unitName and
     * unitCounter, perfstat.Score's and perfstat.Result's scoreUnit, perfstat.PerfCounter's valueNs;
     * perfstat.Machine, perfstat.LateWindow and the phase late-start; 11: perfstat.NotProbed; 12: perfstat.ProgramScore's
     * iterations; 13: perfstat.Iterations).
     */
    public static final int VERSION = 13;

    private RecordingFormat() {
    }
}

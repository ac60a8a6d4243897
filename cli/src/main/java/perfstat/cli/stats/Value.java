package perfstat.cli.stats;

/**
 * One metric's measurement on one side of a comparison.
 *
 * @param value     the value, in the metric's unit (NaN unless {@code status} is MEASURED)
 * @param status    whether there is a value, and if not, why
 * @param stderrPct standard error of the mean as a percentage of the mean, as perf's
 *                  {@code ( +- x% )}; NaN when there is only one sample
 * @param samples   how many samples {@code value} is the mean of (1 for a total)
 */
public record Value(double value, Status status, double stderrPct, int samples) {

    public enum Status {
        /** Measured. */
        MEASURED,
        /** The source cannot measure it here (perf's {@code <not supported>}). */
        NOT_SUPPORTED,
        /** The source could have measured it but it never ran (perf's {@code <not counted>}). */
        NOT_COUNTED,
        /** The recording has no such measurement. */
        ABSENT,
        /** A method a probe pattern matched that the agent could not probe (a note says why): it ran uncounted. */
        NOT_PROBED
    }

    public static Value of(double v) {
        return new Value(v, Status.MEASURED, Double.NaN, 1);
    }

    public static Value notSupported() {
        return new Value(Double.NaN, Status.NOT_SUPPORTED, Double.NaN, 0);
    }

    public static Value notCounted() {
        return new Value(Double.NaN, Status.NOT_COUNTED, Double.NaN, 0);
    }

    public static Value notProbed() {
        return new Value(Double.NaN, Status.NOT_PROBED, Double.NaN, 0);
    }

    public static Value absent() {
        return new Value(Double.NaN, Status.ABSENT, Double.NaN, 0);
    }

    public boolean measured() {
        return status == Status.MEASURED;
    }
}

package perfstat.format;

/**
 * perfstat's class transformation on the application's threads, as the recording carries it: one more
 * {@code perfstat.ThreadRoleCounter} per split by role, the application role's, whose {@code event} is
 * {@link #EVENT} and {@code value} the CPU time (ns, since the window opened) that the application's threads
 * spent inside perfstat's transformer. Readers move it to the observer's rows; a reader that does not know
 * the name skips it, as any event it was not asked for: no new format version. Compile-time constants.
 */
public final class Transformation {
    /** The event's name in {@code perfstat.ThreadRoleCounter}'s {@code event} field. */
    public static final String EVENT = "perfstat:transform-cpu-ns";
    /** Its {@code source}: each application thread's CPU clock around the transformer's call. */
    public static final String SOURCE = "thread CPU clock";

    private Transformation() {
    }
}

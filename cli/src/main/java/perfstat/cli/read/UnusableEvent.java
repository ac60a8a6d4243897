package perfstat.cli.read;

/**
 * Thrown by a collector's handler for an event it cannot use (a stack frame without a method):
 * the pass skips that event and counts it under its type and this cause, as it does an event
 * without a field the collector reads or with a field of another type.
 */
final class UnusableEvent extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final RunData.Skipped.Cause cause;

    UnusableEvent(RunData.Skipped.Cause cause) {
        super(cause.name(), null, false, false); // no stack trace: one is thrown per such event
        this.cause = cause;
    }

    RunData.Skipped.Cause reason() {
        return cause;
    }
}

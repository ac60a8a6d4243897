package perfstat.cli.user;

/**
 * A user's mistake, reported in one line without a stack trace. As the JDK's {@code jfr}
 * tool does: exit 2 for a usage error (a wrong option or name), exit 1 for a data error
 * (a missing, unreadable or unsuitable file).
 */
public final class UserError extends RuntimeException {
    public static final int USAGE = 2;
    public static final int DATA = 1;

    private final int exitCode;

    private UserError(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public static UserError usage(String message) {
        return new UserError(USAGE, message, null);
    }

    public static UserError data(String message) {
        return new UserError(DATA, message, null);
    }

    public static UserError data(String message, Throwable cause) {
        return new UserError(DATA, message, cause);
    }

    public int exitCode() {
        return exitCode;
    }
}

package perfstat.agent.counters;

/** The errno values perf counting tells apart (Linux, asm-generic/errno-base.h). */
final class Errno {
    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int ESRCH = 3;
    static final int EACCES = 13;
    static final int ENODEV = 19;
    static final int EINVAL = 22;
    static final int EMFILE = 24;
    static final int EOPNOTSUPP = 95;

    private Errno() {
    }

    static String name(int errno) {
        return switch (errno) {
            case EPERM -> "EPERM";
            case ENOENT -> "ENOENT";
            case ESRCH -> "ESRCH";
            case EACCES -> "EACCES";
            case ENODEV -> "ENODEV";
            case EINVAL -> "EINVAL";
            case EMFILE -> "EMFILE";
            case EOPNOTSUPP -> "EOPNOTSUPP";
            default -> "errno " + errno;
        };
    }
}

package perfstat.models.writepath;

/** The error numbers the model returns, negated as the kernel returns them. */
public final class Errno {
    public static final int EBADF = 9;
    public static final int EFAULT = 14;
    public static final int EBUSY = 16;
    public static final int EFBIG = 27;
    public static final int EINVAL = 22;
    public static final int EROFS = 30;
    public static final int EMFILE = 24;

    private Errno() {
    }
}

package perfstat.testapp;

/** Code to probe in tests; outside perfstat.agent, which the installer never instruments. */
public final class Target {
    private long sum;

    public long add(long x) {
        sum += x;
        return sum;
    }

    public int throwIfPositive(int x) {
        if (x > 0) {
            throw new IllegalStateException("host exception " + x);
        }
        return -x;
    }

    public static int twice(int x) {
        return 2 * x;
    }
}

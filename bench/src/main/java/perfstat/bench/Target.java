package perfstat.bench;

/**
 * The method whose probe is measured: a few nanoseconds of arithmetic, kept out of line
 * (CompileCommand dontinline, set by {@link ProbeCost}) so that it is a real call, as the
 * methods users probe are.
 */
public final class Target {
    private Target() {
    }

    public static long work(long x) {
        long h = x * 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
        return h * 0xBF58476D1CE4E5B9L;
    }
}

package perfstat.itapp;

/**
 * A tiny method called hot, to probe with exact timing, and methods that throw: {@code ProbeLines N} makes N calls of
 * the tiny one, prints their sum, then the top two frames of an exception thrown by a method and of one thrown below a
 * method, whose lines a probe must leave as they are.
 */
public final class ProbeLines {
    private static long state = 17;

    private ProbeLines() {
    }

    static long tiny(int i) {
        state = state * 31 + i;
        return state & 0xff;
    }

    static void fail(int k) {
        if (k > 0) {
            throw new IllegalStateException("host exception " + k);
        }
    }

    static int outer(int k) {
        fail(k);
        return k;
    }

    public static void main(String[] args) {
        long n = Long.parseLong(args[0]);
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += tiny((int) i);
        }
        System.out.println("result=" + s);
        for (int k = 1; k <= 2; k++) {
            try {
                System.out.println(k == 1 ? outer(k) : fail2(k));
            } catch (IllegalStateException e) {
                StackTraceElement[] t = e.getStackTrace();
                System.out.println("thrown at " + t[0] + " from " + t[1]);
            }
        }
    }

    private static int fail2(int k) {
        fail(k);
        return k;
    }
}

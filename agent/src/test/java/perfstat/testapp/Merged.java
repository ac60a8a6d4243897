package perfstat.testapp;

/** Overloads of one name that a probe counts as one (probes-merge). */
public final class Merged {
    private Merged() {
    }

    public static int m(int x) {
        return x + 1;
    }

    public static int m(String s) {
        return s.length();
    }
}

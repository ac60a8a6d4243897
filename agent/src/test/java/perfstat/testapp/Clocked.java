package perfstat.testapp;

/** A class that loads once the probes are in, for the transformer's clock. */
public final class Clocked {
    private Clocked() {
    }

    public static int run(int x) {
        return x + 1;
    }
}

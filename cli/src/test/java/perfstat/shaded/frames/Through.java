package perfstat.shaded.frames;

/** A frame of perfstat's shaded packages for the reader's tests: what it runs is on the stack above perfstat's code. */
public final class Through {
    private Through() {
    }

    public static void run(Runnable r) {
        r.run();
    }
}

package perfstat.cli.launch;

/**
 * Ctrl-C (SIGINT) ignored by perfstat's own JVM while a child runs, where the JDK lets us:
 * the child gets the signal too, ends cleanly and writes its recording, which perfstat then reads.
 */
final class Interrupts implements AutoCloseable {
    private final Object previous;

    private Interrupts(Object previous) {
        this.previous = previous;
    }

    static Interrupts ignore() {
        try {
            return new Interrupts(sun.misc.Signal.handle(new sun.misc.Signal("INT"), s -> { }));
        } catch (Throwable t) {
            return new Interrupts(null);
        }
    }

    @Override
    public void close() {
        if (previous instanceof sun.misc.SignalHandler h) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal("INT"), h);
            } catch (Throwable t) {
                // keep the no-op handler
            }
        }
    }
}

package perfstat.cli.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * While perfstat waits for a child JVM, SIGINT, SIGTERM and SIGHUP to perfstat end the child
 * cleanly instead of perfstat: each is passed on as SIGTERM (which a model's JVM and the
 * agent both treat as Ctrl-C: the run ends and the recording is written), perfstat waits for
 * the child as usual and reads what it wrote. After such a signal no further child is
 * started ({@link #received()}). Where the JDK does not let perfstat handle a signal, the
 * child still ends, as it watches perfstat.
 */
final class Interrupts implements AutoCloseable {
    private static final String[] SIGNALS = {"INT", "TERM", "HUP"};
    private static volatile String received;

    private final List<Object[]> previous = new ArrayList<>(); // {Signal, SignalHandler}

    private Interrupts() {
    }

    /** Passes the signals on to {@code child} until closed. */
    static Interrupts forwardTo(Process child) {
        Interrupts i = new Interrupts();
        for (String name : SIGNALS) {
            try {
                sun.misc.Signal sig = new sun.misc.Signal(name);
                sun.misc.SignalHandler old = sun.misc.Signal.handle(sig, s -> {
                    received = "SIG" + s.getName();
                    child.destroy(); // SIGTERM: a clean end, with its recording
                });
                i.previous.add(new Object[] {sig, old});
            } catch (Throwable t) {
                // not handled here: the default action ends perfstat, and the child follows it
            }
        }
        return i;
    }

    /** The signal that ended a child early ({@code SIGTERM}, …), or null. */
    static String received() {
        return received;
    }

    @Override
    public void close() {
        for (Object[] p : previous) {
            try {
                sun.misc.Signal.handle((sun.misc.Signal) p[0], (sun.misc.SignalHandler) p[1]);
            } catch (Throwable t) {
                // keep the forwarding handler: harmless once the child has ended
            }
        }
    }
}

package perfstat.cli.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * While perfstat waits for a child JVM, SIGINT, SIGTERM and SIGHUP to perfstat end the child
 * cleanly instead of perfstat: each is passed on as SIGTERM (which a model's JVM and the
 * agent both treat as Ctrl-C: the run ends and the recording is written), perfstat waits for
 * the child as usual and reads what it wrote. After such a signal no further child is
 * started ({@link #received()}). Where the JDK does not let perfstat handle a signal, the
 * child still ends, as it watches perfstat. perfstat attach has no child: the signal ends its
 * window early ({@link #notifying}).
 */
final class Interrupts implements AutoCloseable {
    private static final String[] SIGNALS = {"INT", "TERM", "HUP"};
    private static volatile String received;

    private final List<Object[]> previous = new ArrayList<>(); // {Signal, SignalHandler}

    private Interrupts() {
    }

    /** Passes the signals on to {@code child} until closed. */
    static Interrupts forwardTo(Process child) {
        return handling(s -> {
            received = "SIG" + s.getName();
            child.destroy(); // SIGTERM: a clean end, with its recording
        });
    }

    /**
     * perfstat attach: tells {@code onSignal} the first signal's name ({@code SIGINT}, …) and the
     * status it calls for (128 + its number: 130, 143, 129), until closed. The first signal gives
     * the others their previous handling back, so that a second Ctrl-C ends perfstat at once.
     */
    static Interrupts notifying(java.util.function.BiConsumer<String, Integer> onSignal) {
        Interrupts[] self = new Interrupts[1];
        self[0] = handling(s -> {
            if (self[0] != null) {
                self[0].close();
            }
            onSignal.accept("SIG" + s.getName(), 128 + s.getNumber());
        });
        return self[0];
    }

    private static Interrupts handling(sun.misc.SignalHandler handler) {
        Interrupts i = new Interrupts();
        for (String name : SIGNALS) {
            try {
                sun.misc.Signal sig = new sun.misc.Signal(name);
                sun.misc.SignalHandler old = sun.misc.Signal.handle(sig, handler);
                i.previous.add(new Object[] {sig, old});
            } catch (Throwable t) {
                // not handled here: the default action ends perfstat, and the child follows it
            }
        }
        return i;
    }

    /**
     * compare's runs, between children as well as during one: a signal is noted ({@link #received()}), so that no further
     * child starts and the comparison ends with the rounds it has; a child running then gets it passed on by its own
     * {@link #forwardTo}, which this gives the signals back to when it closes.
     */
    static Interrupts noting() {
        return handling(s -> received = "SIG" + s.getName());
    }

    /** The signal that ended a child early ({@code SIGTERM}, …), or null. */
    static String received() {
        return received;
    }

    @Override
    public synchronized void close() {
        for (Object[] p : previous) {
            try {
                sun.misc.Signal.handle((sun.misc.Signal) p[0], (sun.misc.SignalHandler) p[1]);
            } catch (Throwable t) {
                // keep the forwarding handler: harmless once the child has ended
            }
        }
        previous.clear();
    }
}

package perfstat.agent;

import java.util.List;
import perfstat.agent.counters.CounterSet;
import perfstat.agent.counters.EventSpec;
import perfstat.agent.probe.ProbeInstaller;

/**
 * The part of the agent's start that needs neither JFR nor the host's classes, run on a thread of
 * its own while the session's thread starts JFR (a few hundred milliseconds of JFR's own): Byte
 * Buddy's one-time set-up where something is probed, and the counters' native layer (FFM's linker
 * and its downcalls: perf_event_open, read and close made once on a software counter) with procfs's
 * first reads. Where a core is free
 * the two overlap and the agent's start takes about as long as JFR's; on one core it costs what
 * it did. The session waits for the thread before it installs probes or opens counters, so the
 * thread has ended before the counters' window opens, and its CPU time is in the start's.
 * Whatever fails here is done again, and said, where the session does it for real.
 */
final class StartUp {
    private StartUp() {
    }

    /** Starts the preparation; the thread, or null when there is nothing to prepare. Never throws. */
    static Thread begin(ProbeInstaller installer, boolean counters) {
        if (installer == null && !counters) {
            return null;
        }
        try {
            Thread t = new Thread(new Runnable() { // a class, not a lambda: the JVM's first lambda costs its factory
                @Override
                public void run() {
                    prepare(installer, counters);
                }
            }, "perfstat-start");
            t.setDaemon(true);
            t.start();
            return t;
        } catch (RuntimeException | Error e) {
            return null; // the session does it all itself
        }
    }

    private static void prepare(ProbeInstaller installer, boolean counters) {
        if (installer != null) {
            try {
                installer.prepare();
            } catch (RuntimeException | Error ignored) {
                // install() does it again and says what fails
            }
        }
        if (counters) {
            // one software counter, opened, read and closed: the native layer linked, and each of its calls
            // made once, so that neither the opening of the window nor its last read at exit pays for that
            try (CounterSet once = CounterSet.open(List.of(EventSpec.parse("task-clock")))) {
                once.read();
            } catch (RuntimeException | Error ignored) {
                // CounterSet.open does it again where the session opens its counters
            }
        }
    }

    /** Waits for {@code t} (null: nothing to wait for); an interrupt is kept for the caller. */
    static void await(Thread t) {
        if (t == null) {
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}

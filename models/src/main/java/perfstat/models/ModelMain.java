package perfstat.models;

import java.nio.file.Path;
import java.util.Optional;
import perfstat.models.spi.RunRequest;

/**
 * Entry point of the measured JVM: {@code perfstat run} starts a child JVM with the
 * agent and this class, so the measured process holds only the workload. Its arguments are
 * {@link ModelArgs#format()}'s.
 *
 * <p>Prints one line with the score to stdout. Exit status 0 on success, 2 on a usage error,
 * 1 when the model failed a check. SIGINT and SIGTERM end the run cleanly (its result and
 * counters recorded), and so does the end of the process named by {@code --parent}: a model's
 * JVM never outlives the perfstat that started it.
 */
public final class ModelMain {
    /** How long a run whose parent died may take to end cleanly before the JVM exits anyway. */
    private static final long ORPHAN_GRACE_MS = 10_000;

    private ModelMain() {
    }

    public static void main(String[] args) {
        for (String sig : new String[] {"INT", "TERM", "HUP"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(sig), s -> Runner.requestStop());
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the platform does not have this signal
            }
        }
        try {
            System.exit(run(ModelArgs.parse(args)));
        } catch (IllegalArgumentException e) {
            System.err.println("perfstat model: " + e.getMessage());
            System.exit(2);
        } catch (Exception e) {
            System.err.println("perfstat model: " + e.getMessage());
            System.exit(1);
        }
    }

    static int run(ModelArgs args) throws Exception {
        ModelArgs.Resolved r = args.resolve();
        if (args.parentPid() > 0) {
            watchParent(args.parentPid());
        }
        RunRequest request = r.request();
        Runner.Outcome o = Runner.run(r.selection().model(), request);
        System.out.printf(java.util.Locale.ROOT, "%s %s threads=%d score=%.2f %s units=%d elapsed_ms=%.3f%n",
                request.workload(), request.variant(), request.threads(), o.score(), r.selection().workload().scoreUnit(),
                o.units(), o.elapsedNs() / 1e6);
        return 0;
    }

    /**
     * Ends the run as SIGTERM would when {@code pid} ends (perfstat killed, even by SIGKILL);
     * if it has not ended {@value #ORPHAN_GRACE_MS} ms later, the JVM exits (shutdown hooks,
     * the agent's recording among them, still run).
     */
    private static void watchParent(long pid) {
        Optional<ProcessHandle> parent = ProcessHandle.of(pid);
        if (parent.isEmpty()) {
            orphaned(pid); // gone before we looked
            return;
        }
        parent.get().onExit().thenRun(() -> orphaned(pid));
    }

    private static void orphaned(long pid) {
        System.err.println("perfstat model: perfstat (pid " + pid + ") has ended; ending the run (its recording stays in "
                + Path.of("").toAbsolutePath() + ")");
        Runner.requestStop();
        Thread exit = new Thread(() -> {
            try {
                Thread.sleep(ORPHAN_GRACE_MS);
            } catch (InterruptedException e) {
                return;
            }
            System.exit(1);
        }, "perfstat-orphan-exit");
        exit.setDaemon(true);
        exit.start();
    }
}

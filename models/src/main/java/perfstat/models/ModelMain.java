package perfstat.models;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Entry point of the measured JVM: {@code perfstat run} starts a child JVM with the
 * agent and this class, so the measured process holds only the workload.
 *
 * <pre>
 * ModelMain NAME --variant V --threads N --cpus C --warmup-ms W --duration-ms D --interval-ms I [--option KEY=VALUE]...
 * </pre>
 * Prints one line with the score to stdout. Exit status 0 on success, 2 on a usage error, 1 when the model failed a check.
 */
public final class ModelMain {
    private ModelMain() {
    }

    public static void main(String[] args) {
        // Ctrl-C and SIGTERM end the run cleanly: its result and counters are recorded, then the JVM exits
        for (String sig : new String[] {"INT", "TERM"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(sig), s -> Runner.requestStop());
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the platform does not have this signal
            }
        }
        try {
            System.exit(run(args));
        } catch (IllegalArgumentException e) {
            System.err.println("perfstat model: " + e.getMessage());
            System.exit(2);
        } catch (Exception e) {
            System.err.println("perfstat model: " + e.getMessage());
            System.exit(1);
        }
    }

    static int run(String[] args) throws Exception {
        if (args.length == 0) {
            throw new IllegalArgumentException("missing model name");
        }
        Models.Selection sel = Models.find(args[0])
                .orElseThrow(() -> new IllegalArgumentException("unknown model: " + args[0]));
        String variant = sel.model().variants().get(0).name();
        int threads = 1;
        int cpus = 0;
        long durationMs = 10_000;
        long warmupMs = 1_000;
        long intervalMs = 1_000;
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value for " + a);
            }
            String v = args[++i];
            switch (a) {
                case "--variant" -> variant = v;
                case "--threads" -> threads = Integer.parseInt(v);
                case "--cpus" -> cpus = Integer.parseInt(v);
                case "--duration-ms" -> durationMs = Long.parseLong(v);
                case "--interval-ms" -> intervalMs = Long.parseLong(v);
                case "--warmup-ms" -> warmupMs = Long.parseLong(v);
                case "--option" -> {
                    int eq = v.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("option must be KEY=VALUE: " + v);
                    }
                    options.put(v.substring(0, eq), v.substring(eq + 1));
                }
                default -> throw new IllegalArgumentException("unknown argument: " + a);
            }
        }
        if (sel.model().variant(variant) == null) {
            throw new IllegalArgumentException("unknown variant of " + sel.model().name() + ": " + variant);
        }
        if (threads < 1 || durationMs < 1 || intervalMs < 1 || warmupMs < 0) {
            throw new IllegalArgumentException("threads, duration and interval must be positive");
        }
        cpus = Math.max(cpus, threads);
        if (sel.workload().simulated() && !options.containsKey("seed")) {
            // a simulation is deterministic for its seed: draw one, and the recording's options keep it
            options.put("seed", Long.toString(new java.util.SplittableRandom().nextLong() >>> 1));
        }
        RunRequest request = new RunRequest(sel.model().name(), variant, sel.workload().name(), threads, cpus,
                warmupMs * 1_000_000L, durationMs * 1_000_000L, intervalMs * 1_000_000L, options);
        Runner.Outcome o = Runner.run(sel.model(), request);
        System.out.printf(java.util.Locale.ROOT, "%s %s threads=%d score=%.2f %s units=%d elapsed_ms=%.3f%n",
                request.workload(), variant, threads, o.score(), sel.workload().scoreUnit(), o.units(),
                o.elapsedNs() / 1e6);
        return 0;
    }
}

package perfstat.models;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import perfstat.models.spi.RunRequest;

/**
 * What {@code perfstat run} tells a model's JVM, as one value: the CLI builds it and sends
 * {@link #format()} as {@link ModelMain}'s arguments; {@link ModelMain} reads it back with
 * {@link #parse}, and {@code parse(a.format()).equals(a)}. The constructor checks every value,
 * so the CLI refuses a bad one before any JVM starts.
 *
 * <pre>
 * NAME [--variant V] [--threads N] [--cpus C] [--warmup-ms W] [--duration-ms D] [--interval-ms I] [--option KEY=VALUE]... [--parent PID]
 * </pre>
 *
 * @param workload   a model's or a workload's name ({@link Models#find})
 * @param variant    the variant, or null for the model's first
 * @param threads    worker threads, 1 or more
 * @param cpus       simulated CPUs; 0 for as many as threads
 * @param warmupMs   time before measuring, 0 or more
 * @param durationMs measured time, 1 or more
 * @param intervalMs how often the score is recorded, 1 or more
 * @param options    the workload's own options, in order
 * @param parentPid  the process that started this run (perfstat), whose end ends the run too; 0 for none
 */
public record ModelArgs(String workload, String variant, int threads, int cpus, long warmupMs, long durationMs,
                        long intervalMs, Map<String, String> options, long parentPid) {
    public static final long DEFAULT_DURATION_MS = 10_000;
    public static final long DEFAULT_WARMUP_MS = 1_000;
    public static final long DEFAULT_INTERVAL_MS = 1_000;

    public ModelArgs {
        if (workload == null || workload.isEmpty() || workload.startsWith("-")) {
            throw new IllegalArgumentException("missing model name");
        }
        if (parentPid < 0) {
            throw new IllegalArgumentException("--parent must be a process id");
        }
        if (threads < 1 || cpus < 0 || durationMs < 1 || intervalMs < 1 || warmupMs < 0) {
            throw new IllegalArgumentException("threads, duration and interval must be positive, warm-up and cpus not negative");
        }
        for (String k : options.keySet()) {
            if (k.isEmpty() || k.contains("=")) {
                throw new IllegalArgumentException("option must be KEY=VALUE: " + k);
            }
        }
        options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** The arguments for {@link ModelMain}. */
    public List<String> format() {
        List<String> args = new ArrayList<>(List.of(workload));
        if (variant != null) {
            args.addAll(List.of("--variant", variant));
        }
        args.addAll(List.of("--threads", Integer.toString(threads), "--cpus", Integer.toString(cpus),
                "--warmup-ms", Long.toString(warmupMs), "--duration-ms", Long.toString(durationMs),
                "--interval-ms", Long.toString(intervalMs)));
        options.forEach((k, v) -> args.addAll(List.of("--option", k + "=" + v)));
        if (parentPid > 0) {
            args.addAll(List.of("--parent", Long.toString(parentPid)));
        }
        return args;
    }

    /** Reads {@link #format()}'s arguments back; a one-line {@link IllegalArgumentException} for a bad one. */
    public static ModelArgs parse(String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("missing model name");
        }
        String variant = null;
        int threads = 1;
        int cpus = 0;
        long durationMs = DEFAULT_DURATION_MS;
        long warmupMs = DEFAULT_WARMUP_MS;
        long intervalMs = DEFAULT_INTERVAL_MS;
        long parentPid = 0;
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value for " + a);
            }
            String v = args[++i];
            try {
                switch (a) {
                    case "--variant" -> variant = v;
                    case "--threads" -> threads = Integer.parseInt(v);
                    case "--cpus" -> cpus = Integer.parseInt(v);
                    case "--duration-ms" -> durationMs = Long.parseLong(v);
                    case "--interval-ms" -> intervalMs = Long.parseLong(v);
                    case "--warmup-ms" -> warmupMs = Long.parseLong(v);
                    case "--parent" -> parentPid = Long.parseLong(v);
                    case "--option" -> {
                        int eq = v.indexOf('=');
                        if (eq <= 0) {
                            throw new IllegalArgumentException("option must be KEY=VALUE: " + v);
                        }
                        options.put(v.substring(0, eq), v.substring(eq + 1));
                    }
                    default -> throw new IllegalArgumentException("unknown argument: " + a);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(a + " needs a number, not '" + v + "'");
            }
        }
        return new ModelArgs(args[0], variant, threads, cpus, warmupMs, durationMs, intervalMs, options, parentPid);
    }

    /**
     * The run these arguments ask for, resolved against the registry: the model, its variant
     * and the workload's options (checked), simulated CPUs at least the threads, and a drawn seed for a simulation that
     * was given none (the recording's options keep it).
     */
    public Resolved resolve() {
        Models.Selection sel = Models.find(workload)
                .orElseThrow(() -> new IllegalArgumentException("unknown model: " + workload));
        String v = variant != null ? variant : sel.model().variants().get(0).name();
        if (sel.model().variant(v) == null) {
            throw new IllegalArgumentException("unknown variant of " + sel.model().name() + ": " + v);
        }
        for (Map.Entry<String, String> o : options.entrySet()) {
            if (!sel.workload().options().contains(o.getKey())) {
                throw new IllegalArgumentException("unknown option '" + o.getKey() + "' of " + sel.workload().name()
                        + (sel.workload().options().isEmpty() ? " (it takes none)"
                        : " (known: " + String.join(", ", sel.workload().options()) + ")"));
            }
            try {
                Long.parseLong(o.getValue());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("option '" + o.getKey() + "' of " + sel.workload().name()
                        + " must be an integer, not '" + o.getValue() + "'");
            }
        }
        Map<String, String> opts = new LinkedHashMap<>(options);
        if (sel.workload().simulated() && !opts.containsKey("seed")) {
            opts.put("seed", Long.toString(new java.util.SplittableRandom().nextLong() >>> 1));
        }
        return new Resolved(sel, new RunRequest(sel.model().name(), v, sel.workload().name(), threads,
                Math.max(cpus, threads), warmupMs * 1_000_000L, durationMs * 1_000_000L, intervalMs * 1_000_000L, opts));
    }

    /** A model selected and the run request for it. */
    public record Resolved(Models.Selection selection, RunRequest request) {
    }
}

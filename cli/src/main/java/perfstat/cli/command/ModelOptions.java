package perfstat.cli.command;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import perfstat.cli.user.Durations;
import perfstat.cli.user.UserError;
import perfstat.agent.AgentOptions;
import perfstat.cli.launch.AgentArgs;
import perfstat.cli.launch.ModelLauncher;
import perfstat.models.ModelArgs;
import perfstat.models.Models;
import perfstat.models.spi.Model;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options shared by {@code run} and {@code compare}: how the model runs. */
public final class ModelOptions {
    @Option(names = "--threads", description = "Parallel copies, each its own CPU (default: 1; xfs_repair: twice the cores).")
    Integer threads;

    @Option(names = "--cpus", defaultValue = "0", description = "Simulated CPUs (default: the number of threads).")
    int cpus;

    @Option(names = "--duration", converter = Durations.class,
            description = "Measured time per run, e.g. 500ms, 10s, 2m (default: 10s for run, 5s for compare).")
    Duration duration;

    @Option(names = "--warmup", defaultValue = "1s", converter = Durations.class,
            description = "Time the workload runs before measuring, for the JIT (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--interval", defaultValue = "1s", converter = Durations.class,
            description = "How often the workload's score is recorded (default: ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(names = "--size", paramLabel = "MB",
            description = "tiobench: MB written by all tasks together, as tiobench.pl's --size (default: 4096).")
    Long size;

    @Option(names = "--option", paramLabel = "KEY=VALUE", description = "A workload option, e.g. block-size=1024.")
    Map<String, String> options = new LinkedHashMap<>();

    @Mixin
    ProbeOptions probes;

    @Mixin
    WindowOptions window;

    @Option(names = "--force", description = "Overwrite existing recordings.")
    boolean force;

    /** The model a user's name selects, or a usage error naming the known ones. */
    static Models.Selection select(String name) {
        return Models.find(name).orElseThrow(() -> UserError.usage("unknown model '" + name + "' (known: "
                + String.join(", ", Models.all().stream().flatMap(m -> m.workloads().stream().map(Model.WorkloadInfo::name)).toList())
                + "; perfstat models lists them)"));
    }

    /** How long a fixed-work workload may take unless --duration says otherwise. */
    static final Duration FIXED_WORK_LIMIT = Duration.ofMinutes(10);

    ModelLauncher.Spec spec(Models.Selection sel, String variant, Duration defaultDuration) {
        // a fixed amount of work ends when it is done: the duration is only a limit then
        Duration d = duration != null ? duration : sel.workload().fixedWork() ? FIXED_WORK_LIMIT : defaultDuration;
        if (sel.model().variant(variant) == null) {
            throw UserError.usage("unknown variant '" + variant + "' of " + sel.workload().name() + " (known: "
                    + String.join(", ", sel.model().variants().stream().map(Model.Variant::name).toList()) + ")");
        }
        int threads = this.threads != null ? this.threads : sel.workload().defaultThreads();
        if (threads < 1) {
            throw UserError.usage("--threads must be at least 1");
        }
        if (d.isZero() || interval.isZero()) {
            throw UserError.usage("--duration and --interval must be positive");
        }
        Map<String, String> opts = new LinkedHashMap<>(options);
        if (size != null) {
            if (!sel.workload().name().equals("tiobench")) {
                throw UserError.usage("--size is an option of tiobench, not of " + sel.workload().name());
            }
            if (size < 1) {
                throw UserError.usage("--size must be at least 1 (MB)");
            }
            opts.put("size", Long.toString(size));
        }
        // a simulation has no JIT to warm up: its score does not depend on the JVM's speed
        Duration w = sel.workload().simulated() ? Duration.ZERO : warmup;
        ModelArgs args;
        try {
            args = new ModelArgs(sel.workload().name(), variant, threads, Math.max(cpus, threads), w.toMillis(),
                    d.toMillis(), Math.max(1, interval.toMillis()), opts, ProcessHandle.current().pid());
            args.resolve(); // the workload's options checked here, not in its JVM
        } catch (IllegalArgumentException e) {
            throw UserError.usage(e.getMessage());
        }
        // the model's own probe set first, then the user's
        AgentOptions agent = AgentArgs.check(window.applyTo(probes.applyTo(AgentOptions.builder()
                .probeSet(sel.model().probeSet()))));
        return new ModelLauncher.Spec(sel.workload(), args, agent);
    }
}

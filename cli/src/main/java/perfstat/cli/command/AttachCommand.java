package perfstat.cli.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import perfstat.cli.Durations;
import perfstat.cli.UserError;
import perfstat.agent.AgentOptions;
import perfstat.cli.launch.AgentArgs;
import perfstat.cli.launch.Attacher;
import perfstat.cli.launch.ModelLauncher;
import perfstat.cli.read.IntervalLog;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.render.StatRenderer;
import perfstat.cli.stats.StatSummary;
import perfstat.cli.stats.Comparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code perfstat attach PID}: loads the agent into a running JVM, records a window (probes
 * put in, counters opened), then detaches, leaving the process as it was, and prints the table.
 */
@Command(name = "attach", mixinStandardHelpOptions = true, description = {"Record a window of a running JVM, then detach and print its table.",
        "JDK 21+ targets warn on dynamic agent loading unless started with -XX:+EnableDynamicAgentLoading."})
public final class AttachCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PID", description = "The JVM's process id (perfstat ps lists them).")
    String pid;

    @Option(names = "--duration", defaultValue = "10s", converter = Durations.class,
            description = "How long to record (default: ${DEFAULT-VALUE}); Ctrl-C ends the window early.")
    Duration duration;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "The recording (default: attach-PID.jfr).")
    Path output;

    @Option(names = "--force", description = "Overwrite the output recording if it exists.")
    boolean force;

    @Mixin
    ProbeOptions probes;

    @Option(names = {"-e", "--event"}, paramLabel = "EVENTS", split = ",",
            description = "Counters, comma-separated, as perf names them.")
    List<String> events = new ArrayList<>();

    @Option(names = "--set", paramLabel = "variant=NAME",
            description = "Switch a running model to another variant (through its MBean) and return; record windows before and after to diff them.")
    String set;

    @Option(names = {"-I", "--interval-print"}, paramLabel = "MS",
            description = "Print the counts of every MS milliseconds while attached, as perf stat -I does.")
    Integer intervalMs;

    @Mixin
    FormatOption format;

    @Override
    public Integer call() throws Exception {
        if (set != null) {
            return switchVariant();
        }
        Path out = (output != null ? output : Path.of("attach-" + pid + ".jfr")).toAbsolutePath();
        ModelLauncher.checkWritable(out, force);
        if (intervalMs != null && intervalMs < 10) {
            throw UserError.usage("-I must be 10 ms or more, not " + intervalMs);
        }
        AgentOptions.Builder b = agentOptions(out);
        if (force) {
            Files.deleteIfExists(out);
        }
        Path intervals = null;
        if (intervalMs != null) {
            intervals = Files.createTempFile("perfstat-attach-", ".log");
            b.intervalMs(intervalMs).intervalLog(intervals.toString());
        }
        Attacher.load(pid, AgentArgs.check(b).format());
        // Ctrl-C: end the window early, and still get the recording
        Thread early = new Thread(() -> {
            if (!Files.exists(out)) {
                try {
                    Attacher.load(pid, "stop");
                    Attacher.await(out, 30_000);
                } catch (RuntimeException | InterruptedException e) {
                    // the process may be gone
                }
            }
        });
        Runtime.getRuntime().addShutdownHook(early);
        boolean done;
        try {
            done = intervals == null ? Attacher.await(out, duration.toMillis() + 60_000) : follow(intervals, out);
        } finally {
            Runtime.getRuntime().removeShutdownHook(early);
            if (intervals != null) {
                Files.deleteIfExists(intervals);
            }
        }
        if (!done) {
            throw UserError.data("the agent in " + pid + " wrote no recording (did the process exit?)");
        }
        RunData data = RecordingReader.read(out.toString());
        if (data.agentOptions() != null && data.agentOptions().endsWith(perfstat.agent.Agent.WINDOW_NOTE)) {
            spec.commandLine().getErr().println("perfstat attach: " + pid + " already runs perfstat's agent (perfstat run or"
                    + " -javaagent): this window counts with its probes, events and interval, from their totals as the window"
                    + " opened and closed");
        }
        format.render(Comparison.of(List.of(data)), spec.commandLine().getOut());
        spec.commandLine().getErr().println("perfstat attach: detached from " + pid + "; recording written to " + out);
        return 0;
    }

    /** {@code --set variant=NAME}: switches a running model's variant, no window. */
    private int switchVariant() {
        if (!set.startsWith("variant=") || set.length() == "variant=".length()) {
            throw UserError.usage("--set knows variant=NAME only, not '" + set + "'");
        }
        String to = set.substring("variant=".length());
        String before = Attacher.setVariant(pid, to);
        spec.commandLine().getErr().println("perfstat attach: " + pid + " switched from " + before + " to " + to);
        return 0;
    }

    /** The window's agent options, every value checked before the target is touched. */
    private AgentOptions.Builder agentOptions(Path out) {
        AgentOptions.Builder b = probes.applyTo(AgentOptions.builder().out(out.toString()).attached(true)
                .durationMs(Math.max(1, duration.toMillis())));
        if (!events.isEmpty()) {
            try {
                b.eventNames(events);
            } catch (AgentOptions.BadOption e) {
                throw UserError.usage(e.getMessage());
            }
        }
        AgentArgs.check(b);
        return b;
    }

    /** Prints each interval's counts while the window lasts; true once the recording is there. */
    private boolean follow(Path log, Path out) throws InterruptedException {
        StatRenderer r = new StatRenderer(StatRenderer.Layout.TEXT, ",");
        java.io.PrintWriter err = spec.commandLine().getErr();
        r.intervalHeader(err);
        IntervalLog follower = new IntervalLog(log);
        List<List<RunData.PerfCounter>> previous = new ArrayList<>();
        long[] baseNs = {0};
        long end = System.nanoTime() + (duration.toMillis() + 60_000) * 1_000_000L;
        while (System.nanoTime() < end) {
            boolean there = Files.isRegularFile(out);
            follower.poll(batch -> {
                r.renderInterval((batch.get(0).windowNs() - baseNs[0]) / 1e9,
                        StatSummary.interval(batch, previous.isEmpty() ? null : previous.get(0)), err);
                previous.clear();
                previous.add(batch);
            }, base -> {
                // a window on an agent already counting: rows count from its opening totals
                baseNs[0] = base.get(0).windowNs();
                previous.clear();
                previous.add(base);
            });
            if (there) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }
}

package perfstat.cli.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import perfstat.cli.user.Durations;
import perfstat.cli.user.UserError;
import perfstat.agent.AgentOptions;
import perfstat.cli.launch.AgentArgs;
import perfstat.cli.launch.AttachWindow;
import perfstat.cli.launch.Attacher;
import perfstat.cli.launch.ModelLauncher;
import perfstat.cli.read.IntervalLog;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.render.StatRenderer;
import perfstat.cli.stats.StatSummary;
import perfstat.cli.stats.Comparison;
import perfstat.cli.stats.Note;
import perfstat.cli.stats.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code perfstat attach PID}: loads the agent into a running JVM, records a window (probes
 * put in, counters opened), then detaches, leaving the process as it was, and prints the table.
 * A window that the target's exit or a signal to perfstat ends early gets its table too, with a
 * note ({@link AttachWindow} says how each is noticed).
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
            intervals = Files.createTempFile("perfstat-attach-", ".log"); // rw-------
            b.intervalMs(intervalMs).intervalLog(intervals.toString());
        }
        AttachWindow.End end;
        // where perfstat cannot handle a signal (or at a second Ctrl-C), its end still ends the window, from a shutdown hook
        // a second Ctrl-C ended perfstat before its table (it had exited 130 in silence): one line, where the recording is
        java.io.PrintWriter err = spec.commandLine().getErr();
        Thread early = new Thread(() -> {
            if (!Files.exists(out)) {
                try {
                    Attacher.load(pid, "stop");
                    Attacher.await(out, 30_000);
                } catch (RuntimeException | InterruptedException e) {
                    // the process may be gone
                }
            }
            err.println(spec.qualifiedName() + ": stopped before its table was printed whole; " + (Files.exists(out)
                    ? "the recording is whole at " + out + ": perfstat report " + out + " prints it"
                    : "no recording was written (the target may have exited)"));
            err.flush();
        });
        try { // the hook stays until the table is printed: a second signal while it prints still gets its line
            try (AttachWindow w = AttachWindow.open(pid, b, out, spec.commandLine().getErr())) {
                Runtime.getRuntime().addShutdownHook(early);
                IntervalRows rows = intervals == null ? null : rows();
                IntervalLog log = intervals == null ? null : new IntervalLog(intervals);
                Runnable tick = log == null ? () -> { } : () -> log.poll(rows::batch, rows::base);
                end = w.await(duration.toMillis(), tick);
                if (rows != null) {
                    tick.run(); // what came as the window closed
                    rows.flush();
                }
            } finally {
                if (intervals != null) {
                    Files.deleteIfExists(intervals);
                }
            }
            return table(out, end);
        } finally {
            removeHook(early);
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalArgumentException | IllegalStateException e) {
            // never added, or the JVM is exiting
        }
    }

    /**
     * Prints the window's table, with a note where it ended early; the status: 0, also where
     * the target exited (the table is of the window it had, as perf stat -p does), or 128 + the
     * signal's number where a signal ended it (130 for Ctrl-C, 143 for SIGTERM).
     */
    private int table(Path out, AttachWindow.End end) {
        java.io.PrintWriter err = spec.commandLine().getErr();
        RunData data = RecordingReader.read(out.toString());
        if (data.agentOptions() != null && data.agentOptions().endsWith(perfstat.agent.Agent.WINDOW_NOTE)) {
            boolean asked = !probes.probes.isEmpty() || !probes.probeSets.isEmpty();
            err.println("perfstat attach: " + pid + " already runs perfstat's agent (-javaagent, perfstat run or stat, or"
                    + " another attach): this window counts with its probes, events and interval, from their totals as the window"
                    + " opened and closed" + (asked ? "; the --probes and --probeset given here are not added" : ""));
        }
        Table t = Comparison.of(List.of(data));
        double window = duration.toMillis() / 1000.0;
        if (end.how() == AttachWindow.Ending.TARGET_EXITED) {
            t = withNote(t, new Note.TargetExited(pid, end.seconds(), window));
        } else if (end.how() == AttachWindow.Ending.SIGNAL) {
            t = withNote(t, new Note.WindowStopped(end.signal(), end.seconds(), window));
        }
        format.render(t, spec.commandLine().getOut());
        spec.commandLine().getOut().flush();
        err.println("perfstat attach: " + (end.how() == AttachWindow.Ending.TARGET_EXITED ? pid + " exited; recording"
                : "detached from " + pid + "; recording") + " written to " + out);
        return end.signal() != null ? end.status() : 0;
    }

    private static Table withNote(Table t, Note n) {
        List<Note> notes = new ArrayList<>(t.notes());
        notes.add(n);
        return t.withNotes(notes);
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

    /** Prints each interval's counts from the agent's log as they come, on stderr, as perf stat -I does. */
    private IntervalRows rows() {
        StatRenderer r = new StatRenderer(StatRenderer.Layout.TEXT, ",");
        java.io.PrintWriter err = spec.commandLine().getErr();
        r.intervalHeader(err);
        long intervalNs = (intervalMs == null ? 1000 : intervalMs) * 1_000_000L;
        return new IntervalRows(duration.toNanos(), intervalNs, (seconds, lines) -> r.renderInterval(seconds, lines, err));
    }
}

package perfstat.cli.command;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import perfstat.agent.AgentOptions;
import perfstat.cli.launch.AgentArgs;
import perfstat.cli.user.UserError;
import perfstat.cli.launch.JavaCommandRunner;
import perfstat.cli.launch.ModelLauncher;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.render.StatRenderer;
import perfstat.cli.score.ScoreChunk;
import perfstat.cli.score.ScorePattern;
import perfstat.cli.stats.StatSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code perfstat stat [options] -- java …}: perf stat for a Java command. Runs it with the
 * agent, prints perf's table of its counters on stderr (as perf does, so the command's own
 * output stays clean), and exits with the command's status.
 */
@Command(name = "stat", mixinStandardHelpOptions = true, description = {
        "Run a Java command with the agent and print perf stat's table of its counters (on stderr, as perf).",
        "The window opens when the agent starts (after JVM start-up) and closes when the JVM exits."})
public final class StatCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-r", "--repeat"}, defaultValue = "1", paramLabel = "N",
            description = "Run the command N times; print means with perf's +- (standard error of the mean).")
    int repeat;

    @Option(names = {"-e", "--event"}, paramLabel = "EVENTS", split = ",",
            description = "Events, comma-separated, as perf names them (default: perf stat's default set).")
    List<String> events = new ArrayList<>();

    @Mixin
    ProbeOptions probes;

    @Mixin
    WindowOptions window;

    @Mixin
    ScoreOptions score;

    @Mixin
    PerOption per;

    @Option(names = "--per-thread", description = "Also print the counts per thread (perf_event_open only).")
    boolean perThread;

    @Option(names = {"-I", "--interval-print"}, paramLabel = "MS",
            description = "Print the counts of every MS milliseconds while the command runs.")
    Integer intervalMs;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Keep the recording as FILE (with -r: FILE's name .1.jfr … .N.jfr).")
    Path output;

    @Option(names = "--force", description = "Overwrite the output recording(s) if they exist.")
    boolean force;

    @Option(names = {"-x", "--field-separator"}, paramLabel = "SEP", description = "Print perf's CSV columns, separated by SEP.")
    String separator;

    @Option(names = {"-j", "--json"}, description = "Print perf's JSON, one object per line.")
    boolean json;

    @Parameters(arity = "1..*", paramLabel = "COMMAND",
            description = "java [JVM options] (MAIN | -jar APP) [args]; put -- before it.")
    List<String> command;

    @Override
    public Integer call() {
        checkOptions();
        ScorePattern pattern = score.pattern();
        AgentOptions agent = agentOptions();
        List<Path> outputs = outputs();
        checkWritable(outputs, pattern != null);
        StatRenderer renderer = new StatRenderer(json ? StatRenderer.Layout.JSON
                : separator != null ? StatRenderer.Layout.CSV : StatRenderer.Layout.TEXT, separator);
        PrintWriter err = spec.commandLine().getErr();

        List<RunData> runs = new ArrayList<>();
        int status = 0;
        long wallNs = 0;
        // as compare's: the runs' stderr and perfstat's progress share the terminal; not among -x's and --json's lines
        boolean progress = repeat > 1 && (System.console() != null || separator == null && !json);
        long started = System.nanoTime();
        for (int i = 0; i < repeat; i++) {
            if (progress) {
                err.printf("perfstat stat: run %d of %d%s%n", i + 1, repeat, i == 0 ? ""
                        : String.format(Locale.ROOT, ", about %ds left", (System.nanoTime() - started) / i * (repeat - i) / 1_000_000_000L));
                err.flush();
            }
            Path outFile = pattern == null ? null : outputs.isEmpty() ? tempOutput() : CompareCommand.outputOf(outputs.get(i));
            try (JavaCommandRunner.Outcome o = runOnce(agent, renderer, err, outFile)) {
                if (pattern != null) {
                    ScoreChunk.append(o.recording(), pattern, pattern.find(outFile, repeat > 1 ? "run " + (i + 1) + " of "
                            + repeat : "the command"));
                }
                RunData run = RecordingReader.read(o.recording().toString());
                if (run.counterWindow() == null) {
                    throw UserError.data("the command's recording has no counters (did the agent start?)");
                }
                runs.add(run);
                wallNs += o.wallNs();
                if (o.exitStatus() != 0) {
                    status = o.exitStatus();
                }
                if (!outputs.isEmpty()) {
                    o.keep(outputs.get(i));
                }
            } finally {
                if (outFile != null && outputs.isEmpty()) {
                    deleteQuietly(outFile);
                }
            }
        }
        print(runs, wallNs, status, outputs, renderer, err);
        return status;
    }

    /**
     * The runs' table on {@code err}, and where their recordings went; a --per that no run counts is refused after the
     * table (which it leaves without rows per unit), so that the runs are not lost.
     */
    private void print(List<RunData> runs, long wallNs, int status, List<Path> outputs, StatRenderer renderer,
                       PrintWriter err) {
        perfstat.cli.stats.PerUnit unit;
        UserError badPer = null;
        try {
            unit = per.checked(runs);
        } catch (UserError e) { // the table without rows per unit first, so that the runs are not lost
            unit = perfstat.cli.stats.PerUnit.NONE;
            badPer = e;
        }
        StatSummary summary = summary(runs, wallNs, status, unit);
        if (!perThread) {
            summary = summary.withoutThreads();
        }
        renderer.render(summary, err);
        for (Path p : outputs) {
            err.println("perfstat stat: recording written to " + p + (score.pattern() != null ? ", the command's output to "
                    + CompareCommand.outputOf(p) : ""));
        }
        if (badPer != null) {
            throw badPer;
        }
    }

    /** The recordings -o keeps, and with --score the outputs beside them: each new, or --force. */
    private void checkWritable(List<Path> outputs, boolean withOutput) {
        for (Path p : outputs) {
            ModelLauncher.checkWritable(p, force);
            if (withOutput) {
                ModelLauncher.checkWritable(CompareCommand.outputOf(p), force);
            }
        }
    }

    private void checkOptions() {
        if (!JavaCommandRunner.isJava(command.get(0))) {
            throw UserError.usage("stat runs Java commands (java [JVM options] MAIN|-jar APP [args]); '"
                    + command.get(0) + "' is not java");
        }
        if (repeat < 1) {
            throw UserError.usage("-r must be 1 or more, not " + repeat);
        }
        if (intervalMs != null && intervalMs < 10) {
            throw UserError.usage("-I must be 10 ms or more, not " + intervalMs);
        }
        if (separator != null && json) {
            throw UserError.usage("-x and --json exclude each other");
        }
        per.unit(); // an empty --per is refused here; a name the runs do not count, once they have run (its table first)
    }

    private AgentOptions agentOptions() {
        // the command's JVM does not outlive perfstat, even one killed by SIGKILL
        AgentOptions.Builder b = score.applyTo(window.applyTo(probes.applyTo(AgentOptions.builder()
                .parentPid(ProcessHandle.current().pid()))));
        List<String> eventNames = events.stream().filter(e -> !e.isBlank()).toList();
        if (!eventNames.isEmpty()) {
            try {
                b.eventNames(eventNames);
            } catch (AgentOptions.BadOption e) {
                throw UserError.usage(e.getMessage());
            }
        }
        if (intervalMs != null) {
            b.intervalMs(intervalMs);
        }
        return AgentArgs.check(b);
    }

    /**
     * One run of the command; with -I, each interval's counts printed as they arrive; with {@code outFile}, its
     * standard output also copied there (--score reads it), as tee would.
     */
    private JavaCommandRunner.Outcome runOnce(AgentOptions agent, StatRenderer renderer, PrintWriter err, Path outFile) {
        java.util.function.Consumer<perfstat.cli.read.IntervalLog.Batch> intervals = null;
        if (intervalMs != null) {
            renderer.intervalHeader(err);
            List<perfstat.cli.read.IntervalLog.Batch> previous = new ArrayList<>();
            intervals = batch -> {
                perfstat.cli.read.IntervalLog.Batch prev = previous.isEmpty() ? null : previous.get(0);
                renderer.renderInterval(batch.counters().get(0).windowNs() / 1e9, StatSummary.interval(batch, prev), err);
                previous.clear();
                previous.add(batch);
            };
        }
        return outFile == null ? JavaCommandRunner.run(command, agent, intervals)
                : JavaCommandRunner.run(command, agent, intervals, outFile, true);
    }

    /** A file for a run's output where -o keeps none: read for the score, then removed. */
    private static Path tempOutput() {
        try {
            return Files.createTempFile("perfstat-stat-", ".out");
        } catch (java.io.IOException e) {
            throw UserError.data("cannot create a temporary file: " + e.getMessage());
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (java.io.IOException e) {
            // the temporary directory's own clean-up then
        }
    }

    /** The counter thread's own cost, as the issue asks it be reported. */
    static String readerCost(RunData.CounterWindow w) {
        String s = String.format(Locale.ROOT, "perfstat's counter thread: %d descriptors, %d interval read%s", w.descriptors(),
                w.reads(), w.reads() == 1 ? "" : "s");
        double steady = w.steadyCpuNsPerRead();
        if (!Double.isNaN(steady)) {
            s += String.format(Locale.ROOT, ", %.1f us CPU per read after the first (%.4f%% of one core at %d ms)",
                    steady / 1e3, 100 * steady / w.interval().toNanos(), w.interval().toMillis());
        }
        if (w.readerCpuNs() >= 0 && w.reads() > 0) {
            s += String.format(Locale.ROOT, ", %.2f ms CPU in all", w.readerCpuNs() / 1e6);
        }
        return s;
    }

    private List<Path> outputs() {
        if (output == null) {
            return List.of();
        }
        if (repeat == 1) {
            return List.of(output);
        }
        String name = output.getFileName().toString();
        String stem = name.endsWith(".jfr") ? name.substring(0, name.length() - 4) : name;
        List<Path> out = new ArrayList<>();
        for (int i = 1; i <= repeat; i++) {
            out.add(output.resolveSibling(stem + "." + i + ".jfr"));
        }
        return out;
    }

    /** The runs' summary, with the rows per unit of {@code --per} and the note on what they divide by. */
    private StatSummary summary(List<RunData> runs, long wallNs, int status, perfstat.cli.stats.PerUnit unit) {
        List<String> notes = notes(runs, wallNs, status);
        runs.stream().map(unit::note).filter(java.util.Objects::nonNull).distinct()
                .forEach(n -> notes.add(perfstat.cli.render.NoteText.of(n)));
        return StatSummary.of(String.join(" ", command), runs, notes, unit);
    }

    /** The footer's lines (package-private for tests): sources, the window, perfstat's cost, the roles' notes, losses. */
    List<String> notes(List<RunData> runs, long wallNs, int status) {
        List<String> notes = new ArrayList<>();
        RunData last = runs.get(runs.size() - 1);
        RunData.CounterWindow w = last.counterWindow();
        perfstat.cli.stats.Measurements.sourceNotes(last, null).forEach(n -> notes.add(perfstat.cli.render.NoteText.of(n)));
        double windowS = runs.stream().mapToDouble(r -> r.counterWindow().window().toNanos() / 1e9).sum();
        long startCpuNs = runs.stream().mapToLong(r -> r.counterWindow().agentStartCpuNs()).filter(n -> n >= 0).sum();
        boolean late = runs.stream().anyMatch(r -> r.lateWindow() != null && r.lateWindow().opened());
        notes.add(String.format(Locale.ROOT, (late ? "the window opens late (--delay, --from: below)" : "the window opens once"
                + " the agent is ready, after JVM start-up,") + " and closes at "
                + "JVM exit: %.3f s of the command's %.3f s wall time%s", windowS / runs.size(), wallNs / 1e9 / runs.size(),
                runs.size() > 1 ? " (means)" : ""));
        if (runs.stream().allMatch(r -> r.counterWindow().agentStartCpuNs() >= 0)) {
            // the process's CPU as the window opened: the JVM's start and the agent's, and a late window's run before it
            notes.add(String.format(Locale.ROOT, "before the window opened the process used %.0f ms of CPU%s, not counted"
                    + " (procfs, 10 ms ticks): the JVM's start and perfstat's (its recording, probes and calibration)%s",
                    startCpuNs / 1e6 / runs.size(), runs.size() > 1 ? " a run" : "",
                    late ? ", and the command's own run before --delay or --from opened it" : ""));
        }
        notes.add(readerCost(w));
        notes.addAll(conditionNotes(runs));
        perfstat.cli.stats.Measurements.roleNotes(last, null).forEach(n -> notes.add(perfstat.cli.render.NoteText.of(n)));
        perfstat.cli.stats.SparseTiming.notes(List.of(runs)).forEach(n -> notes.add(perfstat.cli.render.NoteText.of(n)));
        if (perThread) {
            if (last.perThread().isEmpty()) {
                notes.add("--per-thread: no split, the counters came from " + w.mode() + ", which counts the process as a whole");
            } else {
                notes.add("--per-thread: the threads alive when the window opened, each with the threads it started later"
                        + (runs.size() > 1 ? "; last run only" : ""));
            }
        }
        if (last.programScore() != null && last.programScore().series() != null) {
            RunData.IterationSeries it = last.programScore().series();
            notes.add(last.programScore().name() + ": each call of " + it.method() + " one iteration, timed by the agent ("
                    + it.size() + (runs.size() > 1 ? " in the last run" : "") + (it.threads() > 1 ? ", on " + it.threads()
                    + " threads" : "") + (it.dropped() > 0 ? ", " + it.dropped() + " more past the agent's limit not kept" : "")
                    + "); a run's figure is the mean of its steady state (lower is better)");
        } else if (last.programScore() != null && last.programScore().iterations()) {
            notes.add(last.programScore().name() + ": the numbers --iteration-score '" + score.iterationRegex + "' found in "
                    + (runs.size() > 1 ? "each run's output" : "the command's output") + ", one an iteration; a run's figure is"
                    + " the mean of its steady state (" + (last.programScore().higherIsBetter() ? "higher" : "lower") + " is better)");
        } else if (last.programScore() != null) {
            notes.add(last.programScore().name() + ": the numbers --score '" + score.regex + "' found in " + (runs.size() > 1
                    ? "each run's output, their mean a run" : "the command's output, their mean") + " ("
                    + (last.programScore().higherIsBetter() ? "higher" : "lower") + " is better)");
        }
        perfstat.cli.stats.Iterations.notes(List.of(runs), List.of("the command"))
                .forEach(n -> notes.add(perfstat.cli.render.NoteText.of(n)));
        perfstat.cli.stats.Switches.notes(List.of(runs), List.of("the command"))
                .forEach(n -> notes.add(perfstat.cli.render.NoteText.of(n)));
        if (status != 0) {
            notes.add("the command exited with status " + status);
        }
        notes.addAll(lossNotes(runs));
        perfstat.cli.stats.Measurements.notProbedNotes(runs).forEach(n -> notes.add(perfstat.cli.render.NoteText.of(n)));
        perfstat.cli.stats.Measurements.mergedNotes(runs).forEach(n -> notes.add(perfstat.cli.render.NoteText.of(n)));
        notes.addAll(unmatchedNotes(runs));
        return notes;
    }

    /**
     * Where the counters' window opened late (--delay, --from) or never opened, each run's; how busy the machine was (the
     * runs' means) and the runs that shared it, in the words report and diff use.
     */
    private static List<String> conditionNotes(List<RunData> runs) {
        List<perfstat.cli.stats.Note> notes = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            if (runs.get(i).lateWindow() != null) {
                notes.add(perfstat.cli.stats.ConditionNotes.lateWindow(runs.get(i), runs.size() > 1 ? "" : null,
                        runs.size() > 1 ? i + 1 : 0));
            }
        }
        perfstat.cli.stats.Note.MachineLoad load = perfstat.cli.stats.ConditionNotes.load(runs, null);
        if (load != null) {
            notes.add(load);
        }
        perfstat.cli.stats.ConditionNotes.of(List.of(runs), List.of(runs.size() > 1 ? "the command" : "")).stream()
                .filter(n -> !(n instanceof perfstat.cli.stats.Note.LateWindow)).forEach(notes::add); // each run's: above
        return new ArrayList<>(new java.util.LinkedHashSet<>(notes.stream().map(perfstat.cli.render.NoteText::of).toList()));
    }

    /**
     * One note per probe pattern that matched no method in some run, in the order given, with the loaded names nearest
     * to it where the agent found any (the latest run's that has them), in the words report and diff use.
     */
    public static List<String> unmatchedNotes(List<RunData> runs) {
        java.util.Map<String, List<String>> unmatched = new java.util.LinkedHashMap<>();
        for (RunData r : runs) {
            r.probePatterns().forEach((pattern, methods) -> {
                if (perfstat.cli.stats.Measurements.matchedNothing(r, pattern, methods)) {
                    List<String> near = r.probeCandidates().getOrDefault(pattern, List.of());
                    unmatched.merge(pattern, near, (was, now) -> now.isEmpty() ? was : now);
                }
            });
        }
        List<String> notes = new ArrayList<>();
        unmatched.forEach((pattern, near) -> notes.add(perfstat.cli.render.NoteText.of(near.isEmpty()
                ? new perfstat.cli.stats.Note.UnmatchedProbe(pattern) : new perfstat.cli.stats.Note.UnmatchedProbeNear(pattern, near))));
        return notes;
    }

    /** What each run's recording says was lost (the reader's skipped events, the agent's failures), in the notes' words. */
    static List<String> lossNotes(List<RunData> runs) {
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            String label = runs.size() > 1 ? "run " + (i + 1) : null;
            perfstat.cli.stats.Measurements.lossNotes(runs.get(i), label).forEach(n -> notes.add(perfstat.cli.render.NoteText.of(n)));
        }
        return notes;
    }
}

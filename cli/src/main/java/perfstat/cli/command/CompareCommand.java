package perfstat.cli.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import perfstat.cli.UserError;
import perfstat.cli.launch.ModelLauncher;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.Comparison;
import perfstat.cli.stats.Note;
import perfstat.cli.stats.Summary;
import perfstat.cli.stats.Table;
import perfstat.cli.stats.Title;
import perfstat.models.Models;
import perfstat.agent.AgentOptions;
import perfstat.cli.launch.AgentArgs;
import perfstat.cli.launch.JavaCommandRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code perfstat compare MODEL}: runs each variant (default unpatched then patched) several
 * times, interleaved, and prints the diff of their means. One run a side is not enough on a
 * noisy machine: here fstime's score varies by about 6% from one JVM to the next.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, description = {
        "Run variants of a model, or two or more java commands, interleaved, and print their comparison.",
        "  compare MODEL                                        a model's variants (perfstat models)",
        "  compare --name old -- java … ::: --name new -- java …  your own commands, the first the baseline"})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "MODEL|COMMANDS",
            description = "A model or workload name (perfstat models), or java command lines separated by ':::',"
                    + " each after its own --name NAME --.")
    List<String> words;

    @Option(names = "--name", paramLabel = "NAME",
            description = "The first command's name (the others' go before their own --); default A, B, ….")
    String firstName;

    @Option(names = "--variants", split = ",", paramLabel = "A,B",
            description = "Variants to compare; the first is the baseline (default: the model's first two,"
                    + " unpatched,patched for the write-path model).")
    List<String> variants;

    @Option(names = {"-r", "--runs"}, defaultValue = "5",
            description = "Runs of each variant, interleaved A B A B so that drift of the machine cancels;"
                    + " each column shows the mean (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Keep the recordings in DIR: a model's as WORKLOAD-VARIANT.jfr, a command's as NAME/NAME.N.jfr,"
                    + " which diff DIR/A DIR/B reads again (default: not kept).")
    Path outputDir;

    @Option(names = {"-e", "--event"}, paramLabel = "EVENTS", split = ",",
            description = "Counters, comma-separated, as perf names them (default: perf stat's default set).")
    List<String> events = new ArrayList<>();

    @Mixin
    FormatOption format;

    @Option(names = "--warmup-runs", defaultValue = "0", paramLabel = "K",
            description = "Runs of each variant first, discarded (default: ${DEFAULT-VALUE}).")
    int warmupRuns;

    @Mixin
    ModelOptions run;

    @Option(names = "--observer-check",
            description = "Also run each variant without probes, interleaved with the others, and say, judged, how much the"
                    + " probes moved each variant's score and the change between variants.")
    boolean observerCheck;

    @Mixin
    JudgeOptions judge;

    @Override
    public Integer call() throws IOException {
        boolean commands = CommandSides.areCommands(words, firstName);
        Models.Selection sel = commands ? null : ModelOptions.select(words.get(0));
        List<CommandSides.Side> sides = commands ? CommandSides.parse(words, firstName) : null;
        checkOptions(sel, sides);
        var options = judge.options();
        Plan plan = commands ? plan(sides) : plan(sel);
        GateNames.refuseUnknown(judge.failOn, commands ? commandAgent() : withEvents(run.spec(sel, variants.get(0),
                Duration.ofSeconds(5))).agent(), commands ? null : sel.workload());
        boolean keep = outputDir != null;
        Path dir = keep ? outputDir : Files.createTempDirectory("perfstat-compare-");
        if (keep) {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw UserError.usage(dir + " is not a directory");
            }
            Files.createDirectories(dir);
        }
        List<List<Path>> files = fileNames(plan, dir);
        PrintWriter err = spec.commandLine().getErr();
        try {
            List<List<RunData>> columns = runAll(plan, dir, files, err);
            var table = observerCheck ? observed(columns, options)
                    : commands ? Comparison.ofColumns(columns, variants, options) : Comparison.ofColumns(columns, options);
            if (commands) {
                table = table.withTitle(new Title(CommandSides.subject(sides), null, runs));
            }
            // the table first: a rule the runs' table cannot judge is refused (exit 2) after it, not instead of it
            format.render(table, spec.commandLine().getOut());
            spec.commandLine().getOut().flush();
            if (keep) {
                err.println("perfstat compare: recordings in " + dir);
            }
            return judge.gate(table, spec.qualifiedName(), err);
        } finally {
            if (!keep) {
                deleteTree(dir);
            }
        }
    }

    private void checkOptions(Models.Selection sel, List<CommandSides.Side> sides) {
        if (sides != null) {
            if (variants != null) {
                throw UserError.usage("--variants is for a model; commands are named with --name");
            }
            variants = sides.stream().map(CommandSides.Side::name).toList();
        } else if (variants == null) {
            variants = sel.model().variants().stream().limit(2).map(perfstat.models.spi.Model.Variant::name).toList();
        }
        if (variants.size() < 2) {
            throw UserError.usage("--variants needs at least two variants");
        }
        if (runs < 1) {
            throw UserError.usage("--runs must be at least 1, not " + runs);
        }
        if (warmupRuns < 0) {
            throw UserError.usage("--warmup-runs must be 0 or more");
        }
    }

    /** One slot of a round: what its progress line calls it, where its recordings go, how it runs. */
    private record Slot(String name, String label, String file, Runner runner) {
    }

    /** Runs one slot once, writing its recording to {@code out}. */
    private interface Runner {
        void run(Path out, boolean force);
    }

    /**
     * The runs of one round, in order: each variant, and with --observer-check each variant
     * without probes after it.
     */
    private record Plan(List<Slot> slots) {
        List<String> names() {
            return slots.stream().map(Slot::name).toList();
        }
    }

    private Plan plan(Models.Selection sel) {
        List<Slot> slots = new ArrayList<>();
        String w = sel.workload().name();
        for (String v : variants) {
            ModelLauncher.Spec s = withEvents(run.spec(sel, v, Duration.ofSeconds(5)));
            slots.add(new Slot(v, w + " " + v, w + "-" + v, (out, force) -> ModelLauncher.run(s, out, force)));
            if (observerCheck) {
                ModelLauncher.Spec bare = s.withoutProbes();
                slots.add(new Slot(v + NO_PROBES, w + " " + v + NO_PROBES, w + "-" + v + NO_PROBES,
                        (out, force) -> ModelLauncher.run(bare, out, force)));
            }
        }
        return new Plan(slots);
    }

    private ModelLauncher.Spec withEvents(ModelLauncher.Spec s) {
        List<String> names = events.stream().filter(e -> !e.isBlank()).toList();
        return names.isEmpty() ? s : new ModelLauncher.Spec(s.workload(), s.args(), withEvents(s.agent().toBuilder()));
    }

    private AgentOptions withEvents(AgentOptions.Builder b) {
        List<String> names = events.stream().filter(e -> !e.isBlank()).toList();
        if (!names.isEmpty()) {
            try {
                b.eventNames(names);
            } catch (AgentOptions.BadOption e) {
                throw UserError.usage(e.getMessage());
            }
        }
        return AgentArgs.check(b);
    }

    /** The agent's options for a command's runs. */
    private AgentOptions commandAgent() {
        // the commands' JVMs do not outlive perfstat, even one killed by SIGKILL
        return withEvents(run.probes.applyTo(AgentOptions.builder().parentPid(ProcessHandle.current().pid())));
    }

    /** A command's slots: its recordings go to NAME/NAME.N.jfr, so that {@code diff DIR/A DIR/B} reads them again. */
    private Plan plan(List<CommandSides.Side> sides) {
        AgentOptions agent = commandAgent();
        List<Slot> slots = new ArrayList<>();
        for (CommandSides.Side side : sides) {
            slots.add(commandSlot(side.name(), side.command(), agent));
            if (observerCheck) {
                slots.add(commandSlot(side.name() + NO_PROBES, side.command(), AgentArgs.check(agent.toBuilder().clearProbes())));
            }
        }
        return new Plan(slots);
    }

    private static Slot commandSlot(String name, List<String> command, AgentOptions agent) {
        return new Slot(name, name, name + "/" + name, (out, force) -> {
            try (JavaCommandRunner.Outcome o = JavaCommandRunner.run(command, agent, null, true)) {
                if (o.exitStatus() != 0) {
                    throw new RunFailed(o.exitStatus());
                }
                o.keep(out);
            }
        });
    }

    /** A command's run that exited with a status other than 0. */
    private static final class RunFailed extends RuntimeException {
        final int status;

        RunFailed(int status) {
            super(null, null, false, false);
            this.status = status;
        }
    }

    /**
     * files.get(r).get(v): the recording of run r of slot v, each checked writable before any
     * run; a command's directory that already holds recordings is refused (diff would read them too).
     */
    private List<List<Path>> fileNames(Plan plan, Path dir) throws IOException {
        List<List<Path>> files = new ArrayList<>();
        for (Slot s : plan.slots()) {
            Path parent = dir.resolve(s.file()).getParent();
            if (!parent.equals(dir) && !run.force && holdsRecordings(parent)) {
                throw UserError.usage(parent + " already holds recordings (use --force to add to them, or another -o)");
            }
        }
        for (int r = 0; r < runs; r++) {
            List<Path> round = new ArrayList<>();
            for (Slot s : plan.slots()) {
                boolean command = s.file().contains("/");
                Path f = dir.resolve(s.file() + (command ? "." + (r + 1) : runs > 1 ? "-" + (r + 1) : "") + ".jfr");
                Files.createDirectories(f.getParent());
                ModelLauncher.checkWritable(f, run.force);
                round.add(f);
            }
            files.add(round);
        }
        return files;
    }

    private static boolean holdsRecordings(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(f -> f.getFileName().toString().endsWith(".jfr"));
        }
    }

    /** The warm-up runs, then the measured rounds, interleaved; the recordings read per slot. */
    private List<List<RunData>> runAll(Plan plan, Path dir, List<List<Path>> files, PrintWriter err) throws IOException {
        List<Slot> slots = plan.slots();
        List<List<RunData>> columns = new ArrayList<>();
        for (int v = 0; v < slots.size(); v++) {
            columns.add(new ArrayList<>());
        }
        // a model's progress only on a terminal (it writes nothing else); a command's always, among its own stderr
        boolean progress = System.console() != null || slots.get(0).file().contains("/");
        int total = (warmupRuns + runs) * slots.size();
        long started = System.nanoTime();
        int done = 0;
        String kept = outputDir != null ? "; the finished runs' recordings are in " + dir : "";
        for (int r = -warmupRuns; r < runs; r++) {
            for (int v = 0; v < slots.size(); v++) {
                if (ModelLauncher.stoppedBy() != null) {
                    throw UserError.data("stopped by " + ModelLauncher.stoppedBy() + " after " + done + " of " + total
                            + " runs" + kept);
                }
                String which = r < 0 ? "warm-up run " + (r + warmupRuns + 1) + " of " + warmupRuns : "run " + (r + 1) + " of " + runs;
                if (progress) {
                    String left = done == 0 ? "" : String.format(java.util.Locale.ROOT, ", about %ds left",
                            (System.nanoTime() - started) / done * (total - done) / 1_000_000_000L);
                    err.printf("perfstat compare: %s, %s%s%n", slots.get(v).label(), which, left);
                }
                Path f = r < 0 ? dir.resolve(".warmup-" + slots.get(v).name() + ".jfr") : files.get(r).get(v);
                try {
                    slots.get(v).runner().run(f, r < 0 || run.force);
                } catch (RunFailed e) {
                    throw UserError.data(slots.get(v).label() + " " + which + " exited with status " + e.status
                            + "; comparison stopped" + kept);
                }
                if (r < 0) {
                    Files.deleteIfExists(f);
                } else {
                    columns.get(v).add(RecordingReader.read(f.toString()));
                }
                done++;
            }
        }
        return columns;
    }

    /** Removes the temporary directory of a comparison without -o, with everything in it. */
    private static void deleteTree(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static final String NO_PROBES = "-noprobes";

    /**
     * The variants' table (the runs with probes), its summary followed by what the probes did:
     * per variant, the runs with probes against those without, and the variants compared
     * without probes, each judged as any comparison is.
     */
    private Table observed(List<List<RunData>> slotColumns, Comparison.Options options) {
        List<List<RunData>> probed = new ArrayList<>();
        List<List<RunData>> bare = new ArrayList<>();
        for (int i = 0; i < slotColumns.size(); i++) {
            (i % 2 == 0 ? probed : bare).add(slotColumns.get(i));
        }
        Table main = Comparison.ofColumns(probed, variants, options);
        List<Summary> summary = new ArrayList<>(main.summary());
        for (int v = 0; v < variants.size(); v++) {
            String name = variants.get(v);
            summary.addAll(Comparison.ofColumns(List.of(bare.get(v), probed.get(v)),
                    List.of(name + " without probes", name + " with probes"), options).summary());
        }
        Table without = Comparison.ofColumns(bare, variants.stream().map(v -> v + " without probes").toList(), options);
        summary.addAll(without.summary());
        List<Note> notes = new ArrayList<>(main.notes());
        notes.add(new Note.ObserverCheck());
        return main.with(summary, notes);
    }
}

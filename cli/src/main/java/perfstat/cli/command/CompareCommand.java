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
import perfstat.models.Models;
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
@Command(name = "compare", mixinStandardHelpOptions = true, description = "Run variants of a model one after another and print their comparison.")
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "A model or workload name (perfstat models).")
    String model;

    @Option(names = "--variants", split = ",", paramLabel = "A,B",
            description = "Variants to compare; the first is the baseline (default: the model's first two,"
                    + " unpatched,patched for the write-path model).")
    List<String> variants;

    @Option(names = {"-r", "--runs"}, defaultValue = "5",
            description = "Runs of each variant, interleaved A B A B so that drift of the machine cancels;"
                    + " each column shows the mean (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Keep the recordings in DIR as WORKLOAD-VARIANT.jfr (default: not kept).")
    Path outputDir;

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
        Models.Selection sel = ModelOptions.select(model);
        checkOptions(sel);
        var options = judge.options();
        Plan plan = plan(sel);
        boolean keep = outputDir != null;
        Path dir = keep ? outputDir : Files.createTempDirectory("perfstat-compare-");
        if (keep) {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw UserError.usage(dir + " is not a directory");
            }
            Files.createDirectories(dir);
        }
        List<List<Path>> files = fileNames(sel, plan, dir);
        PrintWriter err = spec.commandLine().getErr();
        try {
            List<List<RunData>> columns = runAll(sel, plan, dir, files, err);
            var table = observerCheck ? observed(columns, options) : Comparison.ofColumns(columns, options);
            judge.refuse(table);
            format.render(table, spec.commandLine().getOut());
            int status = judge.gate(table, spec.qualifiedName(), err);
            if (keep) {
                err.println("perfstat compare: recordings in " + dir);
            }
            return status;
        } finally {
            if (!keep) {
                for (List<Path> round : files) {
                    for (Path f : round) {
                        Files.deleteIfExists(f);
                    }
                }
                Files.deleteIfExists(dir);
            }
        }
    }

    private void checkOptions(Models.Selection sel) {
        if (variants == null) {
            variants = sel.model().variants().stream().limit(2).map(perfstat.models.Model.Variant::name).toList();
        }
        if (variants.size() < 2) {
            throw UserError.usage("--variants needs at least two variants");
        }
        if (runs < 1) {
            throw UserError.usage("--runs must be at least 1");
        }
        if (warmupRuns < 0) {
            throw UserError.usage("--warmup-runs must be 0 or more");
        }
    }

    /**
     * The runs of one round, in order: each variant, and with --observer-check each variant
     * without probes after it.
     */
    private record Plan(List<String> slots, List<ModelLauncher.Spec> specs) {
    }

    private Plan plan(Models.Selection sel) {
        List<String> slots = new ArrayList<>();
        List<ModelLauncher.Spec> specs = new ArrayList<>();
        for (String v : variants) {
            ModelLauncher.Spec s = run.spec(sel, v, Duration.ofSeconds(5));
            slots.add(v);
            specs.add(s);
            if (observerCheck) {
                slots.add(v + NO_PROBES);
                specs.add(s.withoutProbes());
            }
        }
        return new Plan(slots, specs);
    }

    /** files.get(r).get(v): the recording of run r of slot v, each checked writable before any run. */
    private List<List<Path>> fileNames(Models.Selection sel, Plan plan, Path dir) {
        List<List<Path>> files = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            List<Path> round = new ArrayList<>();
            for (String v : plan.slots()) {
                Path f = dir.resolve(sel.workload().name() + "-" + v + (runs > 1 ? "-" + (r + 1) : "") + ".jfr");
                ModelLauncher.checkWritable(f, run.force);
                round.add(f);
            }
            files.add(round);
        }
        return files;
    }

    /** The warm-up runs, then the measured rounds, interleaved; the recordings read per slot. */
    private List<List<RunData>> runAll(Models.Selection sel, Plan plan, Path dir, List<List<Path>> files,
                                       PrintWriter err) throws IOException {
        List<String> slots = plan.slots();
        List<List<RunData>> columns = new ArrayList<>();
        for (int v = 0; v < slots.size(); v++) {
            columns.add(new ArrayList<>());
        }
        boolean progress = System.console() != null;
        int total = (warmupRuns + runs) * slots.size();
        long started = System.nanoTime();
        int done = 0;
        for (int r = -warmupRuns; r < runs; r++) {
            for (int v = 0; v < slots.size(); v++) {
                if (ModelLauncher.stoppedBy() != null) {
                    throw UserError.data("stopped by " + ModelLauncher.stoppedBy() + " after " + done + " of " + total
                            + " runs" + (outputDir != null ? "; the finished runs' recordings are in " + dir : ""));
                }
                if (progress) {
                    String left = done == 0 ? "" : String.format(java.util.Locale.ROOT, ", about %ds left",
                            (System.nanoTime() - started) / done * (total - done) / 1_000_000_000L);
                    err.printf("perfstat compare: %s %s, %s%s%n", sel.workload().name(), slots.get(v),
                            r < 0 ? "warm-up run " + (r + warmupRuns + 1) + " of " + warmupRuns
                                    : "run " + (r + 1) + " of " + runs, left);
                }
                if (r < 0) {
                    Path w = dir.resolve(".warmup-" + slots.get(v) + ".jfr");
                    ModelLauncher.run(plan.specs().get(v), w, true);
                    Files.deleteIfExists(w);
                } else {
                    Path f = files.get(r).get(v);
                    ModelLauncher.run(plan.specs().get(v), f, run.force);
                    columns.get(v).add(RecordingReader.read(f.toString()));
                }
                done++;
            }
        }
        return columns;
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

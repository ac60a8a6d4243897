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

    @Mixin
    JudgeOptions judge;

    @Override
    public Integer call() throws IOException {
        Models.Selection sel = ModelOptions.select(model);
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
        var options = judge.options();
        List<ModelLauncher.Spec> specs = new ArrayList<>();
        for (String v : variants) {
            specs.add(run.spec(sel, v, Duration.ofSeconds(5)));
        }
        boolean keep = outputDir != null;
        Path dir = keep ? outputDir : Files.createTempDirectory("perfstat-compare-");
        if (keep) {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw UserError.usage(dir + " is not a directory");
            }
            Files.createDirectories(dir);
        }
        // files.get(r).get(v): run r of variant v
        List<List<Path>> files = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            List<Path> round = new ArrayList<>();
            for (String v : variants) {
                Path f = dir.resolve(sel.workload().name() + "-" + v + (runs > 1 ? "-" + (r + 1) : "") + ".jfr");
                ModelLauncher.checkWritable(f, run.force);
                round.add(f);
            }
            files.add(round);
        }
        PrintWriter err = spec.commandLine().getErr();
        int status;
        try {
            List<List<RunData>> columns = new ArrayList<>();
            for (int v = 0; v < variants.size(); v++) {
                columns.add(new ArrayList<>());
            }
            boolean progress = System.console() != null;
            int total = (warmupRuns + runs) * variants.size();
            long started = System.nanoTime();
            int done = 0;
            for (int r = -warmupRuns; r < runs; r++) {
                for (int v = 0; v < variants.size(); v++) {
                    if (ModelLauncher.stoppedBy() != null) {
                        throw UserError.data("stopped by " + ModelLauncher.stoppedBy() + " after " + done + " of " + total
                                + " runs" + (keep ? "; the finished runs' recordings are in " + dir : ""));
                    }
                    if (progress) {
                        String left = done == 0 ? "" : String.format(java.util.Locale.ROOT, ", about %ds left",
                                (System.nanoTime() - started) / done * (total - done) / 1_000_000_000L);
                        err.printf("perfstat compare: %s %s, %s%s%n", sel.workload().name(), variants.get(v),
                                r < 0 ? "warm-up run " + (r + warmupRuns + 1) + " of " + warmupRuns
                                        : "run " + (r + 1) + " of " + runs, left);
                    }
                    if (r < 0) {
                        Path w = dir.resolve(".warmup-" + variants.get(v) + ".jfr");
                        ModelLauncher.run(specs.get(v), w, true);
                        Files.deleteIfExists(w);
                    } else {
                        Path f = files.get(r).get(v);
                        ModelLauncher.run(specs.get(v), f, run.force);
                        columns.get(v).add(RecordingReader.read(f.toString()));
                    }
                    done++;
                }
            }
            var table = Comparison.ofColumns(columns, options);
            format.render(table, spec.commandLine().getOut());
            status = judge.gate(table, spec.qualifiedName(), err);
            if (keep) {
                err.println("perfstat compare: recordings in " + dir);
            }
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
        return status;
    }
}

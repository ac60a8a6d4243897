package perfstat.cli.command;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import perfstat.cli.UserError;
import perfstat.cli.launch.ModelLauncher;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.render.OutputFormat;
import perfstat.cli.stats.Comparison;
import perfstat.models.Models;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code perfstat compare MODEL}: runs each variant (default unpatched then patched) and prints the diff. */
@Command(name = "compare", description = "Run variants of a model one after another and print their comparison.")
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "A model or workload name (perfstat models).")
    String model;

    @Option(names = "--variants", split = ",", paramLabel = "A,B",
            description = "Variants to compare; the first is the baseline (default: unpatched,patched).")
    List<String> variants = new ArrayList<>(List.of("unpatched", "patched"));

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Keep the recordings in DIR as WORKLOAD-VARIANT.jfr (default: not kept).")
    Path outputDir;

    @Option(names = "--format", defaultValue = "table", description = "table or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Mixin
    ModelOptions run;

    @Override
    public Integer call() throws IOException {
        Models.Selection sel = ModelOptions.select(model);
        if (variants.size() < 2) {
            throw UserError.usage("--variants needs at least two variants");
        }
        List<ModelLauncher.Spec> specs = new ArrayList<>();
        for (String v : variants) {
            specs.add(run.spec(sel, v));
        }
        boolean keep = outputDir != null;
        Path dir = keep ? outputDir : Files.createTempDirectory("perfstat-compare-");
        if (keep) {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw UserError.usage(dir + " is not a directory");
            }
            Files.createDirectories(dir);
        }
        List<Path> files = new ArrayList<>();
        for (String v : variants) {
            Path f = dir.resolve(sel.workload().name() + "-" + v + ".jfr");
            ModelLauncher.checkWritable(f, run.force);
            files.add(f);
        }
        PrintWriter err = spec.commandLine().getErr();
        try {
            List<RunData> runs = new ArrayList<>();
            for (int i = 0; i < specs.size(); i++) {
                if (System.console() != null) {
                    err.printf("perfstat compare: %s %s (%d of %d)%n", sel.workload().name(), variants.get(i), i + 1, specs.size());
                }
                ModelLauncher.run(specs.get(i), files.get(i), run.force);
                runs.add(RecordingReader.read(files.get(i).toString()));
            }
            format.render(Comparison.of(runs), spec.commandLine().getOut());
            if (keep) {
                err.println("perfstat compare: recordings in " + dir);
            }
        } finally {
            if (!keep) {
                for (Path f : files) {
                    Files.deleteIfExists(f);
                }
                Files.deleteIfExists(dir);
            }
        }
        return 0;
    }
}

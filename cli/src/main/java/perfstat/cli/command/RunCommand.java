package perfstat.cli.command;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.stats.Comparison;
import perfstat.models.Models;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code perfstat run MODEL}: one variant in a child JVM with the agent; writes the recording, prints its table. */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run a model variant with the agent, write its recording and print its table.")
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "A model or workload name (perfstat models).")
    String model;

    @Option(names = "--variant", description = "The variant (default: the model's first, usually unpatched).")
    String variant;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Recording to write (default: WORKLOAD-VARIANT.jfr).")
    Path output;

    @Mixin
    FormatOption format;

    @Mixin
    ModelOptions run;

    @Mixin
    PerOption per;

    @Override
    public Integer call() {
        Models.Selection sel = ModelOptions.select(model);
        String v = variant != null ? variant : sel.model().variants().get(0).name();
        var launch = run.spec(sel, v, java.time.Duration.ofSeconds(10));
        Path out = output != null ? output : Path.of(sel.workload().name() + "-" + v + ".jfr");
        perfstat.cli.launch.ModelLauncher.run(launch, out, run.force);
        List<perfstat.cli.read.RunData> runs = List.of(RecordingReader.read(out.toString()));
        format.render(Comparison.ofColumns(List.of(runs), Comparison.Options.DEFAULT.withPer(per.checked(runs))),
                spec.commandLine().getOut());
        spec.commandLine().getErr().println("perfstat run: recording written to " + out);
        return 0;
    }
}

package perfstat.cli.command;

import java.util.List;
import java.util.concurrent.Callable;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.Comparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code perfstat report FILE}: the table of one recording, as perf stat prints it. */
@Command(name = "report", mixinStandardHelpOptions = true, description = "Print the table of one recording.")
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A JFR recording.")
    String file;

    @Mixin
    FormatOption format;

    @Mixin
    PerOption per;

    @picocli.CommandLine.Option(names = "--hot", paramLabel = "N", defaultValue = "10",
            description = "Show the top N methods of the execution samples, self and total (default: ${DEFAULT-VALUE}; 0: none).")
    int hot;

    @Override
    public Integer call() {
        List<RunData> runs = List.of(RecordingReader.read(file));
        if (hot < 0) {
            throw perfstat.cli.user.UserError.usage("--hot must be 0 or more, not " + hot);
        }
        format.render(Comparison.ofColumns(runs.stream().map(List::of).toList(),
                new Comparison.Options(Comparison.Options.DEFAULT.confidence(), hot).withPer(per.checked(runs))),
                spec.commandLine().getOut());
        return 0;
    }
}

package perfstat.cli.command;

import java.util.List;
import java.util.concurrent.Callable;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
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

    @Override
    public Integer call() {
        List<RunData> runs = List.of(RecordingReader.read(file));
        return Tables.print(runs, format.format, spec);
    }
}

package perfstat.cli.command;

import java.util.List;
import java.util.concurrent.Callable;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.render.OutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code perfstat diff A B}: two recordings side by side with the percent change from A to B. */
@Command(name = "diff", description = "Compare two recordings side by side, with percent deltas.")
public final class DiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "The baseline recording.")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "The recording compared with it.")
    String b;

    @Option(names = "--format", defaultValue = "table", description = "table or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        List<RunData> runs = List.of(RecordingReader.read(a), RecordingReader.read(b));
        return Tables.print(runs, format, spec);
    }
}

package perfstat.cli.command;

import java.util.List;
import perfstat.cli.read.RunData;
import perfstat.cli.render.OutputFormat;
import perfstat.cli.stats.Comparison;
import picocli.CommandLine.Model.CommandSpec;

/** Prints the table of recordings; what a recording without perfstat events lacks is said in the table's notes. */
final class Tables {
    private Tables() {
    }

    static int print(List<RunData> runs, OutputFormat format, CommandSpec spec) {
        format.render(Comparison.of(runs), spec.commandLine().getOut());
        return 0;
    }
}

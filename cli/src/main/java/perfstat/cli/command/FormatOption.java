package perfstat.cli.command;

import java.io.PrintWriter;
import perfstat.cli.render.OutputFormat;
import perfstat.cli.stats.Table;
import picocli.CommandLine.Option;

/** {@code --format}, declared once for every command that prints a table. */
public final class FormatOption {
    @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT",
            description = "Output: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    void render(Table t, PrintWriter out) {
        format.render(t, out);
    }

    void render(java.util.List<Table> tables, PrintWriter out) {
        format.render(tables, out);
    }
}

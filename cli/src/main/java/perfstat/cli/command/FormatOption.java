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

    @Option(names = "--all", description = "The text table side by side prints every row, hot method and note (by default it"
            + " leads with the answer and the rows that changed, and counts in one line the rows and notes with nothing to say;"
            + " json and csv always carry everything).")
    boolean all;

    void render(Table t, PrintWriter out) {
        format.render(t, out, all);
    }

    void render(java.util.List<Table> tables, PrintWriter out) {
        format.render(tables, out, all);
    }
}

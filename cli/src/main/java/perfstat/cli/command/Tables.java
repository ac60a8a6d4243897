package perfstat.cli.command;

import java.util.List;
import java.util.stream.Collectors;
import perfstat.cli.read.RunData;
import perfstat.cli.render.OutputFormat;
import perfstat.cli.stats.Comparison;
import picocli.CommandLine.Model.CommandSpec;

/** Prints the table of recordings; a recording without perfstat events is a data error after what its JDK events allow. */
final class Tables {
    private Tables() {
    }

    static int print(List<RunData> runs, OutputFormat format, CommandSpec spec) {
        format.render(Comparison.of(runs), spec.commandLine().getOut());
        return reportForeign(runs, spec);
    }

    /** One line per recording without perfstat events; 1 if there was any, else 0. */
    static int reportForeign(List<RunData> runs, CommandSpec spec) {
        List<RunData> foreign = runs.stream().filter(r -> !r.hasPerfstatEvents()).toList();
        if (foreign.isEmpty()) {
            return 0;
        }
        for (RunData r : foreign) {
            spec.commandLine().getErr().println(spec.qualifiedName() + ": " + r.file()
                    + " has no perfstat events, only the JDK's ("
                    + r.jdk().eventCounts().keySet().stream().limit(6).collect(Collectors.joining(", "))
                    + (r.jdk().eventCounts().size() > 6 ? ", ..." : "")
                    + "): missing perfstat.Counters (task-clock, context switches, page faults), perfstat.Probe"
                    + " and perfstat.Result; record with perfstat run or -javaagent:perfstat.jar");
        }
        return 1;
    }
}

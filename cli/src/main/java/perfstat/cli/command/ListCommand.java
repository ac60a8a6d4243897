package perfstat.cli.command;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import perfstat.agent.AgentOptions;
import perfstat.agent.counters.CounterSet;
import perfstat.agent.counters.EventSpec;
import perfstat.cli.render.OutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code perfstat list}, as {@code perf list}: the events this machine counts, tried here and
 * now (each opened once over this process, as the agent would), with the reason for each one
 * it cannot; then the built-in probe sets and the output formats.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List the events this machine can count (and why the others are <not supported>), the probe sets and the output formats.")
public final class ListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<EventSpec> events = new ArrayList<>();
        for (String name : EventSpec.knownNames()) {
            events.add(EventSpec.parse(name));
        }
        out.println("Events (perf's names; a raw event is rNNNN; modifiers :u and :k):");
        try (CounterSet set = CounterSet.open(events)) {
            List<CounterSet.Reading> readings = set.read();
            for (int i = 0; i < events.size(); i++) {
                EventSpec e = events.get(i);
                CounterSet.Reading r = readings.get(i);
                String state = r.status() == perfstat.format.CounterStatus.NOT_SUPPORTED ? "<not supported> (" + r.source() + ")"
                        : "counted here, from " + r.source();
                out.printf("  %-26s [%s]  %s%n", e.name(), e.kind(), state);
            }
            out.println("  source here: " + set.mode() + (set.note() == null ? "" : "; " + set.note()));
        }
        out.println();
        out.println("Probe sets (--probeset NAME; --probes takes JEP 520 patterns: pkg.Class, pkg.Class::method, ::method):");
        Properties sets = AgentOptions.probeSetTable();
        Map<String, String> sorted = new TreeMap<>();
        sets.stringPropertyNames().forEach(n -> sorted.put(n, sets.getProperty(n)));
        sorted.forEach((name, patterns) -> out.printf("  %-14s %s%n", name, patterns.replace(";", "; ")));
        out.println();
        List<String> formats = new ArrayList<>();
        for (OutputFormat f : OutputFormat.values()) {
            formats.add(f.toString());
        }
        out.println("Output formats (--format): " + String.join(", ", formats));
        out.flush();
        return 0;
    }
}

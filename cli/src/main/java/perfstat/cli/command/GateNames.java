package perfstat.cli.command;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import perfstat.agent.AgentOptions;
import perfstat.agent.counters.EventSpec;
import perfstat.agent.probe.ProbeFilter;
import perfstat.cli.user.UserError;
import perfstat.cli.read.RunData;
import perfstat.cli.render.ViolationText;
import perfstat.cli.stats.Gate;
import perfstat.cli.stats.Metric;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.Row;
import perfstat.cli.stats.RowCatalogue;
import perfstat.cli.stats.Table;
import perfstat.cli.stats.Value;

/**
 * The metrics a comparison can produce, known before its first run, so that a {@code --fail-on}
 * rule that names none of them (a typo) is refused before any JVM starts, not after all the
 * runs: the counters of the chosen events (or procfs's, where perf_event_open is not allowed),
 * the JDK's rows, time elapsed, a model's score, and the probe rows of the patterns given. The
 * rows are those of {@link RowCatalogue}, the definitions {@link perfstat.cli.stats.Measurements}
 * makes a recording's rows of, so their names are the table's own. A model's own counters ({@code model:NAME}) are known only once it ran: for a
 * model, a rule is refused here only where it is a near miss of a name known now; the table
 * judges the rest.
 */
final class GateNames {
    /** Edit distance within which a model's rule that names nothing known now is taken as a typo. */
    private static final int NEAR_MISS = 2;

    private GateNames() {
    }

    /**
     * Refuses, as a usage error naming the closest names, a rule of {@code failOn} that names no
     * metric the comparison can produce.
     *
     * @param agent    the agent's options of the runs (events and probes)
     * @param workload the model's workload, or null for commands
     */
    static void refuseUnknown(List<String> failOn, AgentOptions agent, perfstat.models.spi.Model.WorkloadInfo<?> workload) {
        refuseUnknown(failOn, agent, workload, null);
    }

    /** As above, for commands whose output gives a score ({@code --score}): {@code score} its name, unit and direction. */
    static void refuseUnknown(List<String> failOn, AgentOptions agent, perfstat.models.spi.Model.WorkloadInfo<?> workload,
                              RunData.ProgramScore score) {
        if (failOn.isEmpty()) {
            return;
        }
        List<ProbeFilter> filters;
        try {
            filters = agent.filters();
        } catch (AgentOptions.BadOption e) {
            throw UserError.usage(e.getMessage());
        }
        List<Metric> known = new ArrayList<>(metrics(agent.events(), workload, filters));
        if (score != null) {
            known.add(RowCatalogue.score(score.name(), score.unit(), score.higherIsBetter()));
        }
        Table names = table(known);
        for (String text : failOn) {
            Gate.Rule rule;
            try {
                rule = Gate.Rule.parse(text);
            } catch (IllegalArgumentException e) {
                throw UserError.usage(e.getMessage());
            }
            List<Gate.Problem> problems = Gate.problems(names, List.of(rule), 0.05).stream()
                    .filter(p -> p.kind() == Gate.Problem.Kind.UNKNOWN_METRIC).toList();
            if (problems.isEmpty() || probeOfAPattern(rule.metric(), filters)
                    || (workload != null && !nearMiss(rule.metric(), names)) || perUnitOfACounter(rule.metric(), names)) {
                continue;
            }
            throw UserError.usage(ViolationText.of(problems.get(0)));
        }
    }

    /**
     * Whether {@code metric} names a counter's row per unit of work ({@code task-clock/write}): its unit is known only
     * once the runs are read (a probe's calls, a model counter), so the table judges whether it is one.
     */
    private static boolean perUnitOfACounter(String metric, Table names) {
        int slash = metric.indexOf('/');
        if (slash <= 0) {
            return false;
        }
        String counter = metric.substring(0, slash);
        return names.rows().stream().anyMatch(r -> r.metric().kind() == MetricId.Kind.COUNTER
                && r.metric().key().equalsIgnoreCase(counter));
    }

    /** Every metric such a comparison can produce, each once, in table order. */
    static List<Metric> metrics(List<EventSpec> events, perfstat.models.spi.Model.WorkloadInfo<?> workload, List<ProbeFilter> filters) {
        Metric score = workload == null ? null
                : RowCatalogue.score(workload.scoreName(), workload.scoreUnit(), workload.higherIsBetter());
        Map<String, Metric> out = new LinkedHashMap<>();
        RowCatalogue.of(events.stream().map(EventSpec::name).toList(), score).forEach(m -> out.put(m.key(), m));
        for (ProbeFilter f : filters) {
            if (f.className() != null && f.methodName() != null) {
                String name = simpleName(f.className()) + "::" + f.methodName();
                for (MetricId.Statistic s : List.of(MetricId.Statistic.CALLS, MetricId.Statistic.P50, MetricId.Statistic.P99,
                        MetricId.Statistic.MAX)) {
                    String stat = s.name().toLowerCase(Locale.ROOT);
                    out.putIfAbsent("probe:" + name + ":" + stat, new Metric(new MetricId(MetricId.Kind.PROBE, f.toString(), s,
                            "count"), "probe:" + name + ":" + stat, name + " " + stat, 0, Metric.Better.NEITHER));
                }
            }
        }
        return List.copyOf(out.values());
    }

    /** The metrics as rows of a two-column table with a value each, as {@link Gate#problems} reads a table. */
    private static Table table(List<Metric> metrics) {
        List<Row> rows = new ArrayList<>();
        for (Metric m : metrics) {
            rows.add(new Row(m, List.of(Value.of(1), Value.of(1)), List.of(Double.NaN, 0.0), Collections.nCopies(2, perfstat.cli.stats.Comment.NONE)));
        }
        return new Table(null, List.of("a", "b"), List.of(List.of(), List.of()), rows, List.of(), List.of());
    }

    /**
     * Whether a rule names a probe row of one of the patterns ({@code probe:Class::method:p99} or
     * {@code Class::method p99}, with or without the parameter types that an overloaded method's
     * rows carry), the class by its simple or its full name: which methods a class pattern or an
     * annotation matches is known only once the classes load.
     */
    static boolean probeOfAPattern(String metric, List<ProbeFilter> filters) {
        String m = metric.startsWith("probe:") ? metric.substring("probe:".length()) : metric;
        int sep = m.indexOf("::");
        if (sep < 0) {
            return false;
        }
        String cls = m.substring(0, sep);
        String method = m.substring(sep + 2).split("[(: ]", 2)[0];
        for (ProbeFilter f : filters) {
            boolean classOk = f.className() == null || f.className().equals(cls) || simpleName(f.className()).equals(cls)
                    || cls.isEmpty();
            if (f.annotation() != null || (classOk && (f.methodName() == null || f.methodName().equals(method)))) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code metric} is within {@value #NEAR_MISS} edits of a name (key or label) of the table, case ignored. */
    private static boolean nearMiss(String metric, Table names) {
        String want = metric.toLowerCase(Locale.ROOT);
        for (Row r : names.rows()) {
            for (String n : List.of(r.metric().key(), r.metric().label().trim())) {
                if (Gate.editDistance(want, n.toLowerCase(Locale.ROOT)) <= NEAR_MISS) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}

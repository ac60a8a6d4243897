package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import perfstat.cli.Durations;
import perfstat.cli.read.RunData;

/**
 * Lines recordings up metric by metric and computes each column's relative change from
 * the first. With one recording it is that recording's report.
 */
public final class Comparison {
    private Comparison() {
    }

    public static Table of(List<RunData> runs) {
        List<Map<String, Measurements.Measured>> measured = new ArrayList<>();
        Map<String, Metric> metrics = new LinkedHashMap<>();
        for (RunData run : runs) {
            Map<String, Measurements.Measured> m = Measurements.of(run);
            measured.add(m);
            m.forEach((k, v) -> metrics.putIfAbsent(k, v.metric()));
        }
        List<Row> rows = new ArrayList<>();
        for (Metric metric : timeLast(metrics.values())) {
            List<Value> values = new ArrayList<>();
            List<String> comments = new ArrayList<>();
            for (Map<String, Measurements.Measured> m : measured) {
                Measurements.Measured x = m.get(metric.key());
                values.add(x == null ? Value.absent() : x.value());
                comments.add(x == null ? "" : x.comment());
            }
            List<Double> deltas = new ArrayList<>();
            for (Value v : values) {
                deltas.add(delta(values.get(0), v));
            }
            deltas.set(0, Double.NaN);
            rows.add(new Row(metric, values, deltas, comments));
        }
        List<String> notes = new ArrayList<>();
        for (RunData run : runs) {
            notes.addAll(Measurements.notes(run));
        }
        return new Table(title(runs), runs.stream().map(RunData::label).toList(),
                runs.stream().map(RunData::file).toList(), rows, List.copyOf(new LinkedHashSet<>(notes)));
    }

    /** Metrics in order of first appearance, time elapsed last (as perf prints it). */
    private static List<Metric> timeLast(Iterable<Metric> metrics) {
        List<Metric> out = new ArrayList<>();
        List<Metric> time = new ArrayList<>();
        for (Metric m : metrics) {
            (m.group().equals(Measurements.TIME) ? time : out).add(m);
        }
        out.addAll(time);
        return out;
    }

    /** Relative change from {@code a} to {@code b}; NaN when either is missing or {@code a} is 0. */
    public static double delta(Value a, Value b) {
        if (!a.measured() || !b.measured() || a.value() == 0) {
            return Double.NaN;
        }
        return (b.value() - a.value()) / Math.abs(a.value());
    }

    private static String title(List<RunData> runs) {
        RunData first = runs.get(0);
        if (first.workload() == null) {
            return "Performance counter stats for '" + first.label() + "'";
        }
        RunData.Workload w = first.workload();
        return "Performance counter stats for '" + w.workload() + "' (" + w.threads()
                + (w.threads() == 1 ? " thread, " : " threads, ") + Durations.format(w.duration()) + ")";
    }
}

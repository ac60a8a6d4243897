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

    /** One recording per column. */
    public static Table of(List<RunData> runs) {
        return ofColumns(runs.stream().map(List::of).toList());
    }

    /**
     * Several recordings per column (repeated runs of one configuration): each metric's value
     * is the mean over the column's runs, with the standard error of that mean.
     */
    public static Table ofColumns(List<List<RunData>> columns) {
        List<List<Map<String, Measurements.Measured>>> measured = new ArrayList<>();
        Map<String, Metric> metrics = new LinkedHashMap<>();
        for (List<RunData> column : columns) {
            List<Map<String, Measurements.Measured>> runs = new ArrayList<>();
            for (RunData run : column) {
                Map<String, Measurements.Measured> m = Measurements.of(run);
                runs.add(m);
                m.forEach((k, v) -> metrics.putIfAbsent(k, v.metric()));
            }
            measured.add(runs);
        }
        List<Row> rows = new ArrayList<>();
        for (Metric metric : timeLast(metrics.values())) {
            List<Value> values = new ArrayList<>();
            List<String> comments = new ArrayList<>();
            for (List<Map<String, Measurements.Measured>> runs : measured) {
                Measurements.Measured combined = combine(metric, runs);
                values.add(combined.value());
                comments.add(combined.comment());
            }
            List<Double> deltas = new ArrayList<>();
            for (Value v : values) {
                deltas.add(delta(values.get(0), v));
            }
            deltas.set(0, Double.NaN);
            rows.add(new Row(metric, values, deltas, comments));
        }
        List<String> notes = new ArrayList<>();
        for (List<RunData> column : columns) {
            notes.addAll(Measurements.notes(column.get(0))); // a column's runs share their sources
        }
        return new Table(title(columns), columns.stream().map(c -> c.get(0).label()).toList(),
                columns.stream().map(c -> c.stream().map(RunData::file).toList()).toList(), rows,
                List.copyOf(new LinkedHashSet<>(notes)));
    }

    /** A column's value of one metric: the single run's, or the mean over its runs with its standard error. */
    private static Measurements.Measured combine(Metric metric, List<Map<String, Measurements.Measured>> runs) {
        if (runs.size() == 1) {
            Measurements.Measured x = runs.get(0).get(metric.key());
            return x != null ? x : new Measurements.Measured(metric, Value.absent(), "");
        }
        List<Double> xs = new ArrayList<>();
        Value first = Value.absent();
        for (Map<String, Measurements.Measured> run : runs) {
            Measurements.Measured x = run.get(metric.key());
            if (x != null && x.value().measured()) {
                xs.add(x.value().value());
            } else if (x != null && first.status() == Value.Status.ABSENT) {
                first = x.value();
            }
        }
        if (xs.size() < runs.size()) {
            return new Measurements.Measured(metric, xs.isEmpty() ? first : Value.absent(),
                    xs.isEmpty() ? "" : "missing in " + (runs.size() - xs.size()) + " of " + runs.size() + " runs");
        }
        double mean = xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        return new Measurements.Measured(metric, new Value(mean, Value.Status.MEASURED,
                Measurements.stderrPct(xs), xs.size()), "mean of " + xs.size() + " runs");
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

    private static String title(List<List<RunData>> columns) {
        RunData first = columns.get(0).get(0);
        int runs = columns.get(0).size();
        if (first.workload() == null) {
            return "Performance counter stats for '" + first.label() + "'";
        }
        RunData.Workload w = first.workload();
        return "Performance counter stats for '" + w.workload() + "' (" + w.threads()
                + (w.threads() == 1 ? " thread, " : " threads, ") + Durations.format(w.duration())
                + (runs > 1 ? ", " + runs + " runs each" : "") + ")";
    }
}

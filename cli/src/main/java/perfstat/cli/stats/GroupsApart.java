package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a side's runs fall into two groups on a row ({@link Spread#groups}), what else the runs show apart: the other
 * rows of the table whose values split those same runs the same way, every run of one group above every run of the
 * other (at least two runs a group, the row measured in all of them). The machine's and the JDK's rows first (the
 * conditions and the runtime's work: machine busy, GCs, the JIT), then the program's. What coincides, not what caused it.
 */
final class GroupsApart {
    /** The most rows named. */
    static final int MOST = 3;

    private GroupsApart() {
    }

    /**
     * The rows that split {@code runs} (one side's, per run its rows) as {@code row} does at {@code low} runs below, each
     * as {@code "more GCs"} / {@code "less task-clock (msecs)"} of the upper group; empty where none does.
     */
    static List<String> of(Row row, List<Row> rows, List<Map<MetricId, Measurements.Measured>> runs, int low) {
        List<Integer> have = new ArrayList<>();
        List<Double> xs = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Double x = value(runs.get(i), row.metric().id());
            if (x != null) {
                have.add(i);
                xs.add(x);
            }
        }
        List<Double> sorted = new ArrayList<>(xs);
        sorted.sort(null);
        if (low < 2 || sorted.size() - low < 2) {
            return List.of();
        }
        double cut = (sorted.get(low - 1) + sorted.get(low)) / 2;
        List<String> out = new ArrayList<>();
        for (MetricId.Kind kind : List.of(MetricId.Kind.MACHINE, MetricId.Kind.JDK, MetricId.Kind.COUNTER, MetricId.Kind.SCORE,
                MetricId.Kind.PROBE, MetricId.Kind.TIME, MetricId.Kind.MODEL_COUNTER)) {
            for (Row other : rows) {
                if (out.size() == MOST || other == row || other.metric().kind() != kind) {
                    continue;
                }
                String apart = apart(other, runs, have, xs, cut);
                if (apart != null) {
                    out.add(apart);
                }
            }
        }
        return out;
    }

    /** {@code "more X"} or {@code "less X"} of the upper group where {@code other} splits the runs as the groups do, else null. */
    private static String apart(Row other, List<Map<MetricId, Measurements.Measured>> runs, List<Integer> have, List<Double> xs,
                                double cut) {
        double lowMax = Double.NEGATIVE_INFINITY;
        double lowMin = Double.POSITIVE_INFINITY;
        double highMax = Double.NEGATIVE_INFINITY;
        double highMin = Double.POSITIVE_INFINITY;
        for (int j = 0; j < have.size(); j++) {
            Double y = value(runs.get(have.get(j)), other.metric().id());
            if (y == null) {
                return null;
            }
            if (xs.get(j) < cut) {
                lowMax = Math.max(lowMax, y);
                lowMin = Math.min(lowMin, y);
            } else {
                highMax = Math.max(highMax, y);
                highMin = Math.min(highMin, y);
            }
        }
        String label = other.metric().label().trim();
        return highMin > lowMax ? "more " + label : highMax < lowMin ? "less " + label : null;
    }

    private static Double value(Map<MetricId, Measurements.Measured> run, MetricId id) {
        Measurements.Measured m = run.get(id);
        return m != null && m.value().measured() && Double.isFinite(m.value().value()) ? m.value().value() : null;
    }
}

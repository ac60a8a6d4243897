package perfstat.cli.read;

import java.util.Collections;
import java.util.Map;

/** The JDK's totals of {@link JdkTotal}: one handler per line of that table. */
final class JdkTotalsCollector implements Collector {
    /** Per total, its accumulator (see {@link JdkTotal.Accumulation#add}). */
    private final double[][] accumulators = new double[JdkTotal.values().length][];

    @Override
    public void register(Handlers h) {
        for (JdkTotal t : JdkTotal.values()) {
            double[] a = new double[3];
            accumulators[t.ordinal()] = a;
            JdkTotal.Accumulation how = t.accumulation();
            String field = t.field();
            h.on(t.event(), e -> how.add(a, e, field));
        }
    }

    /**
     * The totals by key, in the table's order; only those the recording's events give, and 0 for a count or sum of
     * events the recording enabled ({@code settings}) and had none of. A cumulative counter without a sample has no
     * total: a recording shorter than its period enabled it and still does not say.
     */
    Map<JdkTotal, Double> result(RunData.Settings settings) {
        Map<JdkTotal, Double> out = new java.util.EnumMap<>(JdkTotal.class);
        for (JdkTotal t : JdkTotal.values()) {
            Double v = t.accumulation().total(accumulators[t.ordinal()]);
            if (v == null && t.accumulation() != JdkTotal.Accumulation.CUMULATIVE && settings.enabled(t.event()).orElse(false)) {
                v = 0.0;
            }
            if (v != null) {
                out.put(t, v);
            }
        }
        return Collections.unmodifiableMap(out);
    }
}

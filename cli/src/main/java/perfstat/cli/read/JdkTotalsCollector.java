package perfstat.cli.read;

import java.util.Collections;
import java.util.LinkedHashMap;
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

    /** The totals by key, in the table's order; only those the recording's events give. */
    Map<String, Double> result() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (JdkTotal t : JdkTotal.values()) {
            Double v = t.accumulation().total(accumulators[t.ordinal()]);
            if (v != null) {
                out.put(t.key(), v);
            }
        }
        return Collections.unmodifiableMap(out);
    }
}

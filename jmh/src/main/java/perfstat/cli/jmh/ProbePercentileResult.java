package perfstat.cli.jmh;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Aggregator;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.util.ListStatistics;
import org.openjdk.jmh.util.Statistics;
import perfstat.format.HistogramCodec;

/**
 * A probe's latency percentile ({@code Class::method p99}, ns) as a JMH secondary result that
 * carries the histogram of the calls it was taken from. JMH aggregates a secondary result over
 * the iterations of a fork, then over all iterations of all forks, with the result's own
 * {@link Aggregator}; this one merges the histograms and takes the percentile of the merged
 * one, so the p99 JMH prints is the p99 of every timed call of the measurement iterations, not
 * a mean of per-iteration p99s (which is no percentile of anything).
 *
 * <p>The statistics JMH sees ({@link #getStatistics()}: the sample count, JMH's raw data) are
 * the per-iteration percentiles; there is no error column, as a normal-theory interval around
 * one percentile of merged calls would be made up.
 */
public final class ProbePercentileResult extends Result<ProbePercentileResult> {
    private static final long serialVersionUID = 1L;

    private final double percentile;
    /** The calls' latencies, ns, in perfstat's histogram encoding (the result travels from fork to host). */
    private final String histogram;
    private transient Histogram decoded;

    /** An iteration's percentile over its timed calls {@code latencies}, which must hold some. */
    public ProbePercentileResult(String label, double percentile, Histogram latencies) {
        this(label, percentile, HistogramCodec.encode(latencies), perIteration(latencies, percentile));
    }

    private ProbePercentileResult(String label, double percentile, String histogram, Statistics perIteration) {
        super(ResultRole.SECONDARY, label, perIteration, "ns", AggregationPolicy.AVG);
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("a percentile is in (0, 100], not " + percentile);
        }
        this.percentile = percentile;
        this.histogram = histogram;
    }

    private static Statistics perIteration(Histogram latencies, double percentile) {
        if (latencies.getTotalCount() == 0) {
            throw new IllegalArgumentException("no timed calls, no percentile");
        }
        ListStatistics s = new ListStatistics();
        s.addValue(latencies.getValueAtPercentile(percentile));
        return s;
    }

    /** The latencies the percentile is taken from: every timed call of the iterations merged. */
    public Histogram latencies() {
        if (decoded == null) {
            decoded = HistogramCodec.decode(histogram);
        }
        return decoded;
    }

    public double percentile() {
        return percentile;
    }

    /** The percentile of the merged histogram, ns. */
    @Override
    public double getScore() {
        return latencies().getValueAtPercentile(percentile);
    }

    @Override
    public double getScoreError() {
        return Double.NaN;
    }

    @Override
    public double[] getScoreConfidence() {
        return new double[] {Double.NaN, Double.NaN};
    }

    @Override
    public String extendedInfo() {
        Statistics s = getStatistics();
        return String.format("  %.0f ns: the p%s of %d timed calls over %d iteration(s), merged; per iteration %.0f to %.0f ns%n",
                getScore(), label(percentile), latencies().getTotalCount(), s.getN(), s.getMin(), s.getMax());
    }

    private static String label(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }

    @Override
    protected Aggregator<ProbePercentileResult> getThreadAggregator() {
        return new Merge();
    }

    @Override
    protected Aggregator<ProbePercentileResult> getIterationAggregator() {
        return new Merge();
    }

    /** Merges the histograms (and keeps every per-iteration percentile as the statistics). */
    static final class Merge implements Aggregator<ProbePercentileResult> {
        @Override
        public ProbePercentileResult aggregate(Collection<ProbePercentileResult> results) {
            ProbePercentileResult first = results.iterator().next();
            Histogram merged = new Histogram(first.latencies().getNumberOfSignificantValueDigits()); // resizes as it takes values
            ListStatistics perIteration = new ListStatistics();
            for (ProbePercentileResult r : results) {
                if (!r.label.equals(first.label) || r.percentile != first.percentile) {
                    throw new IllegalArgumentException("cannot merge " + r.label + " into " + first.label);
                }
                merged.add(r.latencies());
                for (Iterator<Map.Entry<Double, Long>> it = r.getStatistics().getRawData(); it.hasNext(); ) {
                    Map.Entry<Double, Long> e = it.next();
                    for (long i = 0; i < e.getValue(); i++) {
                        perIteration.addValue(e.getKey());
                    }
                }
            }
            return new ProbePercentileResult(first.label, first.percentile, HistogramCodec.encode(merged), perIteration);
        }
    }
}

package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One probe's latency distribution per column, as HdrHistogram's plots show it: value
 * against percentile, the percentile axis stretched towards the tail (1 / (1 - p)).
 *
 * @param probe  the probe as its rows name it ({@code Vfs::write}; with the package where two would print alike)
 * @param points per column, pairs {percentile, nanoseconds}; empty where the column has no timed calls
 */
public record PercentileCurve(String probe, List<double[][]> points) {

    /** The curve of one histogram: five steps per halving of the distance to 100%, as HdrHistogram's percentile output. */
    public static double[][] of(Histogram h) {
        if (h == null || h.getTotalCount() == 0) {
            return new double[0][];
        }
        List<double[]> pts = new ArrayList<>();
        for (HistogramIterationValue v : h.percentiles(5)) {
            pts.add(new double[] {v.getPercentileLevelIteratedTo(), h.highestEquivalentValue(v.getValueIteratedTo())});
            if (v.getPercentileLevelIteratedTo() >= 100) {
                break;
            }
        }
        return pts.toArray(new double[0][]);
    }
}

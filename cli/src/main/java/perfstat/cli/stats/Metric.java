package perfstat.cli.stats;

/**
 * What a row measures: its identity, and how it prints.
 *
 * @param id       what is measured ({@link MetricId}); rows of several recordings line up by it
 * @param key      a stable name for output ({@code task-clock}, {@code score},
 *                 {@code probe:Vfs::write:p99}, {@code model:write_calls}): JSON's {@code name},
 *                 CSV's {@code event}, the gate's {@code --fail-on} names; never read back
 * @param label    the row's text, with its unit, as printed
 * @param decimals digits after the point when printed
 * @param better   which direction is an improvement
 */
public record Metric(MetricId id, String key, String label, int decimals, Better better) {

    public enum Better { LOWER, HIGHER, NEITHER }

    /** A metric whose subject is its key and whose statistic is a total: a counter, a JDK total, time elapsed. */
    public Metric(String key, String label, String unit, MetricId.Kind kind, int decimals, Better better) {
        this(new MetricId(kind, key, MetricId.Statistic.TOTAL, unit), key, label, decimals, better);
    }

    /** The unit of the values. */
    public String unit() {
        return id.unit();
    }

    public MetricId.Kind kind() {
        return id.kind();
    }

    /** The step its values are known to, as printed: 1 for a count, 0.01 for two decimals. */
    public double resolution() {
        return Math.pow(10, -decimals);
    }
}

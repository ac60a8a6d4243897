package perfstat.cli.stats;

/**
 * What a row measures.
 *
 * @param key      identity across recordings (perf's or the kernel's name)
 * @param label    the row's text, with its unit, as printed
 * @param unit     the unit of the values
 * @param group    rows of one group print together; a new group starts a new block
 * @param decimals digits after the point when printed
 * @param better   which direction is an improvement
 */
public record Metric(String key, String label, String unit, String group, int decimals, Better better) {

    public enum Better { LOWER, HIGHER, NEITHER }
}

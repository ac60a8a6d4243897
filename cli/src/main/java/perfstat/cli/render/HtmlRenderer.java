package perfstat.cli.render;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import perfstat.cli.stats.PercentileCurve;
import perfstat.cli.stats.Row;
import perfstat.cli.stats.Spread;
import perfstat.cli.stats.Table;

/**
 * The table as one self-contained HTML file (inline CSS and SVG, nothing fetched): the
 * comparison with its judged deltas, the summary and notes, a percentile distribution plot
 * per probe (one line per configuration; the percentile axis stretched towards the tail,
 * 1 / (1 - p), as HdrHistogram plots it; latency on a log scale), and the score's samples per
 * configuration.
 */
public final class HtmlRenderer {
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
    private static final int W = 640;
    private static final int H = 320;
    private static final int PAD = 64;

    private HtmlRenderer() {
    }

    public static void render(Table t, PrintWriter out) {
        renderAll(List.of(t), out);
    }

    /** One page: one table, or several (one per benchmark of a diff of two JMH runs) in sections. */
    static void renderAll(List<Table> tables, PrintWriter out) {
        String title = tables.size() == 1 ? TitleText.of(tables.get(0).title()) : "perfstat diff: " + tables.size() + " benchmarks";
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(esc(title))
                .append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse}")
                .append("td,th{padding:2px 10px;text-align:right;border-bottom:1px solid #eee}td.m,th.m{text-align:left}")
                .append(".better{color:#1a7f37;font-weight:600}.worse{color:#cf222e;font-weight:600}.se{color:#888;font-size:90%}")
                .append("figure{display:inline-block;margin:1em 2em 1em 0}figcaption{font-weight:600}svg text{font-size:11px}")
                .append("\n</style></head><body>\n");
        if (tables.size() > 1) {
            b.append("<h1>").append(esc(title)).append("</h1>\n");
        }
        for (int i = 0; i < tables.size(); i++) {
            section(b, tables.get(i), tables.size() == 1 ? "h1" : "h2", i == 0 ? "comparison" : "comparison-" + (i + 1));
        }
        b.append("</body></html>\n");
        out.print(b);
        out.flush();
    }

    private static void section(StringBuilder b, Table t, String heading, String id) {
        b.append('<').append(heading).append('>').append(esc(TitleText.of(t.title()))).append("</").append(heading)
                .append(">\n<table id=\"").append(id).append("\"><tr><th class=\"m\">metric</th>");
        for (String c : t.columns()) {
            b.append("<th>").append(esc(c)).append("</th>");
        }
        for (int i = 1; i < t.columns().size(); i++) {
            b.append("<th>&Delta; ").append(esc(t.columns().get(i))).append("</th>");
        }
        b.append("</tr>\n");
        for (Row r : t.rows()) {
            b.append("<tr><td class=\"m\">").append(esc(r.metric().label().trim())).append("</td>");
            for (int i = 0; i < t.columns().size(); i++) {
                var v = r.values().get(i);
                b.append("<td>").append(esc(Formats.value(v, r.metric().decimals())));
                if (v.measured() && !Double.isNaN(v.stderrPct())) {
                    b.append(String.format(Locale.ROOT, " <span class=\"se\">&plusmn;%.2f%%</span>", v.stderrPct()));
                }
                b.append("</td>");
            }
            for (int i = 1; i < t.columns().size(); i++) {
                int dir = Formats.direction(r.metric(), r.deltas().get(i), r.tests().get(i));
                b.append("<td").append(dir > 0 ? " class=\"better\"" : dir < 0 ? " class=\"worse\"" : "").append('>')
                        .append(esc(Formats.judgedDelta(r, i))).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n");
        for (perfstat.cli.stats.HotMethods.Section h : t.hot()) {
            b.append(hotChart(h, t.columns(), t.notes()));
        }
        for (perfstat.cli.stats.FlameGraph g : t.stacks().graphs()) {
            b.append(FlameGraphSvg.of(g));
        }
        for (String s : SummaryText.lines(t.summary())) {
            b.append("<p><strong>").append(esc(s)).append("</strong></p>\n");
        }
        b.append("<ul>");
        for (String n : NoteText.lines(t.notes())) {
            b.append("<li>").append(esc(n)).append("</li>");
        }
        b.append("</ul>\n");
        for (PercentileCurve c : t.curves()) {
            b.append(percentilePlot(c, t.columns()));
        }
        for (Row r : t.rows()) {
            if (r.metric().kind() == perfstat.cli.stats.MetricId.Kind.SCORE && r.spreads().stream().anyMatch(s -> s != null && s.n() > 1)) {
                b.append(samplesPlot(r, t.columns()));
            }
        }
    }

    /** x position of a percentile: log10(1 / (1 - p)), capped at 99.999%. */
    private static double tail(double pct) {
        return Math.log10(1 / Math.max(1e-5, 1 - pct / 100));
    }

    private static String percentilePlot(PercentileCurve c, List<String> columns) {
        double xMax = 0;
        double yMax = 0;
        for (double[][] pts : c.points()) {
            for (double[] p : pts) {
                xMax = Math.max(xMax, tail(p[0]));
                yMax = Math.max(yMax, p[1]);
            }
        }
        xMax = Math.max(1, Math.ceil(xMax));
        double decades = Math.max(1, Math.ceil(Math.log10(Math.max(10, yMax))));
        StringBuilder b = new StringBuilder();
        b.append("<figure class=\"percentiles\"><figcaption>").append(esc(c.probe()))
                .append(": latency by percentile (ns)</figcaption>\n");
        b.append(svgOpen());
        axes(b);
        for (int k = 0; k <= (int) xMax; k++) {
            double x = PAD + (W - 2 * PAD) * k / xMax;
            String label = k == 0 ? "0%" : String.format(Locale.ROOT, "%." + Math.max(0, k - 2) + "f%%", 100 - Math.pow(10, 2 - k));
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>", x, H - PAD + 16, label));
        }
        for (int k = 0; k <= (int) decades; k++) {
            double y = H - PAD - (H - 2 * PAD) * k / decades;
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>", PAD - 4, y + 4,
                    si(Math.pow(10, k))));
        }
        for (int i = 0; i < c.points().size(); i++) {
            double[][] pts = c.points().get(i);
            if (pts.length == 0) {
                continue;
            }
            StringBuilder path = new StringBuilder();
            for (double[] p : pts) {
                double x = PAD + (W - 2 * PAD) * tail(p[0]) / xMax;
                double y = H - PAD - (H - 2 * PAD) * Math.log10(Math.max(1, p[1])) / decades;
                path.append(path.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
            }
            b.append("<path class=\"curve\" fill=\"none\" stroke-width=\"2\" stroke=\"").append(colour(i)).append("\" d=\"")
                    .append(path).append("\"/>");
        }
        legend(b, columns);
        return b.append("</svg></figure>\n").toString();
    }

    private static String samplesPlot(Row r, List<String> columns) {
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (Spread s : r.spreads()) {
            if (s != null) {
                lo = Math.min(lo, s.min());
                hi = Math.max(hi, s.max());
            }
        }
        double span = hi > lo ? hi - lo : Math.max(1, Math.abs(hi));
        lo -= 0.1 * span;
        hi += 0.1 * span;
        StringBuilder b = new StringBuilder();
        boolean intervals = r.spreads().stream().anyMatch(s -> s != null && s.fromIntervals());
        b.append("<figure class=\"samples\"><figcaption>").append(esc(r.metric().label().trim()))
                .append(intervals ? ": each interval's value" : ": each run's value").append("</figcaption>\n");
        b.append(svgOpen());
        axes(b);
        int n = columns.size();
        for (int i = 0; i < n; i++) {
            Spread s = r.spreads().get(i);
            double cx = PAD + (W - 2 * PAD) * (i + 0.5) / n;
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>", cx, H - PAD + 16,
                    esc(columns.get(i))));
            if (s == null) {
                continue;
            }
            double[] xs = s.samples();
            for (int k = 0; k < xs.length; k++) {
                double x = cx + (xs.length == 1 ? 0 : 40.0 * (k / (xs.length - 1.0) - 0.5));
                double y = H - PAD - (H - 2 * PAD) * (xs[k] - lo) / (hi - lo);
                b.append(String.format(Locale.ROOT, "<circle class=\"sample\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>", x, y,
                        colour(i)));
            }
            double my = H - PAD - (H - 2 * PAD) * (s.mean() - lo) / (hi - lo);
            b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#444\"/>",
                    cx - 30, cx + 30, my, my));
        }
        for (int k = 0; k <= 4; k++) {
            double v = lo + (hi - lo) * k / 4;
            double y = H - PAD - (H - 2 * PAD) * k / 4.0;
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>", PAD - 4, y + 4, si(v)));
        }
        return b.append("</svg></figure>\n").toString();
    }

    /**
     * Hot methods as a diverging bar chart: per method its shares, and a bar per configuration
     * after the first, left of the middle line where its share fell and right where it rose,
     * as long as the change in percentage points (the longest bar fills half the width); bold
     * where the change is significant.
     */
    private static String hotChart(perfstat.cli.stats.HotMethods.Section h, List<String> columns,
                                    List<perfstat.cli.stats.Note> notes) {
        StringBuilder b = new StringBuilder("<h2>").append(esc(Formats.hotHeading(h, notes))).append("</h2>\n<table class=\"hot\"><tr><th>method</th>");
        for (int i = 0; i < columns.size(); i++) {
            b.append("<th>").append(esc(columns.get(i))).append("</th>");
        }
        for (int i = 1; i < columns.size(); i++) {
            b.append("<th>").append(esc(columns.get(i))).append(" vs ").append(esc(columns.get(0))).append("</th>");
        }
        b.append("</tr>\n");
        double maxPp = 0;
        for (perfstat.cli.stats.HotMethods.Row r : h.rows()) {
            for (double d : r.deltasPp()) {
                if (Double.isFinite(d)) {
                    maxPp = Math.max(maxPp, Math.abs(d));
                }
            }
        }
        int half = 120;
        java.util.Map<String, String> names = Formats.hotNames(h);
        for (perfstat.cli.stats.HotMethods.Row r : h.rows()) {
            b.append("<tr><td><code>").append(esc(names.get(r.method()))).append("</code></td>");
            for (double share : r.shares()) {
                b.append("<td>").append(esc(Formats.share(share))).append("</td>");
            }
            for (int i = 1; i < r.shares().size(); i++) {
                double d = r.deltasPp().get(i);
                boolean significant = r.tests().get(i) != null
                        && r.tests().get(i).verdict() == perfstat.cli.stats.Significance.Verdict.SIGNIFICANT;
                double w = Double.isFinite(d) && maxPp > 0 ? half * Math.abs(d) / maxPp : 0;
                double x = d < 0 ? half - w : half;
                b.append(String.format(Locale.ROOT, "<td><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"14\">"
                        + "<rect x=\"%.1f\" y=\"2\" width=\"%.1f\" height=\"10\" fill=\"%s\" fill-opacity=\"%s\"/>"
                        + "<line x1=\"%d\" y1=\"0\" x2=\"%d\" y2=\"14\" stroke=\"#444\"/></svg> %s</td>",
                        2 * half, x, w, d < 0 ? "#2b6cb0" : "#dd6b20", significant ? "1" : "0.35", half, half,
                        esc(Formats.judgedPp(d, r.tests().get(i)))));
            }
            b.append("</tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    private static String svgOpen() {
        return String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">",
                W, H, W, H);
    }

    private static void axes(StringBuilder b) {
        b.append(String.format(Locale.ROOT, "<path d=\"M%d %d L%d %d L%d %d\" stroke=\"#888\" fill=\"none\"/>",
                PAD, PAD / 2, PAD, H - PAD, W - PAD, H - PAD));
    }

    /** 1.43M, 250k, 81: short enough for an axis. */
    private static String si(double v) {
        double a = Math.abs(v);
        if (a >= 1e9) {
            return String.format(Locale.ROOT, "%.3gG", v / 1e9);
        }
        if (a >= 1e6) {
            return String.format(Locale.ROOT, "%.3gM", v / 1e6);
        }
        if (a >= 1e3) {
            return String.format(Locale.ROOT, "%.3gk", v / 1e3);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    private static void legend(StringBuilder b, List<String> columns) {
        for (int i = 0; i < columns.size(); i++) {
            b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"3\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\">%s</text>", PAD + 10, PAD / 2 + 14 * i, colour(i), PAD + 26, PAD / 2 + 14 * i + 5,
                    esc(columns.get(i))));
        }
    }

    private static String colour(int i) {
        return COLOURS[i % COLOURS.length];
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

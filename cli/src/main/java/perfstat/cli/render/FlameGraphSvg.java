package perfstat.cli.render;

import java.util.Locale;
import perfstat.cli.stats.FlameGraph;
import perfstat.cli.stats.Significance;

/**
 * A differential flame graph as inline SVG (no script, nothing fetched): roots at the bottom,
 * each frame as wide as the mean of its two shares, red where its share grew and blue where it
 * shrank, saturated where the change is significant after the false-discovery adjustment and
 * pale where it is not; hovering a frame shows both shares, the change and the verdict.
 */
final class FlameGraphSvg {
    static final int WIDTH = 1200;
    static final int ROW = 16;

    private FlameGraphSvg() {
    }

    static String of(FlameGraph g) {
        double alpha = 1 - g.confidence();
        int depth = g.frames().stream().mapToInt(FlameGraph.Frame::depth).max().orElse(0) + 1;
        int height = depth * ROW + 4;
        double maxDelta = g.frames().stream().mapToDouble(f -> Math.abs(f.deltaPp())).max().orElse(0);
        StringBuilder b = new StringBuilder();
        b.append("<h2>differential flame graph: ").append(esc(g.other())).append(" against ").append(esc(g.base()))
                .append("</h2>\n<p class=\"se\">").append(esc(String.format(Locale.ROOT,
                        "%d | %d samples inside the counters' window%s. Width: the mean of a frame's two shares (a frame of one side only is there too); "
                                + "red: its share grew, blue: it shrank; strong colour where the change is significant "
                                + "(U test over the recordings' shares, Benjamini-Hochberg adjusted p < %s over the graph's "
                                + "%d frames; no verdict with one recording a side), "
                                + "pale where not. Hover a frame for its shares and verdict.",
                        g.samples().get(0), g.samples().get(1), outside(g), String.format(Locale.ROOT, "%.3g", alpha), g.frames().size())))
                .append("</p>\n");
        b.append(String.format(Locale.ROOT, "<svg class=\"flame\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"monospace\">", WIDTH, height, WIDTH, height));
        for (FlameGraph.Frame f : g.frames()) {
            frame(b, g, f, height, maxDelta);
        }
        return b.append("</svg>\n").toString();
    }

    /** The samples left out as outside the window, where any were. */
    private static String outside(FlameGraph g) {
        return g.outside().stream().allMatch(n -> n == 0) ? ""
                : String.format(Locale.ROOT, " (%d | %d outside it, the JVM's and the agent's start and JFR's exit, left out)",
                        g.outside().get(0), g.outside().get(1));
    }

    private static void frame(StringBuilder b, FlameGraph g, FlameGraph.Frame f, int height, double maxDelta) {
        double x = f.x() * WIDTH;
        double w = f.width() * WIDTH;
        int y = height - (f.depth() + 1) * ROW;
        String verdict = switch (f.verdict()) {
            case SIGNIFICANT -> "significant";
            case NOT_SIGNIFICANT -> "not significant";
            default -> "too few samples to decide";
        };
        b.append("<g class=\"frame\" data-verdict=\"").append(f.verdict().name().toLowerCase(Locale.ROOT))
                .append("\" data-base=\"").append(String.format(Locale.ROOT, "%.6f", f.baseShare()))
                .append("\" data-other=\"").append(String.format(Locale.ROOT, "%.6f", f.otherShare())).append("\"><title>")
                .append(esc(String.format(Locale.ROOT, "%s\n%s: %.2f%%  %s: %.2f%%  (%+.2f pp)\n%s%s", f.method(),
                        g.base(), 100 * f.baseShare(), g.other(), 100 * f.otherShare(), f.deltaPp(), verdict,
                        Double.isNaN(f.adjustedP()) ? "" : String.format(Locale.ROOT, " (p=%.3g, adjusted %.3g)",
                                f.test().pValue(), f.adjustedP()))))
                .append("</title>");
        b.append(String.format(Locale.ROOT, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\" "
                + "stroke=\"#fff\" stroke-width=\"0.5\"/>", x, y, Math.max(w, 0.5), ROW - 1, colour(f, maxDelta)));
        int chars = (int) ((w - 6) / 7);
        if (chars >= 3) {
            String name = MethodNamesText.shortName(f.method());
            String label = name.length() <= chars ? name : name.substring(0, Math.max(1, chars - 2)) + "..";
            b.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%d\" font-size=\"11\">%s</text>", x + 3, y + ROW - 4,
                    esc(label)));
        }
        b.append("</g>");
    }

    /** Red for a share that grew, blue for one that shrank, by how much of the graph's largest change; pale where not significant. */
    static String colour(FlameGraph.Frame f, double maxDelta) {
        double t = maxDelta == 0 ? 0 : Math.min(1, Math.abs(f.deltaPp()) / maxDelta);
        int hue = f.deltaPp() >= 0 ? 0 : 220;
        boolean significant = f.verdict() == Significance.Verdict.SIGNIFICANT;
        int saturation = significant ? 85 : 20;
        int lightness = significant ? (int) Math.round(85 - 40 * t) : (int) Math.round(90 - 12 * t);
        return "hsl(" + hue + "," + saturation + "%," + lightness + "%)";
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** A frame's label: the class's simple name and the method, as the tables print methods. */
    static final class MethodNamesText {
        private MethodNamesText() {
        }

        static String shortName(String method) {
            int sep = method.indexOf("::");
            if (sep < 0) {
                return method;
            }
            String type = method.substring(0, sep);
            return type.substring(type.lastIndexOf('.') + 1) + method.substring(sep);
        }
    }
}

package perfstat.cli.render;

import java.util.List;
import java.util.Locale;
import perfstat.cli.stats.Summary;

/** The summary line's words, shared by every renderer: {@code patched vs unpatched: geomean of score ratios +23.71%; better: …}. */
final class SummaryText {
    private SummaryText() {
    }

    static String of(Summary s) {
        StringBuilder line = new StringBuilder(s.label() + " vs " + s.baseline() + ":");
        if (s.headline() != null) {
            Summary.Headline h = s.headline();
            line.append(' ').append(h.metric().label().trim()).append(' ').append(h.verdict() == perfstat.cli.stats.Significance.Verdict.TOO_FEW
                    ? String.format(Locale.ROOT, "%+.2f%% ? (undecided)", 100 * h.delta()) : Formats.judgedDelta(h.delta(), h.test()))
                    .append(h.verdict() == perfstat.cli.stats.Significance.Verdict.SIGNIFICANT ? direction(h) : "")
                    .append("; other rows");
        } else if (!Double.isNaN(s.geomeanRatio())) {
            line.append(String.format(Locale.ROOT, s.byScore() ? " geomean of score ratios %+.2f%%;"
                    : " no score, time elapsed %+.2f%%;", 100 * s.geomeanRatio()));
        }
        line.append(" better: ").append(moves(s.better()));
        line.append("; worse: ").append(moves(s.worse()));
        line.append(s.changed().isEmpty() ? "" : "; changed: " + moves(s.changed()));
        line.append(s.more() > 0 ? "; +" + s.more() + " more" : "");
        if (!s.hot().isEmpty()) {
            line.append("; hot methods: ").append(String.join(", ", s.hot().stream().map(m -> String.format(Locale.ROOT,
                    "%s (%s) %+.2f pp", perfstat.cli.stats.MethodNames.shortNames(List.of(m.method())).get(m.method()), m.kind(),
                    m.deltaPp())).toList()));
        }
        boolean moved = !s.better().isEmpty() || !s.worse().isEmpty() || !s.changed().isEmpty() || !s.hot().isEmpty()
                || s.headline() != null && s.headline().verdict() == perfstat.cli.stats.Significance.Verdict.SIGNIFICANT;
        boolean undecided = s.headline() != null && s.headline().verdict() == perfstat.cli.stats.Significance.Verdict.TOO_FEW;
        line.append(moved ? "" : undecided ? " (too few runs to judge)" : " (no significant change)");
        return line.toString();
    }

    /** A shown change of the headline in words: {@code , better} or {@code , worse} (it agrees with the rows' words). */
    static String direction(Summary.Headline h) {
        return switch (h.metric().better()) {
            case NEITHER -> "";
            case HIGHER -> h.delta() > 0 ? ", better" : ", worse";
            case LOWER -> h.delta() < 0 ? ", better" : ", worse";
        };
    }

    static List<String> lines(List<Summary> summaries) {
        return summaries.stream().map(SummaryText::of).toList();
    }

    private static String moves(List<Summary.Move> moves) {
        if (moves.isEmpty()) {
            return "none";
        }
        return String.join(", ", moves.stream()
                .map(m -> Double.isInfinite(m.delta()) ? m.metric().label().trim() + " from 0" // no percentage sizes it
                        : String.format(Locale.ROOT, "%s %+.2f%%", m.metric().label().trim(), 100 * m.delta())).toList());
    }
}

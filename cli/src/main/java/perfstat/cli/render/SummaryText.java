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
        if (!Double.isNaN(s.geomeanRatio())) {
            line.append(String.format(Locale.ROOT, s.byScore() ? " geomean of score ratios %+.2f%%;"
                    : " no score, time elapsed %+.2f%%;", 100 * s.geomeanRatio()));
        }
        line.append(" better: ").append(moves(s.better()));
        line.append("; worse: ").append(moves(s.worse()));
        line.append(s.better().isEmpty() && s.worse().isEmpty() ? " (no significant change)" : "");
        return line.toString();
    }

    static List<String> lines(List<Summary> summaries) {
        return summaries.stream().map(SummaryText::of).toList();
    }

    private static String moves(List<Summary.Move> moves) {
        if (moves.isEmpty()) {
            return "none";
        }
        return String.join(", ", moves.stream()
                .map(m -> String.format(Locale.ROOT, "%s %+.2f%%", m.metric().label().trim(), 100 * m.delta())).toList());
    }
}

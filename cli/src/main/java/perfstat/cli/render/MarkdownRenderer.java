package perfstat.cli.render;

import java.io.PrintWriter;
import perfstat.cli.stats.Row;
import perfstat.cli.stats.Table;

/** The table as GitHub markdown, for a pull-request comment: one column per configuration, then each change. */
public final class MarkdownRenderer {
    private MarkdownRenderer() {
    }

    public static void render(Table t, PrintWriter out) {
        int n = t.columns().size();
        out.println("**" + TitleText.of(t.title()).replace("|", "\\|") + "**");
        out.println();
        StringBuilder head = new StringBuilder("| metric |");
        StringBuilder rule = new StringBuilder("|---|");
        for (int i = 0; i < n; i++) {
            head.append(' ').append(cell(t.columns().get(i))).append(" |");
            rule.append("---:|");
        }
        for (int i = 1; i < n; i++) {
            head.append(" Δ ").append(cell(t.columns().get(i))).append(" |");
            rule.append("---|");
        }
        out.println(head);
        out.println(rule);
        for (Row r : t.rows()) {
            StringBuilder line = new StringBuilder("| ").append(cell(r.metric().label().trim())).append(" |");
            for (int i = 0; i < n; i++) {
                String v = Formats.value(r.values().get(i), r.metric().decimals());
                double se = r.values().get(i).stderrPct();
                line.append(' ').append(cell(v)).append(r.values().get(i).measured() && !Double.isNaN(se)
                        ? String.format(java.util.Locale.ROOT, " ±%.2f%%", se) : "").append(" |");
            }
            for (int i = 1; i < n; i++) {
                String d = Formats.judgedDelta(r, i);
                int dir = Formats.direction(r.metric(), r.deltas().get(i), r.tests().get(i));
                line.append(' ').append(dir == 0 ? cell(d) : "**" + cell(d) + "**" + (dir > 0 ? " (better)" : " (worse)"))
                        .append(" |");
            }
            out.println(line);
        }
        out.println();
        for (perfstat.cli.stats.HotMethods.Section h : t.hot()) {
            hot(h, t, out);
        }
        for (String s : SummaryText.lines(t.summary())) {
            out.println(cell(s));
            out.println();
        }
        for (String note : NoteText.lines(t.notes())) {
            out.println("- " + cell(note));
        }
        out.flush();
    }

    /** One section of hot methods: a column of shares per configuration, each later one's change beside it. */
    private static void hot(perfstat.cli.stats.HotMethods.Section h, Table t, PrintWriter out) {
        out.println("**" + cell(Formats.hotHeading(h, t.notes())) + "**");
        out.println();
        StringBuilder hotHead = new StringBuilder("| method |");
        StringBuilder hotRule = new StringBuilder("|---|");
        for (int i = 0; i < t.columns().size(); i++) {
            hotHead.append(' ').append(cell(t.columns().get(i))).append(" |");
            hotRule.append("---:|");
            if (i > 0) {
                hotHead.append(" change |");
                hotRule.append("---|");
            }
        }
        out.println(hotHead);
        out.println(hotRule);
        java.util.Map<String, String> names = Formats.hotNames(h);
        for (perfstat.cli.stats.HotMethods.Row r : h.rows()) {
            StringBuilder line = new StringBuilder("| `" + cell(names.get(r.method())) + "` |");
            for (int i = 0; i < r.shares().size(); i++) {
                line.append(' ').append(Formats.share(r.shares().get(i))).append(" |");
                if (i > 0) {
                    line.append(' ').append(cell(Formats.judgedPp(r.deltasPp().get(i), r.tests().get(i)))).append(" |");
                }
            }
            out.println(line);
        }
        out.println();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
    }
}

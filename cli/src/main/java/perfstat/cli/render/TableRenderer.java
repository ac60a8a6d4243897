package perfstat.cli.render;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.Note;
import perfstat.cli.stats.Row;
import perfstat.cli.stats.Table;

/**
 * Text tables. One recording prints as {@code perf stat} prints; several print in Ingo
 * Molnar's side-by-side layout from seed 000, one column per configuration and the
 * percent change of each from the first. Runs named steps over a table it does not own:
 * format the cells, size the columns, print.
 */
public final class TableRenderer {
    private static final String RED = "\u001b[31m";
    private static final String GREEN = "\u001b[32m";
    private static final String RESET = "\u001b[0m";

    private TableRenderer() {
    }

    public static void render(Table table, PrintWriter out) {
        render(table, out, Formats.colour(), false);
    }

    /** With {@code colour}, significant regressions print red and improvements green (ANSI). */
    public static void render(Table table, PrintWriter out, boolean colour) {
        render(table, out, colour, false);
    }

    /**
     * As {@link #render(Table, PrintWriter, boolean)}; side by side, a person's table ({@link Brief}: the answer first,
     * the rows that changed, the rest, rows and notes with nothing to say counted) unless {@code all}, which prints every
     * row, hot method and note in the table's order.
     */
    public static void render(Table table, PrintWriter out, boolean colour, boolean all) {
        if (table.columns().size() == 1) {
            printSingle(table, table.rows(), formatCells(table, table.rows()), out);
            printHot(table, out, true);
            printFooter(table, table.notes(), 0, out);
        } else if (all) {
            Brief brief = Brief.of(table);
            printAnswers(brief, out);
            printSideBySide(table, table.rows(), 0, out, colour, true);
            printHot(table, out, true);
            printFooter(table, NoteText.merged(table.notes().stream().filter(x -> !(x instanceof Note.WhatDiffers)).toList(),
                    table.columns()), 0, out);
        } else {
            Brief brief = Brief.of(table);
            out.println(" " + TitleText.of(table.title()) + ":");
            printAnswers(brief, out);
            printSideBySide(table, brief.rows(), brief.lead(), out, colour, false);
            if (!brief.quietLine().isEmpty()) {
                out.println(" " + brief.quietLine());
            }
            out.println();
            printHot(table, out, false);
            printFooter(table, NoteText.merged(brief.notes(), table.columns()), brief.leftOut(), out);
        }
        out.flush();
    }

    /** Each configuration's answer ({@link Brief}), then a blank line; nothing where there is none. */
    private static void printAnswers(Brief brief, PrintWriter out) {
        boolean any = false;
        for (List<String> answer : brief.answers()) {
            answer.forEach(l -> out.println(" " + l));
            any |= !answer.isEmpty();
        }
        if (any) {
            out.println();
        }
    }

    /** The summary, then the notes (the header's line on what differs is not one of them), and how many wait for --all. */
    private static void printFooter(Table table, List<String> notes, int leftOut, PrintWriter out) {
        for (String line : SummaryText.lines(table.summary())) {
            out.println(" " + line);
        }
        if (!table.summary().isEmpty()) {
            out.println();
        }
        for (String note : notes) {
            out.println(" # " + note);
        }
        if (leftOut > 0) {
            out.println(" # " + leftOut + (leftOut == 1 ? " note" : " notes") + " on how the table was made (sources, legends,"
                    + " estimates' methods): --all shows them, docs/statistics.md explains the verdicts");
        }
    }

    private static void printFooter(Table table, java.util.Collection<Note> notes, int leftOut, PrintWriter out) {
        // what differs is the header's line, not the footer's
        printFooter(table, NoteText.lines(notes.stream().filter(x -> !(x instanceof Note.WhatDiffers)).toList()), leftOut, out);
    }

    /** The header's line on what the sides differ in ({@code what differs: GC}), where they differ. */
    private static void printWhatDiffers(Table table, PrintWriter out) {
        table.notes().stream().filter(x -> x instanceof Note.WhatDiffers).findFirst()
                .ifPresent(x -> out.println(" " + NoteText.of(x)));
    }

    /**
     * The hot methods, a section per kind: shares side by side, then the method, then the changes; all, or {@link Brief#hot}'s
     * (the first section's heading then names the sections left out).
     */
    private static void printHot(Table table, PrintWriter out, boolean all) {
        List<String> hidden = new ArrayList<>();
        List<List<perfstat.cli.stats.HotMethods.Row>> shown = new ArrayList<>();
        for (perfstat.cli.stats.HotMethods.Section s : table.hot()) {
            shown.add(all ? s.rows() : Brief.hot(s, s == table.hot().get(0)));
            if (shown.get(shown.size() - 1).isEmpty()) {
                hidden.add(s.kind());
            }
        }
        boolean first = true;
        for (int k = 0; k < table.hot().size(); k++) {
            perfstat.cli.stats.HotMethods.Section s = table.hot().get(k);
            List<perfstat.cli.stats.HotMethods.Row> rows = shown.get(k);
            if (rows.isEmpty()) {
                continue;
            }
            out.println(" " + Formats.hotHeading(s, table.notes()) + (rows.size() < s.rows().size()
                    ? ", the first " + rows.size() + " of " + s.rows().size() : "")
                    + (first && !hidden.isEmpty() ? "; " + String.join(", ", hidden) + ": none changed, --all shows them" : "") + ":");
            first = false;
            java.util.Map<String, String> names = Formats.hotNames(s);
            for (perfstat.cli.stats.HotMethods.Row r : rows) {
                StringBuilder b = new StringBuilder(" ");
                for (double share : r.shares()) {
                    b.append(pad(Formats.share(share), 9)).append(' ');
                }
                b.append(" ").append(names.get(r.method()));
                for (int i = 1; i < r.shares().size(); i++) {
                    b.append("  ").append(Formats.judgedPp(r.deltasPp().get(i), r.tests().get(i)));
                }
                out.println(b);
            }
            out.println();
        }
    }

    /** Step 1: every value, delta and comment as text. Per row: n values, n deltas, n comments, then its label. */
    private static List<String[]> formatCells(Table table, List<Row> rows) {
        int n = table.columns().size();
        List<String[]> cells = new ArrayList<>();
        for (Row r : rows) {
            String[] c = new String[3 * n + 1];
            double divisor = Formats.divisor(r);
            for (int i = 0; i < n; i++) {
                c[i] = Formats.value(r.values().get(i), r.metric().decimals(), divisor);
                c[n + i] = i == 0 ? "" : Formats.judgedDelta(r, i);
                c[2 * n + i] = CommentText.of(r.comments().get(i));
            }
            c[3 * n] = Formats.label(r, divisor);
            cells.add(c);
        }
        return cells;
    }

    /** Step 2: the width of column {@code i} of the cells (and of a header). */
    private static int width(List<String[]> cells, int i, String header, int min) {
        int w = Math.max(min, header.length());
        for (String[] c : cells) {
            w = Math.max(w, c[i].length());
        }
        return w;
    }

    private static int labelWidth(List<String[]> cells) {
        int w = 0;
        for (String[] c : cells) {
            w = Math.max(w, c[c.length - 1].length());
        }
        return w;
    }

    private static void printSingle(Table table, List<Row> rows, List<String[]> cells, PrintWriter out) {
        int vw = width(cells, 0, "", 15);
        int lw = labelWidth(cells);
        out.println();
        out.println(" " + TitleText.of(table.title()) + ":");
        out.println();
        MetricId.Kind group = null;
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (group != null && groupOf(r) != group) {
                out.println();
            }
            group = groupOf(r);
            String[] c = cells.get(i);
            String comment = c[2].isEmpty() ? "" : "  #  " + c[2];
            String spread = r.values().get(0).measured() && !Double.isNaN(r.values().get(0).stderrPct())
                    ? String.format(Locale.ROOT, "  ( +- %.2f%% )", r.values().get(0).stderrPct()) : "";
            out.println(stripRight(" " + pad(c[0], vw) + "  " + padRight(c[3], lw) + comment + spread));
        }
        out.println();
    }

    /**
     * The rows side by side; the first {@code lead} of them (a person's table: the primary row and those that changed)
     * as one block, the rest in blocks by kind. {@code box} draws the title in a box, as perf does; else the caller
     * printed it.
     */
    private static void printSideBySide(Table table, List<Row> rows, int lead, PrintWriter out, boolean colour, boolean box) {
        List<String[]> cells = formatCells(table, rows);
        int n = table.columns().size();
        int[] vw = new int[n];
        for (int i = 0; i < n; i++) {
            vw[i] = width(cells, i, table.columns().get(i), 14);
        }
        int lw = labelWidth(cells);
        int[] dw = new int[n];
        for (int i = 1; i < n; i++) {
            dw[i] = width(cells, n + i, deltaHeader(table, i), 8);
        }
        String title = "| " + TitleText.of(table.title()) + " |";
        if (box) {
            out.println(" " + "-".repeat(title.length()));
            out.println(" " + title);
            out.println(" " + "-".repeat(title.length()));
        }
        printWhatDiffers(table, out);
        String blank = blankLine(vw);
        if (box) {
            out.println(blank);
        }
        StringBuilder head = new StringBuilder(" |");
        for (int i = 0; i < n; i++) {
            head.append(' ').append(pad(table.columns().get(i), vw[i])).append(i < n - 1 ? " |" : "");
        }
        int total = head.length() + 2 + lw + 2;
        if (n > 2) { // which change is which: with one change only, it is the second column's
            head.append("  ").append(padRight("", lw));
            for (int i = 1; i < n; i++) {
                head.append("  ").append(padRight(deltaHeader(table, i), dw[i]));
            }
        }
        out.println(stripRight(head.toString()));
        for (int i = 1; i < n; i++) {
            total += dw[i] + 2;
        }
        out.println(" |" + "-".repeat(Math.max(10, total - 2)));
        if (box) {
            out.println(" |");
        }
        MetricId.Kind group = null;
        for (int r = 0; r < rows.size(); r++) {
            Row row = rows.get(r);
            if (r == lead && r > 0 || r > lead && group != null && groupOf(row) != group) {
                out.println(blank);
            }
            group = groupOf(row);
            out.println(sideBySideLine(row, cells.get(r), vw, lw, dw, colour));
        }
        if (box) {
            out.println(blank);
        }
        out.println(" " + "-".repeat(vw[0] + 4));
    }

    private static String sideBySideLine(Row row, String[] c, int[] vw, int lw, int[] dw, boolean colour) {
        int n = vw.length;
        StringBuilder line = new StringBuilder(" |");
        for (int i = 0; i < n; i++) {
            line.append(' ').append(pad(c[i], vw[i])).append(i < n - 1 ? " |" : "");
        }
        line.append("  ").append(padRight(c[3 * n], lw));
        for (int i = 1; i < n; i++) {
            String cell = padRight(c[n + i], dw[i]);
            int dir = Formats.direction(row.metric(), row.deltas().get(i), row.tests().get(i));
            line.append("  ").append(colour && dir != 0 ? (dir > 0 ? GREEN : RED) + cell + RESET : cell);
        }
        line.append(spreads(row));
        return stripRight(line.toString());
    }

    /** The heading of column {@code i}'s changes from the first column, where there are two changes or more. */
    private static String deltaHeader(Table table, int i) {
        return table.columns().size() > 2 ? table.columns().get(i) + " vs " + table.columns().get(0) : "";
    }

    /** perf's {@code ( +- x% )} for each column whose value is a mean of several samples, or "". */
    private static String spreads(Row row) {
        StringBuilder b = new StringBuilder();
        for (var v : row.values()) {
            b.append(v.measured() && !Double.isNaN(v.stderrPct()) && v.samples() > 1
                    ? String.format(Locale.ROOT, " +-%.2f%%", v.stderrPct()) : " ");
        }
        return b.toString().isBlank() ? "" : "  (" + b.toString().stripTrailing() + " )";
    }

    private static String blankLine(int[] vw) {
        return " |" + " ".repeat(vw[0] + 2) + "|";
    }

    /** Rows print in blocks, one for each kind of metric (counters, the score, the model's counters, probes, ...). */
    private static MetricId.Kind groupOf(Row r) {
        return r.metric().kind();
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s : " ".repeat(w - s.length()) + s;
    }

    private static String padRight(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }

    private static String stripRight(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}

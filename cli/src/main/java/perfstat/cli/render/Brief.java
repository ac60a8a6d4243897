package perfstat.cli.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import perfstat.cli.stats.Families;
import perfstat.cli.stats.HotMethods;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.Note;
import perfstat.cli.stats.Row;
import perfstat.cli.stats.Significance;
import perfstat.cli.stats.Summary;
import perfstat.cli.stats.Table;
import perfstat.cli.stats.Value;

/**
 * What a side-by-side text table shows a person by default, and what it leaves to {@code --all}: the answer first (the
 * primary row's verdict, what the runs could see, its value run by run), then the rows that changed, then the rest; rows
 * with nothing to say (no value on any side, or 0 on every run) counted and named in one line; the notes that qualify
 * the answer, while those on how the table was made wait for {@code --all}. It leaves out, never changes: every row and
 * note is in json and csv, and in the text table with {@code --all}.
 *
 * @param rows       the rows to print, in order: the primary row, the rows that changed, the rest
 * @param lead       how many of {@code rows} lead as one block: the primary row and those that changed
 * @param quiet      the rows left out, by why: the words of the reason, then the rows' labels
 * @param notes      the notes to print
 * @param leftOut    how many notes wait for --all
 * @param answers    for each column after the first, its answer's lines
 */
record Brief(List<Row> rows, int lead, Map<String, List<String>> quiet, List<Note> notes, int leftOut,
             List<List<String>> answers) {
    /** The most hot methods a section shows by default where none changed. */
    static final int HOT = 3;

    static Brief of(Table t) {
        Row primary = t.columns().size() > 1 ? Families.primary(t.rows(), 1) : null;
        List<Row> changed = new ArrayList<>();
        List<Row> rest = new ArrayList<>();
        Map<String, List<String>> quiet = new LinkedHashMap<>();
        boolean same = t.notes().stream().anyMatch(n -> n instanceof Note.SameRecording);
        for (Row r : t.rows()) {
            String why = same ? null : quiet(r);
            if (r == primary) {
                continue;
            } else if (why != null) {
                quiet.computeIfAbsent(why, k -> new ArrayList<>()).add(r.metric().label().trim());
            } else if (changed(r)) {
                changed.add(r);
            } else {
                rest.add(r);
            }
        }
        List<Row> rows = new ArrayList<>();
        if (primary != null) {
            rows.add(primary);
        }
        rows.addAll(changed);
        rows.addAll(rest);
        List<Note> notes = new ArrayList<>();
        int leftOut = 0;
        for (Note n : t.notes()) {
            if (n instanceof Note.WhatDiffers || n instanceof Note.SpreadSource) {
                continue; // the header's line; the answer's
            } else if (detail(n)) {
                leftOut++;
            } else {
                notes.add(n);
            }
        }
        List<List<String>> answers = new ArrayList<>();
        for (int c = 1; c < t.columns().size(); c++) {
            answers.add(answer(t, c));
        }
        return new Brief(rows, changed.size() + (primary == null ? 0 : 1), quiet, notes, leftOut, answers);
    }

    /** Why a row has nothing to say (the words the left-out line gives), or null where it has something. */
    private static String quiet(Row r) {
        if (r.metric().kind() == MetricId.Kind.SCORE) {
            return null; // the score is what the user asked for: its <not counted> is said, never left out
        }
        boolean none = true;
        boolean zero = true;
        for (int c = 0; c < r.values().size(); c++) {
            Value v = r.values().get(c);
            none &= !v.measured() && v.status() != Value.Status.NOT_PROBED;
            zero &= v.measured() && v.value() == 0 && (r.spreads().get(c) == null || r.spreads().get(c).max() == 0
                    && r.spreads().get(c).min() == 0);
        }
        boolean timed = r.timedCalls().stream().anyMatch(t -> t != null && t.stream().anyMatch(x -> x > 0));
        if (none && !timed) { // a percentile of a few timed calls says why it has no value
            return r.values().stream().allMatch(v -> v.status() == Value.Status.NOT_SUPPORTED) ? "<not supported>" : "<not counted>";
        }
        boolean untimed = r.timedCalls().stream().allMatch(t -> t != null && t.stream().allMatch(x -> x == 0));
        return zero ? "0 on every run" : untimed ? "no timed calls" : null;
    }

    /** Whether some column's change from the first is shown (the machine's rows are context, not the program's change). */
    private static boolean changed(Row r) {
        if (r.metric().kind() == MetricId.Kind.MACHINE) {
            return false;
        }
        for (Significance s : r.tests()) {
            if (s != null && s.verdict() == Significance.Verdict.SIGNIFICANT) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a note tells how the table was made rather than qualifying its answer: sources and legends, estimates'
     * methods, what a percentile rests on. These wait for --all; a note on a fallback source, a difference between the
     * sides, a run that shared the machine or anything left out is always printed.
     */
    static boolean detail(Note n) {
        return switch (n) {
            case Note.CountersFrom c -> c.why().isEmpty(); // the usual source; a fallback says why, and is said
            case Note.NotSupported _, Note.Window _, Note.MachineUnread _, Note.PerUnitOf _, Note.TimerCost _, Note.Deltas _,
                 Note.FollowPrimary _, Note.Detectable _, Note.TimedCalls _, Note.SparseTiming _, Note.TimedCallsMinimum _,
                 Note.SampleKind _, Note.SamplesOutsideWindow _, Note.RolesFrom _, Note.JitObserver _, Note.Look _,
                 Note.GcOnVmThread _, Note.PooledPercentile _, Note.SafepointBiased _ -> true;
            default -> false;
        };
    }

    /** Column {@code c}'s answer: the primary row judged in words, what the runs could see, and its value run by run. */
    private static List<String> answer(Table t, int c) {
        List<String> lines = new ArrayList<>();
        Summary s = c - 1 < t.summary().size() ? t.summary().get(c - 1) : null;
        if (s == null || s.headline() == null) {
            return lines;
        }
        Summary.Headline h = s.headline();
        Row row = t.rows().stream().filter(r -> r.metric().equals(h.metric())).findFirst().orElse(null);
        lines.add(s.label() + " vs " + s.baseline() + ": " + h.metric().label().trim() + " " + verdict(h));
        for (Note n : t.notes()) {
            if (n instanceof Note.Detectable d && d.column().equals(t.columns().get(c))) {
                lines.add(String.format(Locale.ROOT, "  these runs would find a change of %.1f%% or more (80%% power)",
                        100 * d.detectable()));
            }
        }
        if (row != null) {
            lines.add("  each run: " + (c == 1 ? perRun(t, row, 0) + " | " : "") + perRun(t, row, c));
        }
        for (Note n : t.notes()) {
            if (c == 1 && n instanceof Note.SpreadSource sp) { // one line a table, under the first answer
                lines.add("  " + NoteText.spread(sp));
            }
        }
        return lines;
    }

    /**
     * The headline's verdict in words, its change and interval always with the interval's level: {@code +36.35%
     * [+20.3%, +54.5%] (95% interval), better}, {@code +10.60% [-11.8%, +36.8%] (96% interval): no change shown}.
     */
    static String verdict(Summary.Headline h) {
        Significance test = h.test();
        String change = Double.isNaN(h.delta()) ? "" : String.format(Locale.ROOT, "%+.2f%%", 100 * h.delta());
        if (h.verdict() == Significance.Verdict.TOO_FEW || Double.isNaN(test.ciLow())) {
            return change + ": too few runs to judge";
        }
        String judged = (change.isEmpty() ? "from 0" : change) + " [" + Formats.bound(test.ciLow()) + ", "
                + Formats.bound(test.ciHigh()) + "] (" + new java.text.DecimalFormat("0.##",
                java.text.DecimalFormatSymbols.getInstance(Locale.ROOT)).format(100 * test.confidence()) + "% interval)";
        return judged + switch (h.verdict()) {
            case TOO_FEW -> ": too few runs to judge";
            case NOT_SIGNIFICANT -> test.judgement().answer() == Significance.Answer.SAME
                    ? String.format(Locale.ROOT, ": the same within +-%.0f%%", 100 * test.judgement().limit()) : ": no change shown";
            case SIGNIFICANT -> h.metric().better() == perfstat.cli.stats.Metric.Better.NEITHER ? ", changed" : SummaryText.direction(h);
        };
    }

    /** Column {@code c}'s samples of {@code row}, as the row prints its values: {@code A 866.6 812.3 921.0}. */
    private static String perRun(Table t, Row row, int c) {
        perfstat.cli.stats.Spread sp = row.spreads().get(c);
        StringBuilder b = new StringBuilder(t.columns().get(c));
        if (sp == null || sp.fromIntervals()) { // one run: its intervals are not runs
            return b.append(' ').append(Formats.value(row.values().get(c), row.metric().decimals()).strip()).toString();
        }
        double[] xs = sp.samples();
        int shown = Math.min(xs.length, 12);
        // one decimal, or as many as three significant digits need for values below 10 (0.75 ms, not 0.7)
        double least = java.util.Arrays.stream(xs).map(Math::abs).filter(x -> x > 0).min().orElse(1);
        int decimals = least >= 10 ? Math.min(row.metric().decimals(), 1)
                : Math.min(4, Math.max(1, 2 - (int) Math.floor(Math.log10(least))));
        for (int i = 0; i < shown; i++) {
            b.append(' ').append(Formats.value(Value.of(xs[i]), row.metric().decimals() == 0 ? 0 : decimals));
        }
        return b.append(xs.length > shown ? " ... (" + xs.length + ")" : "").toString();
    }

    /**
     * The hot rows a section shows: every one that changed; where none did, the first {@link #HOT} of the first section
     * (self time, where the time is spent), none of the others.
     */
    static List<HotMethods.Row> hot(HotMethods.Section s, boolean first) {
        List<HotMethods.Row> moved = s.rows().stream().filter(r -> r.tests().stream()
                .anyMatch(x -> x != null && x.verdict() == Significance.Verdict.SIGNIFICANT)).toList();
        return !moved.isEmpty() ? moved : first ? s.rows().subList(0, Math.min(HOT, s.rows().size())) : List.of();
    }

    /** The left-out rows in one line, or "" where none was. */
    String quietLine() {
        if (quiet.isEmpty()) {
            return "";
        }
        int n = quiet.values().stream().mapToInt(List::size).sum();
        List<String> parts = new ArrayList<>();
        quiet.forEach((why, labels) -> parts.add(why + ": " + String.join(", ", labels)));
        return n + (n == 1 ? " row" : " rows") + " with nothing to say left out (--all shows them): " + String.join("; ", parts);
    }
}

package perfstat.cli.render;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import perfstat.cli.stats.HotMethods;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.Row;
import perfstat.cli.stats.Significance;
import perfstat.cli.stats.Spread;
import perfstat.cli.stats.Summary;
import perfstat.cli.stats.Table;
import perfstat.cli.stats.Value;

/**
 * The table as JSON, schema {@code perfstat.table/3} (docs/json-schema.md): per metric its
 * name, unit, label, which direction is better, the value on each side (null when absent,
 * with a status saying why) with its samples described, each side's relative delta from the
 * first and the test of that delta; then the hot methods, the summary as values (with its line beside
 * them) and the notes.
 */
public final class JsonRenderer {
    public static final String SCHEMA = "perfstat.table/3";

    private JsonRenderer() {
    }

    public static void render(Table t, PrintWriter out) {
        out.println(object(t));
        out.flush();
    }

    /** Several tables: an array of their objects, in order. */
    static void renderAll(List<Table> tables, PrintWriter out) {
        StringBuilder b = new StringBuilder("[\n");
        for (int i = 0; i < tables.size(); i++) {
            b.append(i == 0 ? "" : ",\n").append(object(tables.get(i)));
        }
        out.println(b.append("\n]"));
        out.flush();
    }

    private static StringBuilder object(Table t) {
        StringBuilder b = new StringBuilder();
        b.append("{\n  \"schema\": ").append(str(SCHEMA)).append(",\n");
        b.append("  \"title\": ").append(str(TitleText.of(t.title()))).append(",\n");
        b.append("  \"columns\": [");
        for (int i = 0; i < t.columns().size(); i++) {
            List<String> files = t.files().get(i);
            b.append(i == 0 ? "\n" : ",\n").append("    {\"label\": ").append(str(t.columns().get(i)))
                    .append(", \"files\": [");
            for (int f = 0; f < files.size(); f++) {
                b.append(f == 0 ? "" : ", ").append(str(files.get(f)));
            }
            b.append("]}");
        }
        b.append("\n  ],\n  \"metrics\": [");
        for (int r = 0; r < t.rows().size(); r++) {
            b.append(r == 0 ? "\n" : ",\n");
            metric(b, t.rows().get(r));
        }
        b.append("\n  ],\n  \"hot\": [");
        for (int k = 0; k < t.hot().size(); k++) {
            b.append(k == 0 ? "\n" : ",\n");
            hot(b, t.hot().get(k));
        }
        b.append(t.hot().isEmpty() ? "],\n  \"summary\": [" : "\n  ],\n  \"summary\": [");
        for (int i = 0; i < t.summary().size(); i++) {
            b.append(i == 0 ? "\n" : ",\n");
            summary(b, t.summary().get(i));
        }
        b.append(t.summary().isEmpty() ? "]" : "\n  ]");
        comparability(b, t.notes());
        b.append(",\n  \"notes\": [");
        List<String> notes = NoteText.lines(t.notes());
        for (int i = 0; i < notes.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(str(notes.get(i)));
        }
        b.append("]\n}");
        return b;
    }

    /**
     * The comparability check's findings as values, where it found any: {@code differs} (the header's list),
     * {@code setups} (per column, what its runs were), {@code differences} (per difference between the sides: what, the
     * columns' values, the rows not judged) and {@code within} (per column whose recordings differ among themselves).
     */
    private static void comparability(StringBuilder b, List<perfstat.cli.stats.Note> notes) {
        List<String> differs = new java.util.ArrayList<>();
        List<String> setups = new java.util.ArrayList<>();
        List<String> differences = new java.util.ArrayList<>();
        List<String> within = new java.util.ArrayList<>();
        for (perfstat.cli.stats.Note n : notes) {
            if (n instanceof perfstat.cli.stats.Note.WhatDiffers w) {
                w.what().forEach(x -> differs.add(str(x)));
                for (int c = 0; c < w.columns().size(); c++) {
                    List<String> kv = new java.util.ArrayList<>();
                    w.setups().get(c).forEach((k, v) -> kv.add(str(k) + ": " + str(v)));
                    setups.add("{\"label\": " + str(w.columns().get(c)) + ", \"setup\": {" + String.join(", ", kv) + "}}");
                }
            } else if (n instanceof perfstat.cli.stats.Note.SidesDiffer d) {
                differences.add("{\"what\": " + str(d.what()) + ", \"values\": " + strings(d.values()) + ", \"notJudged\": "
                        + strings(d.rows()) + "}");
            } else if (n instanceof perfstat.cli.stats.Note.DiffersWithin d) {
                within.add("{\"column\": " + str(d.column()) + ", \"what\": " + str(d.what()) + ", \"files\": "
                        + strings(d.files()) + ", \"values\": " + strings(d.values()) + "}");
            }
        }
        if (differs.isEmpty() && differences.isEmpty() && within.isEmpty()) {
            return;
        }
        b.append(",\n  \"comparability\": {\"differs\": [").append(String.join(", ", differs)).append("], \"setups\": [")
                .append(String.join(", ", setups)).append("], \"differences\": [").append(String.join(", ", differences))
                .append("], \"within\": [").append(String.join(", ", within)).append("]}");
    }

    private static String strings(List<String> xs) {
        return "[" + String.join(", ", xs.stream().map(JsonRenderer::str).toList()) + "]";
    }

    /** One row: its name and what it is, each column's value with its samples, the deltas and their tests. */
    private static void metric(StringBuilder b, Row row) {
        b.append("    {\"name\": ").append(str(row.metric().key()))
                .append(", \"label\": ").append(str(row.metric().label().trim()))
                .append(", \"unit\": ").append(str(row.metric().unit()))
                .append(", \"better\": ").append(str(row.metric().better().name().toLowerCase(Locale.ROOT)));
        if (row.metric().kind() == MetricId.Kind.PROBE) {
            // the probed method in full: package, class, method and, for an overload, its parameter types
            b.append(", \"probe\": ").append(str(row.metric().id().subject()));
        }
        b.append(",\n      \"values\": [");
        List<Value> values = row.values();
        for (int i = 0; i < values.size(); i++) {
            Value v = values.get(i);
            b.append(i == 0 ? "" : ", ").append("{\"value\": ").append(num(v.value()))
                    .append(", \"status\": ").append(str(row.status(i)))
                    .append(", \"samples\": ").append(v.samples())
                    .append(", \"stderrPct\": ").append(num(v.stderrPct()));
            Spread sp = row.spreads().get(i);
            if (sp != null) {
                b.append(", \"spread\": {\"n\": ").append(sp.n()).append(", \"mean\": ").append(num(sp.mean()))
                        .append(", \"median\": ").append(num(sp.median())).append(", \"sd\": ").append(num(sp.sd()))
                        .append(", \"min\": ").append(num(sp.min())).append(", \"max\": ").append(num(sp.max()))
                        .append(", \"fromIntervals\": ").append(sp.fromIntervals()).append(", \"values\": [");
                for (int k = 0; k < sp.samples().length; k++) {
                    b.append(k == 0 ? "" : ", ").append(num(sp.samples()[k]));
                }
                b.append("]}");
            }
            List<Long> timed = row.timedCalls().get(i);
            if (timed != null) {
                b.append(", \"timedCalls\": [");
                for (int k = 0; k < timed.size(); k++) {
                    b.append(k == 0 ? "" : ", ").append(timed.get(k));
                }
                b.append(']');
            }
            b.append('}');
        }
        b.append("],\n      \"deltas\": [");
        for (int i = 0; i < row.deltas().size(); i++) {
            b.append(i == 0 ? "" : ", ").append(num(row.deltas().get(i)));
        }
        b.append("],\n      \"tests\": [");
        for (int i = 0; i < row.tests().size(); i++) {
            String t = test(row.tests().get(i));
            b.append(i == 0 ? "" : ", ").append(t.equals("null") ? t
                    : t.substring(0, t.length() - 1) + ", \"q\": " + num(row.qValues().get(i)) + "}");
        }
        b.append("]}");
    }

    private static String test(Significance sig) {
        if (sig == null) {
            return "null";
        }
        return "{\"test\": " + str(sig.test()) + ", \"verdict\": " + str(sig.verdict().name().toLowerCase(Locale.ROOT))
                + ", \"p\": " + num(sig.pValue()) + ", \"medianDelta\": " + num(sig.medianDelta())
                + ", \"ciLow\": " + num(sig.ciLow()) + ", \"ciHigh\": " + num(sig.ciHigh())
                + ", \"confidence\": " + num(sig.confidence()) + ", \"n\": [" + sig.nA() + ", " + sig.nB() + "]"
                + judgement(sig.judgement())
                + (CommentText.reason(sig.reason()).isEmpty() ? "" : ", \"reason\": " + str(CommentText.reason(sig.reason()))) + "}";
    }

    /**
     * How a row's change was judged: the estimate's method and change, its family, the threshold's answer, the rank
     * test's p; nothing for tests without an estimate (hot methods).
     */
    private static String judgement(Significance.Judgement j) {
        if (j == Significance.Judgement.NONE) {
            return "";
        }
        return ", \"method\": " + str(j.estimate().method().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                + ", \"change\": " + num(j.estimate().change())
                + ", \"family\": " + str(j.family().name().toLowerCase(Locale.ROOT))
                + ", \"familyAlpha\": " + num(j.familyAlpha())
                + ", \"answer\": " + str(j.answer().name().toLowerCase(Locale.ROOT)) + ", \"limit\": " + num(j.limit())
                + ", \"rankP\": " + num(j.rankP());
    }

    /** One section of hot methods: its kind, each column's samples, each method's shares, changes and tests. */
    private static void hot(StringBuilder b, HotMethods.Section h) {
        b.append("    {\"kind\": ").append(str(h.kind())).append(", \"samples\": [");
        for (int i = 0; i < h.samples().size(); i++) {
            b.append(i == 0 ? "" : ", ").append(h.samples().get(i));
        }
        b.append("], \"methods\": [");
        for (int r = 0; r < h.rows().size(); r++) {
            HotMethods.Row row = h.rows().get(r);
            b.append(r == 0 ? "\n" : ",\n").append("      {\"method\": ").append(str(row.method())).append(", \"shares\": [");
            for (int i = 0; i < row.shares().size(); i++) {
                b.append(i == 0 ? "" : ", ").append(num(row.shares().get(i)));
            }
            b.append("], \"deltasPp\": [");
            for (int i = 0; i < row.deltasPp().size(); i++) {
                b.append(i == 0 ? "" : ", ").append(num(row.deltasPp().get(i)));
            }
            b.append("], \"tests\": [");
            for (int i = 0; i < row.tests().size(); i++) {
                Significance sig = row.tests().get(i);
                b.append(i == 0 ? "" : ", ").append(sig == null ? "null" : "{\"test\": " + str(sig.test()) + ", \"verdict\": "
                        + str(sig.verdict().name().toLowerCase(Locale.ROOT)) + ", \"p\": " + num(sig.pValue()) + "}");
            }
            b.append("]}");
        }
        b.append("]}");
    }

    /**
     * One configuration's summary as values: against which baseline, what the geometric mean is
     * of (the scores, else time elapsed) and its change, the metrics that moved better and
     * worse with their changes; and the line the table prints, as {@code text}.
     */
    private static void summary(StringBuilder b, Summary s) {
        b.append("    {\"label\": ").append(str(s.label())).append(", \"baseline\": ").append(str(s.baseline()))
                .append(", \"geomeanOf\": ").append(str(s.byScore() ? "score" : "time-elapsed"))
                .append(", \"geomeanDelta\": ").append(num(s.geomeanRatio()))
                .append(",\n      \"better\": ").append(moves(s.better()))
                .append(",\n      \"worse\": ").append(moves(s.worse()))
                .append(",\n      \"changed\": ").append(moves(s.changed()))
                .append(", \"more\": ").append(s.more());
        if (s.headline() != null) {
            Summary.Headline h = s.headline();
            b.append(",\n      \"headline\": {\"name\": ").append(str(h.metric().key())).append(", \"delta\": ").append(num(h.delta()))
                    .append(", \"verdict\": ").append(str(h.verdict().name().toLowerCase(Locale.ROOT)))
                    .append(", \"p\": ").append(num(h.test() == null ? Double.NaN : h.test().pValue()))
                    .append(", \"ciLow\": ").append(num(h.test() == null ? Double.NaN : h.test().ciLow()))
                    .append(", \"ciHigh\": ").append(num(h.test() == null ? Double.NaN : h.test().ciHigh()))
                    .append(", \"answer\": ").append(str(h.test() == null ? "none"
                            : h.test().judgement().answer().name().toLowerCase(Locale.ROOT))).append('}');
        }
        b.append(",\n      \"hot\": [");
        for (int i = 0; i < s.hot().size(); i++) {
            Summary.HotMove m = s.hot().get(i);
            b.append(i == 0 ? "" : ", ").append("{\"kind\": ").append(str(m.kind())).append(", \"method\": ")
                    .append(str(m.method())).append(", \"deltaPp\": ").append(num(m.deltaPp())).append('}');
        }
        b.append(']')
                .append(",\n      \"text\": ").append(str(SummaryText.of(s))).append('}');
    }

    private static String moves(List<Summary.Move> moves) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < moves.size(); i++) {
            Summary.Move m = moves.get(i);
            b.append(i == 0 ? "" : ", ").append("{\"name\": ").append(str(m.metric().key()))
                    .append(", \"label\": ").append(str(m.metric().label().trim()))
                    .append(", \"delta\": ").append(num(m.delta())).append('}');
        }
        return b.append(']').toString();
    }

    private static String num(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "null";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }

    static String str(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}

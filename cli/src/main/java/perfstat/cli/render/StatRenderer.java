package perfstat.cli.render;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import perfstat.cli.stats.CounterMetrics;
import perfstat.cli.stats.StatSummary;
import perfstat.cli.stats.Value;

/**
 * {@code perfstat stat}'s output in perf stat's three layouts: the text table (columns as
 * perf 6.1 sets them), {@code -x SEP} (perf's CSV columns) and {@code --json} (perf's keys,
 * one object per line). Interval rows ({@code -I}) carry the time in front, as perf's do.
 * A value that perf_event_open did not give carries its source: a {@code [source]} tag in
 * text, a {@code "source"} key in JSON, a {@code #} line after the CSV.
 */
public final class StatRenderer {
    public enum Layout { TEXT, CSV, JSON }

    private final Layout layout;
    private final String sep;

    public StatRenderer(Layout layout, String sep) {
        this.layout = layout;
        this.sep = sep;
    }

    public void render(StatSummary s, PrintWriter out) {
        switch (layout) {
            case TEXT -> text(s, out);
            case CSV -> {
                for (StatSummary.Line l : s.lines()) {
                    out.println(csv(l, s.runs() > 1));
                }
                for (StatSummary.ThreadLines t : s.perThread()) {
                    for (StatSummary.Line l : t.lines()) {
                        out.println(t.thread() + sep + csv(l, false));
                    }
                }
                for (StatSummary.ProbeLine p : s.probes()) {
                    probeRows(p).forEach(r -> out.println(csv(r, s.runs() > 1)));
                }
                java.util.stream.Stream.of(s.score() == null ? List.<StatSummary.Line>of() : List.of(s.score()), s.steady(),
                        s.perUnit()).flatMap(List::stream).forEach(l -> out.println(csv(scoreValue(l), l, s.runs() > 1)));
                for (String n : notes(s)) {
                    out.println("# " + n);
                }
            }
            case JSON -> {
                for (StatSummary.Line l : s.lines()) {
                    out.println(json(null, null, l, s.runs() > 1));
                }
                for (StatSummary.ThreadLines t : s.perThread()) {
                    for (StatSummary.Line l : t.lines()) {
                        out.println(json(null, t.thread(), l, false));
                    }
                }
                for (StatSummary.ProbeLine p : s.probes()) {
                    probeRows(p).forEach(r -> out.println(json(p, r, s.runs() > 1)));
                }
                if (s.score() != null) {
                    String line = json(null, null, s.score(), s.runs() > 1);
                    out.println(line.substring(0, line.length() - 1) + ", \"score\" : true}");
                }
                flagged(out, s.steady(), "steady", s.runs() > 1);
                flagged(out, s.perUnit(), "per-unit", s.runs() > 1);
                for (String pattern : s.unmatched()) {
                    out.println("{\"probe-pattern\" : " + JsonRenderer.str(pattern) + ", \"matched-methods\" : 0}");
                }
                for (String n : notes(s)) { // what the text's footer says: what a row leaves out, where it came from
                    out.println("{\"note\" : " + JsonRenderer.str(n) + "}");
                }
            }
        }
        out.flush();
    }

    /** The header perf prints once before interval rows (text only). */
    public void intervalHeader(PrintWriter out) {
        if (layout == Layout.TEXT) {
            out.println("#           time             counts unit events");
        }
    }

    /** One interval's rows, each led by the time since the window opened. */
    public void renderInterval(double seconds, List<StatSummary.Line> lines, PrintWriter out) {
        String t = String.format(Locale.ROOT, "%16.9f", seconds);
        for (StatSummary.Line l : lines) {
            switch (layout) {
                case TEXT -> out.println(stripRight(t + " " + textLine(l)));
                case CSV -> out.println(t + sep + csv(l, false));
                case JSON -> out.println(json(seconds, null, l, false));
            }
        }
        out.flush();
    }

    private void text(StatSummary s, PrintWriter out) {
        out.println();
        out.println(" Performance counter stats for '" + s.command() + "'" + (s.runs() > 1 ? " (" + s.runs() + " runs)" : "") + ":");
        out.println();
        for (StatSummary.Line l : s.lines()) {
            out.println(stripRight(textLine(l)));
        }
        for (StatSummary.ThreadLines t : s.perThread()) {
            out.println();
            for (StatSummary.Line l : t.lines()) {
                out.println(stripRight(String.format(Locale.ROOT, "%24s", t.thread()) + textLine(l)));
            }
        }
        if (!s.probes().isEmpty()) {
            out.println();
            for (StatSummary.ProbeLine p : s.probes()) {
                probeRows(p).forEach(r -> out.println(stripRight(textLine(r))));
            }
        }
        if (s.score() != null) {
            out.println();
            out.println(stripRight(textLine(s.score(), scoreValue(s.score()))));
            s.steady().forEach(l -> out.println(stripRight(textLine(l, scoreValue(l)))));
        }
        if (!s.perUnit().isEmpty()) {
            out.println();
            s.perUnit().forEach(l -> out.println(stripRight(textLine(shortUnit(l), scoreValue(l)))));
        }
        out.println();
        Value e = s.elapsedS();
        if (e.measured()) {
            if (s.runs() > 1 && !Double.isNaN(s.elapsedStderrS())) {
                out.println(String.format(Locale.ROOT, "%18.6f +- %.6f seconds time elapsed  ( +-%6.2f%% )",
                        e.value(), s.elapsedStderrS(), e.stderrPct()));
            } else {
                out.println(String.format(Locale.ROOT, "%18.9f seconds time elapsed", e.value()));
            }
            out.println();
        }
        if (!Double.isNaN(s.userS())) {
            out.println(String.format(Locale.ROOT, "%18.9f seconds user", s.userS()));
            out.println(String.format(Locale.ROOT, "%18.9f seconds sys", s.systemS()));
            out.println();
        }
        for (String n : notes(s)) {
            out.println(" # " + n);
        }
    }

    /**
     * The footer: what the task-clock row leaves out (where it does), then the command's notes (one per probe
     * pattern that matched nothing among them, with its hint).
     */
    private static List<String> notes(StatSummary s) {
        List<String> notes = new java.util.ArrayList<>();
        excluded(s).ifPresent(notes::add);
        notes.addAll(s.notes());
        return notes;
    }

    /** Where the task-clock row is the process less its observer threads: one line saying so, and how much. */
    private static java.util.Optional<String> excluded(StatSummary s) {
        StatSummary.Line observer = null;
        StatSummary.Line jit = null;
        StatSummary.Line transform = null;
        boolean whole = false;
        for (StatSummary.Line l : s.lines()) {
            whole |= l.event().equals(StatSummary.PROCESS);
            if (l.event().equals(perfstat.cli.stats.RoleRows.key(perfstat.format.ThreadRole.OBSERVER))) { // not its switches
                observer = l;
            }
            jit = l.event().equals(perfstat.cli.stats.RoleRows.JIT_OBSERVER) && l.value().measured() ? l : jit;
            transform = l.event().equals(perfstat.cli.stats.RoleRows.TRANSFORM) && l.value().measured() ? l : transform;
        }
        if (!whole || observer == null || !observer.value().measured()) {
            return java.util.Optional.empty();
        }
        String jitPart = jit == null ? "" : String.format(Locale.ROOT, " and the JIT's compiling of their code: %.2f ms"
                + " (the %s row, estimated from jdk.Compilation's share of compile time)", jit.value().value(),
                perfstat.cli.stats.RoleRows.JIT_OBSERVER);
        String transformPart = transform == null ? "" : String.format(Locale.ROOT, ", and perfstat's class transformation on"
                + " the application's threads: %.2f ms (the %s row, each thread's CPU clock)", transform.value().value(),
                perfstat.cli.stats.RoleRows.TRANSFORM);
        return java.util.Optional.of(String.format(Locale.ROOT, "task-clock excludes perfstat's and JFR's own threads: %.2f ms"
                + " (the observer row)%s%s; %s is the whole process", observer.value().value(), jitPart, transformPart,
                StatSummary.PROCESS));
    }

    /**
     * A probe's rows, as perf's lines: its calls (with their ± over runs), then p50, p99 and max in ns,
     * each with the timed calls it rests on where perf puts a derived metric.
     */
    static List<StatSummary.Line> probeRows(StatSummary.ProbeLine p) {
        List<StatSummary.Line> rows = new java.util.ArrayList<>();
        rows.add(new StatSummary.Line(p.name() + " calls", "", p.calls(), 0, 100, CounterMetrics.Derived.NONE, ""));
        if (p.timedCalls() == 0) {
            return rows;
        }
        int runs = p.calls().samples();
        // the percentiles rest on every run's timed calls together, while the calls row is a run's mean
        CounterMetrics.Derived timed = new CounterMetrics.Derived(p.timedCalls(), runs > 1 ? "timed calls in " + runs + " runs"
                : "timed calls");
        String[] stat = {"p50", "p99", "max"};
        double[] ns = {p.p50Ns(), p.p99Ns(), p.maxNs()};
        for (int i = 0; i < stat.length; i++) {
            Value v = new Value(ns[i], Value.Status.MEASURED, Double.NaN, 1);
            rows.add(new StatSummary.Line(p.name() + " " + stat[i], "ns", v, 0, 100, timed, ""));
        }
        return rows;
    }

    private static String json(StatSummary.ProbeLine p, StatSummary.Line l, boolean variance) {
        String line = json(null, null, l, variance && l.unit().isEmpty());
        return line.substring(0, line.length() - 1) + ", \"probe\" : " + JsonRenderer.str(p.method())
                + (l.unit().isEmpty() ? "" : ", \"timed-calls\" : " + p.timedCalls()) + "}";
    }

    /** A line per unit with the unit the text's column has room for: {@code ns} of {@code ns/write}, none of {@code /write}. */
    private static StatSummary.Line shortUnit(StatSummary.Line l) {
        int slash = l.unit().indexOf('/');
        return slash < 0 ? l : new StatSummary.Line(l.event(), l.unit().substring(0, slash), l.value(), l.runtimeNs(),
                l.runningPct(), l.derived(), l.source());
    }

    /** perf's text row: value (18), unit (5), event (33), then {@code # metric} and {@code ( +- x% )}. */
    private static String textLine(StatSummary.Line l) {
        return textLine(l, value(l, false));
    }

    /** Each line as JSON, marked {@code "FLAG" : true}. */
    private static void flagged(PrintWriter out, List<StatSummary.Line> lines, String flag, boolean many) {
        for (StatSummary.Line l : lines) {
            String line = json(null, null, l, many);
            out.println(line.substring(0, line.length() - 1) + ", \"" + flag + "\" : true}");
        }
    }

    /** A score's value: as many decimals as a score needs (it is no count), else perf's markers. */
    private static String scoreValue(StatSummary.Line l) {
        if (!l.value().measured()) {
            return value(l, false);
        }
        double v = l.value().value();
        return String.format(Locale.ROOT, Math.abs(v) >= 100 || v == 0 ? "%.2f" : "%.4g", v);
    }

    private static String textLine(StatSummary.Line l, String shown) {
        StringBuilder b = new StringBuilder();
        String sub = perfstat.cli.stats.RoleRows.textLabel(l.event()); // perf's indented sub-row, named as the table's
        String event = sub != null ? sub : l.event();
        // perf's unit column is five wide; a longer unit (a score's ms/op) keeps a space before the event
        b.append(String.format(Locale.ROOT, "%18s %-5s%s%-33s", shown, l.unit(), l.unit().length() >= 5 ? " " : "", event));
        if (l.event().length() >= 33) {
            b.append(' '); // a probe's long name: its comment still stands apart
        }
        if (l.value().measured()) {
            b.append(metric(l.derived()));
            if (l.value().samples() > 1 && l.value().stderrPct() > 0) {
                b.append(String.format(Locale.ROOT, "  ( +-%6.2f%% )", l.value().stderrPct()));
            }
            if (l.runningPct() < 99.995) {
                b.append(String.format(Locale.ROOT, "  (%.2f%%)", l.runningPct()));
            }
        }
        if (fallback(l)) {
            b.append("  [").append(l.source()).append(']');
        }
        return b.toString();
    }

    private static String metric(CounterMetrics.Derived d) {
        if (!d.present()) {
            return "";
        }
        if (d.unit().startsWith("%")) {
            return String.format(Locale.ROOT, "# %7.2f%% %-22s", d.value(), d.unit().substring(1).trim());
        }
        if (d.unit().startsWith("timed calls")) {
            return String.format(Locale.ROOT, "# %8.0f %-23s", d.value(), d.unit());
        }
        String pattern = d.unit().equals("insn per cycle") ? "# %8.2f  %-22s" : "# %8.3f %-23s";
        return String.format(Locale.ROOT, pattern, d.value(), d.unit());
    }

    private String csv(StatSummary.Line l, boolean variance) {
        return csv(value(l, true), l, variance);
    }

    private String csv(String shown, StatSummary.Line l, boolean variance) {
        StringBuilder b = new StringBuilder();
        b.append(shown).append(sep).append(l.unit()).append(sep).append(l.event()).append(sep);
        if (variance) {
            b.append(l.value().measured() && l.value().samples() > 1
                    ? String.format(Locale.ROOT, "%.2f%%", l.value().stderrPct()) : "").append(sep);
        }
        b.append(String.format(Locale.ROOT, "%.0f", l.runtimeNs())).append(sep)
                .append(String.format(Locale.ROOT, "%.2f", l.runningPct())).append(sep);
        if (l.value().measured() && l.derived().present()) {
            b.append(String.format(Locale.ROOT, "%.3f", l.derived().value())).append(sep)
                    .append(l.derived().unit().startsWith("%") ? l.derived().unit().substring(1).trim() : l.derived().unit());
        } else {
            b.append(sep);
        }
        return b.toString();
    }

    private static String json(Double time, String thread, StatSummary.Line l, boolean variance) {
        StringBuilder b = new StringBuilder("{");
        if (time != null) {
            b.append(String.format(Locale.ROOT, "\"interval\" : %.9f, ", time));
        }
        if (thread != null) {
            b.append("\"thread\" : ").append(JsonRenderer.str(thread)).append(", ");
        }
        String v = l.value().measured() && !perfstat.format.CounterSource.ticks(l.source())
                ? String.format(Locale.ROOT, "%.6f", l.value().value()) : value(l, true);
        b.append("\"counter-value\" : ").append(JsonRenderer.str(v))
                .append(", \"unit\" : ").append(JsonRenderer.str(l.unit()))
                .append(", \"event\" : ").append(JsonRenderer.str(l.event()));
        if (variance) {
            b.append(String.format(Locale.ROOT, ", \"variance\" : %.2f",
                    l.value().measured() && l.value().samples() > 1 ? l.value().stderrPct() : 0.0));
        }
        b.append(String.format(Locale.ROOT, ", \"event-runtime\" : %.0f, \"pcnt-running\" : %.2f", l.runtimeNs(), l.runningPct()));
        boolean m = l.value().measured() && l.derived().present();
        b.append(String.format(Locale.ROOT, ", \"metric-value\" : %.6f", m ? l.derived().value() : 0.0))
                .append(", \"metric-unit\" : ").append(JsonRenderer.str(m ? metricUnit(l.derived()) : ""));
        if (fallback(l)) {
            b.append(", \"source\" : ").append(JsonRenderer.str(l.source()));
        }
        return b.append('}').toString();
    }

    private static String metricUnit(CounterMetrics.Derived d) {
        return d.unit().startsWith("%") ? d.unit().substring(1).trim() : d.unit();
    }

    private static boolean fallback(StatSummary.Line l) {
        return l.value().status() != Value.Status.NOT_SUPPORTED && l.source() != null && !l.source().isEmpty()
                && !l.source().startsWith(perfstat.format.CounterSource.PERF_EVENT_OPEN);
    }

    /** The value as perf writes it: two decimals for msec, a whole count otherwise, or perf's markers. */
    private static String value(StatSummary.Line l, boolean csv) {
        return switch (l.value().status()) {
            // never more digits than the source has: msecs of 10 ms ticks are whole
            case MEASURED -> String.format(Locale.ROOT, l.unit().equals("msec") && !perfstat.format.CounterSource.ticks(l.source())
                    ? "%.2f" : "%.0f", l.value().value());
            case NOT_SUPPORTED -> Formats.NOT_SUPPORTED;
            case NOT_COUNTED -> Formats.NOT_COUNTED;
            case ABSENT -> csv ? "" : Formats.NOT_COUNTED;
            case NOT_PROBED -> Formats.NOT_PROBED;
        };
    }

    private static String stripRight(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}

package perfstat.cli.render;

import java.io.PrintWriter;
import java.util.Locale;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.Row;
import perfstat.cli.stats.Significance;
import perfstat.cli.stats.Spread;
import perfstat.cli.stats.Table;
import perfstat.cli.stats.Value;

/**
 * The table as CSV, one line per metric and configuration. The first columns are perf's
 * {@code -x} columns where the meaning is the same (value, unit, event, then perf's variance:
 * the standard error as a percentage of the mean); then perfstat's: the configuration, the
 * samples described, and the change from the baseline with its test.
 */
public final class CsvRenderer {
    static final String HEADER = "# value,unit,event,variance,configuration,n,median,sd,min,max,delta,p,verdict,ci_low,ci_high,probe,q,timed_calls,family,answer,level,status";

    private CsvRenderer() {
    }

    public static void render(Table t, PrintWriter out) {
        out.println(HEADER);
        lines(t, "", out);
        out.flush();
    }

    /** Several tables under one header; each line's configuration is {@code subject: label}. */
    static void renderAll(java.util.List<Table> tables, PrintWriter out) {
        out.println(HEADER);
        for (Table t : tables) {
            lines(t, t.subject() + ": ", out);
        }
        out.flush();
    }

    private static void lines(Table t, String prefix, PrintWriter out) {
        for (Row r : t.rows()) {
            for (int i = 0; i < t.columns().size(); i++) {
                Value v = r.values().get(i);
                Spread s = r.spreads().get(i);
                Significance sig = r.tests().get(i);
                StringBuilder b = new StringBuilder();
                b.append(Formats.value(v, r.metric().decimals())).append(',').append(csv(r.metric().unit())).append(',')
                        .append(csv(r.metric().key())).append(',')
                        .append(v.measured() && !Double.isNaN(v.stderrPct()) ? pct(v.stderrPct() / 100) : "").append(',')
                        .append(csv(prefix + t.columns().get(i))).append(',')
                        .append(s == null ? "" : s.n()).append(',')
                        .append(s == null ? "" : num(s.median())).append(',')
                        .append(s == null ? "" : num(s.sd())).append(',')
                        .append(s == null ? "" : num(s.min())).append(',')
                        .append(s == null ? "" : num(s.max())).append(',')
                        .append(i == 0 || Double.isNaN(r.deltas().get(i)) ? "" : pct(r.deltas().get(i))).append(',');
                if (sig != null) {
                    b.append(num(sig.pValue())).append(',').append(sig.verdict().name().toLowerCase(Locale.ROOT)).append(',')
                            .append(Double.isNaN(sig.ciLow()) ? "" : pct(sig.ciLow())).append(',')
                            .append(Double.isNaN(sig.ciHigh()) ? "" : pct(sig.ciHigh()));
                } else {
                    b.append(",,,");
                }
                // a probe's row: the probed method in full (package, class, method, an overload's parameter types)
                b.append(',').append(r.metric().kind() == MetricId.Kind.PROBE ? csv(r.metric().id().subject()) : "");
                // the adjusted p (Benjamini-Hochberg across the table), and for a percentile the timed calls of each recording
                b.append(',').append(num(r.qValues().get(i))).append(',');
                if (r.timedCalls().get(i) != null) {
                    b.append(String.join(";", r.timedCalls().get(i).stream().map(String::valueOf).toList()));
                }
                // the row's family, its answer against the threshold, and its interval's level
                boolean judged = sig != null && sig.judgement() != Significance.Judgement.NONE;
                b.append(',').append(judged ? sig.judgement().family().name().toLowerCase(Locale.ROOT) : "")
                        .append(',').append(judged ? sig.judgement().answer().name().toLowerCase(Locale.ROOT) : "")
                        .append(',').append(judged ? num(sig.confidence()) : "")
                        .append(',').append(r.status(i)); // derived: not counted, derived and scaled (task-clock from jdk.CPULoad)
                out.println(b);
            }
        }
        // hot methods: one line per method and configuration, as the metrics (share in %, change in pp)
        for (perfstat.cli.stats.HotMethods.Section h : t.hot()) {
            for (perfstat.cli.stats.HotMethods.Row r : h.rows()) {
                for (int i = 0; i < t.columns().size(); i++) {
                    Significance sig = r.tests().get(i);
                    double share = r.shares().get(i);
                    double pp = r.deltasPp().get(i);
                    out.println((Double.isNaN(share) ? Formats.NOT_COUNTED : String.format(Locale.ROOT, "%.4f", 100 * share))
                            + ",%," + csv("hot-" + h.kind()) + ",," + csv(prefix + t.columns().get(i)) + "," + h.samples().get(i)
                            + ",,,,," + (i == 0 || Double.isNaN(pp) ? "" : String.format(Locale.ROOT, "%+.4fpp", pp)) + ","
                            + (sig == null ? ",,," : num(sig.pValue()) + "," + sig.verdict().name().toLowerCase(Locale.ROOT) + ",,")
                            + "," + csv(r.method()) + ",,,,,,measured");
                }
            }
        }
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
    }

    private static String num(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.6g", d);
    }

    private static String csv(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}

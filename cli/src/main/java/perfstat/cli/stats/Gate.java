package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A gate for CI: which significant changes count as regressions. {@code METRIC:+5%} fails
 * when METRIC rises significantly by more than 5% ({@code -5%}: falls by more); a threshold
 * fails on any metric with a direction that got significantly worse by more than it. A change
 * that is not significant, or not decided, never fails the gate.
 */
public final class Gate {
    /** One {@code --fail-on} rule. */
    public record Rule(String metric, double limit) {
        /** Parses {@code METRIC:+5%}; throws IllegalArgumentException with a one-line message. */
        public static Rule parse(String text) {
            int colon = text.lastIndexOf(':');
            String pct = colon < 0 ? "" : text.substring(colon + 1).trim();
            if (colon <= 0 || !pct.matches("[+-][0-9]+(\\.[0-9]+)?%")) {
                throw new IllegalArgumentException("--fail-on wants METRIC:+N% or METRIC:-N% (e.g. score:-5%), not '" + text + "'");
            }
            return new Rule(text.substring(0, colon).trim(), Double.parseDouble(pct.substring(0, pct.length() - 1)) / 100);
        }

        boolean matches(Metric m) {
            String label = m.label().trim().toLowerCase(Locale.ROOT);
            String want = metric.toLowerCase(Locale.ROOT);
            return m.key().equalsIgnoreCase(metric) || label.equals(want) || label.startsWith(want + " ");
        }
    }

    /** Parses a threshold like {@code 5%}. */
    public static double parseThreshold(String text) {
        if (!text.trim().matches("[0-9]+(\\.[0-9]+)?%")) {
            throw new IllegalArgumentException("--threshold wants N% (e.g. 5%), not '" + text + "'");
        }
        String t = text.trim();
        return Double.parseDouble(t.substring(0, t.length() - 1)) / 100;
    }

    private Gate() {
    }

    /**
     * One regression the gate found.
     *
     * @param kind     which check it failed
     * @param metric   the metric that moved
     * @param column   the configuration it moved in
     * @param baseline the configuration it is compared with
     * @param delta    its relative change (0.1 is +10%)
     * @param pValue   the test's p
     * @param limit    the rule's limit (signed: +0.05 fails on rises beyond 5%), or the threshold (unsigned)
     */
    public record Violation(Kind kind, Metric metric, String column, String baseline, double delta, double pValue,
                            double limit) {
        public enum Kind {
            /** A {@code --fail-on} rule's: the metric moved beyond its limit, in its direction. */
            BEYOND_RULE,
            /** The {@code --threshold}'s: the metric got worse by more than it. */
            WORSE_THAN_THRESHOLD
        }
    }

    /** The regressions in {@code t}, in table order; empty when the gate passes. */
    public static List<Violation> violations(Table t, List<Rule> rules, double threshold) {
        List<Violation> out = new ArrayList<>();
        for (Row r : t.rows()) {
            for (int c = 1; c < t.columns().size(); c++) {
                Significance s = r.tests().get(c);
                double d = r.deltas().get(c);
                if (s == null || s.verdict() != Significance.Verdict.SIGNIFICANT || Double.isNaN(d)) {
                    continue;
                }
                String column = t.columns().get(c);
                String baseline = t.columns().get(0);
                for (Rule rule : rules) {
                    if (rule.matches(r.metric()) && (rule.limit() >= 0 ? d > rule.limit() : d < rule.limit())) {
                        out.add(new Violation(Violation.Kind.BEYOND_RULE, r.metric(), column, baseline, d, s.pValue(), rule.limit()));
                    }
                }
                boolean worse = r.metric().better() != Metric.Better.NEITHER
                        && (d > 0) != (r.metric().better() == Metric.Better.HIGHER);
                if (!Double.isNaN(threshold) && worse && Math.abs(d) > threshold) {
                    out.add(new Violation(Violation.Kind.WORSE_THAN_THRESHOLD, r.metric(), column, baseline, d, s.pValue(),
                            threshold));
                }
            }
        }
        return out;
    }
}

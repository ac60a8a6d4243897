package perfstat.cli.read;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import org.HdrHistogram.Histogram;
import perfstat.format.HistogramCodec;
import perfstat.cli.user.UserError;
import perfstat.format.Events;
import perfstat.format.Phase;

/**
 * The probes (perfstat.Probe, cumulative: the latest per probe wins) and the probe patterns
 * (perfstat.ProbePattern, the latest per pattern). A window opened on a running agent takes its
 * share: the totals as it closed less those as it opened, histograms bucket by bucket.
 */
final class ProbeCollector implements Collector {
    private final String name;
    private final Map<String, Totals> latest = new HashMap<>();
    // a window opened on a JVM that already ran the agent: totals as it opened and as it closed
    private final Map<String, Totals> windowStart = new HashMap<>();
    private final Map<String, Totals> windowEnd = new HashMap<>();
    /** The totals as the counters' window opened late (--delay, --from). */
    private final Map<String, Totals> lateStart = new HashMap<>();
    private final Map<String, Long> patterns = new LinkedHashMap<>(); // the latest per pattern
    private final Map<String, Hint> candidates = new HashMap<>();
    /** The installer's counts, cumulative: the largest seen. */
    private Installer installer = new Installer(0, 0, 0);
    /** The methods the agent did not probe (perfstat.NotProbed, format 11), by method: the latest wins. */
    private final Map<String, RunData.Unprobed> notProbed = new java.util.TreeMap<>();
    /** Errors suppressed inside probes, cumulative: the largest seen. */
    private long failures;

    /** One perfstat.Probe as read: every field the table uses, read while its handler runs (the histogram decoded later). */
    private record Totals(String probe, java.time.Instant end, long calls, long timed, String timing, long gap,
                          String histogram) {
    }

    /** The probe installer's counts (perfstat.ProbePattern, version 6; 0 before). */
    record Installer(long errors, long classesInvisible, long probesDropped) {
    }

    ProbeCollector(String name) {
        this.name = name;
    }

    @Override
    public void register(Handlers h) {
        h.on(Events.Probe.NAME, this::probe);
        h.on(Events.ProbePattern.NAME, this::pattern);
        h.on(Events.NotProbedMethod.NAME, this::notProbed);
    }

    private void notProbed(RecordedEvent e) {
        String method = e.getString(Events.NotProbedMethod.PROBE);
        if (method == null) {
            throw new NullPointerException(Events.NotProbedMethod.PROBE);
        }
        notProbed.put(method, new RunData.Unprobed(method, perfstat.format.NotProbed.parse(e.getString(Events.NotProbedMethod.REASON)),
                java.util.Objects.requireNonNullElse(e.getString(Events.NotProbedMethod.DETAIL), ""),
                java.util.Objects.requireNonNullElse(e.getString(Events.NotProbedMethod.PATTERN), "")));
    }

    /** The methods a pattern matched that the agent did not probe, by name. */
    List<RunData.Unprobed> notProbed() {
        return List.copyOf(notProbed.values());
    }

    private void pattern(RecordedEvent e) {
        String pattern = e.getString(Events.ProbePattern.PATTERN);
        long methods = e.getLong(Events.ProbePattern.METHODS);
        if (e.hasField(Events.ProbePattern.INSTALLER_ERRORS)) {
            Installer i = new Installer(e.getLong(Events.ProbePattern.INSTALLER_ERRORS),
                    e.getLong(Events.ProbePattern.CLASSES_INVISIBLE), e.getLong(Events.ProbePattern.PROBES_DROPPED));
            installer = new Installer(Math.max(i.errors(), installer.errors()),
                    Math.max(i.classesInvisible(), installer.classesInvisible()),
                    Math.max(i.probesDropped(), installer.probesDropped()));
        }
        patterns.merge(pattern, methods, Math::max);
        String hint = e.hasField(Events.ProbePattern.CANDIDATES) ? e.getString(Events.ProbePattern.CANDIDATES) : null;
        if (hint != null && !hint.isEmpty()) {
            Hint was = candidates.get(pattern);
            if (was == null || e.getEndTime().isAfter(was.at())) {
                candidates.put(pattern, new Hint(e.getEndTime(), List.of(hint.split(", "))));
            }
        }
    }

    /** A pattern's candidates (version 7) as of {@code at}: the latest wins. */
    private record Hint(java.time.Instant at, List<String> names) {
    }

    /** For each pattern that matched nothing, the loaded names nearest to it, as the agent found them at the end. */
    Map<String, List<String>> candidates() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        candidates.forEach((p, h) -> {
            if (patterns.getOrDefault(p, 0L) == 0) {
                out.put(p, h.names());
            }
        });
        return out;
    }

    private void probe(RecordedEvent e) {
        String phase = e.hasField(Events.Probe.PHASE) && e.getString(Events.Probe.PHASE) != null
                ? e.getString(Events.Probe.PHASE) : Phase.TOTALS;
        String probe = e.getString(Events.Probe.PROBE);
        if (probe == null) {
            throw new NullPointerException(Events.Probe.PROBE);
        }
        Totals t = new Totals(probe, e.getEndTime(), e.getLong(Events.Probe.CALLS), e.getLong(Events.Probe.TIMED_CALLS),
                e.getString(Events.Probe.TIMING), e.getLong(Events.Probe.SAMPLE_MEAN_GAP), e.getString(Events.Probe.HISTOGRAM));
        if (e.hasField(Events.Probe.FAILURES)) {
            failures = Math.max(failures, e.getLong(Events.Probe.FAILURES));
        }
        switch (phase) {
            case Phase.WINDOW_START -> windowStart.put(probe, t);
            case Phase.WINDOW_END -> windowEnd.put(probe, t);
            case Phase.LATE_START -> lateStart.put(probe, t);
            default -> latest.merge(probe, t, (a, b) -> b.end().isBefore(a.end()) ? a : b);
        }
    }

    /** Whether the recording holds the totals as a window closed. */
    boolean hasWindowEnd() {
        return !windowEnd.isEmpty();
    }

    /**
     * Each probe's totals by name: the recording's, its window's share ({@code window}), or its share from the late
     * opening on ({@code late}: a probe not called before the opening has no totals then, and counts whole).
     */
    SortedMap<String, RunData.Probe> probes(boolean window, boolean late) {
        TreeMap<String, RunData.Probe> probes = new TreeMap<>();
        for (Totals e : (window ? windowEnd : latest).values()) {
            if (notProbed.containsKey(e.probe()) && e.calls() == 0) {
                continue; // given a probe, then its class could not be rewritten: a method not probed, not one never called
            }
            Histogram h = histogram(e);
            long calls = e.calls();
            long timed = e.timed();
            Totals before = window ? windowStart.get(e.probe()) : late ? lateStart.get(e.probe()) : null;
            if (before != null) {
                // the window's share: totals as it closed less totals as it opened
                h = h.copy();
                h.subtract(histogram(before));
                calls -= before.calls();
                timed -= before.timed();
            }
            probes.put(e.probe(), new RunData.Probe(e.probe(), calls, timed, e.timing(), e.gap(), h));
        }
        return probes;
    }

    /** Each pattern as given and how many methods it matched by the end. */
    Map<String, Long> patterns() {
        return Collections.unmodifiableMap(patterns);
    }

    /** The probe installer's counts since the agent started. */
    Installer installer() {
        return installer;
    }

    /** Errors suppressed inside probes since the agent started. */
    long failures() {
        return failures;
    }

    private Histogram histogram(Totals e) {
        try {
            return HistogramCodec.decode(e.histogram());
        } catch (IllegalArgumentException | NullPointerException ex) {
            throw UserError.data(name + ": the histogram of probe " + e.probe() + " does not decode", ex);
        }
    }
}

package perfstat.cli.read;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import org.HdrHistogram.Histogram;
import perfstat.agent.events.HistogramCodec;
import perfstat.cli.UserError;
import perfstat.format.Events;
import perfstat.format.Phase;

/**
 * The probes (perfstat.Probe, cumulative: the latest per probe wins) and the probe patterns
 * (perfstat.ProbePattern, the latest per pattern). A window opened on a running agent takes its
 * share: the totals as it closed less those as it opened, histograms bucket by bucket.
 */
final class ProbeCollector implements Collector {
    private final String name;
    private final Map<String, RecordedEvent> latest = new HashMap<>();
    // a window opened on a JVM that already ran the agent: totals as it opened and as it closed
    private final Map<String, RecordedEvent> windowStart = new HashMap<>();
    private final Map<String, RecordedEvent> windowEnd = new HashMap<>();
    private final Map<String, Long> patterns = new LinkedHashMap<>(); // the latest per pattern

    ProbeCollector(String name) {
        this.name = name;
    }

    @Override
    public void register(Handlers h) {
        h.on(Events.Probe.NAME, this::probe);
        h.on(Events.ProbePattern.NAME, e -> patterns.merge(e.getString(Events.ProbePattern.PATTERN),
                e.getLong(Events.ProbePattern.METHODS), Math::max));
    }

    private void probe(RecordedEvent e) {
        String phase = e.hasField(Events.Probe.PHASE) && e.getString(Events.Probe.PHASE) != null
                ? e.getString(Events.Probe.PHASE) : Phase.TOTALS;
        String probe = e.getString(Events.Probe.PROBE);
        switch (phase) {
            case Phase.WINDOW_START -> windowStart.put(probe, e);
            case Phase.WINDOW_END -> windowEnd.put(probe, e);
            default -> latest.merge(probe, e, (a, b) -> b.getEndTime().isBefore(a.getEndTime()) ? a : b);
        }
    }

    /** Whether the recording holds the totals as a window closed. */
    boolean hasWindowEnd() {
        return !windowEnd.isEmpty();
    }

    /** Each probe's totals by name: the recording's, or its window's share ({@code window}). */
    SortedMap<String, RunData.Probe> probes(boolean window) {
        TreeMap<String, RunData.Probe> probes = new TreeMap<>();
        for (RecordedEvent e : (window ? windowEnd : latest).values()) {
            String probe = e.getString(Events.Probe.PROBE);
            Histogram h = histogram(e);
            long calls = e.getLong(Events.Probe.CALLS);
            long timed = e.getLong(Events.Probe.TIMED_CALLS);
            RecordedEvent before = window ? windowStart.get(probe) : null;
            if (before != null) {
                // the window's share: totals as it closed less totals as it opened
                h = h.copy();
                h.subtract(histogram(before));
                calls -= before.getLong(Events.Probe.CALLS);
                timed -= before.getLong(Events.Probe.TIMED_CALLS);
            }
            probes.put(probe, new RunData.Probe(probe, calls, timed, e.getString(Events.Probe.TIMING),
                    e.getLong(Events.Probe.SAMPLE_MEAN_GAP), h));
        }
        return probes;
    }

    /** Each pattern as given and how many methods it matched by the end. */
    Map<String, Long> patterns() {
        return Collections.unmodifiableMap(patterns);
    }

    private Histogram histogram(RecordedEvent e) {
        try {
            return HistogramCodec.decode(e.getString(Events.Probe.HISTOGRAM));
        } catch (IllegalArgumentException | NullPointerException ex) {
            throw UserError.data(name + ": the histogram of probe " + e.getString(Events.Probe.PROBE) + " does not decode", ex);
        }
    }
}

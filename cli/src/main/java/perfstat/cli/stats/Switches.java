package perfstat.cli.stats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import perfstat.cli.read.RunData;

/**
 * What the recordings show where a side's runs change level ({@code --iteration}: the agent's iterations carry their
 * instants): at each change between two of a run's segments ({@link SteadyState}), the compilations that ended, the
 * deoptimisations and the GCs from the start of the iteration two before the change to the end of the first iteration
 * after it. A compilation's code runs from its end, so one that ended just before a faster level is its likely cause;
 * a deoptimisation before a slower one. It says what coincides, not what caused it.
 */
public final class Switches {
    /** Iterations before the change whose span counts, besides the first one after it. */
    static final int BEFORE = 2;

    private Switches() {
    }

    /**
     * One side's changes of level.
     *
     * @param column     the side
     * @param switches   changes of level over its runs
     * @param faster     those to a faster level
     * @param compiled   those with a compilation ending near them
     * @param deoptimized those with a deoptimisation near them
     * @param gcs        those with a GC near them
     * @param nothing    those with none of these
     * @param methods    the methods most often compiled near a change, each with how many changes it was near
     * @param compiledAnywherePct of every such span of iterations in the runs, change or not, the share with a
     *                   compilation ending in it: what chance alone gives
     * @param gcAnywherePct the same for a GC
     */
    public record Side(String column, int switches, int faster, int compiled, int deoptimized, int gcs, int nothing,
                       Map<String, Integer> methods, double compiledAnywherePct, double gcAnywherePct) {
        public Side {
            methods = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(methods));
        }
    }

    /** The side's changes of level, or null where none of its runs has the agent's iterations with a change. */
    static Side side(List<RunData> runs, String column) {
        int switches = 0;
        int faster = 0;
        int compiled = 0;
        int deoptimized = 0;
        int gcs = 0;
        int nothing = 0;
        Map<String, Integer> methods = new LinkedHashMap<>();
        long spans = 0;
        long spansCompiled = 0;
        long spansGc = 0;
        for (RunData r : runs) {
            RunData.ProgramScore p = r.programScore();
            if (p == null || p.series() == null || p.series().size() < 2) {
                continue;
            }
            RunData.IterationSeries s = p.series();
            for (int k = 1; k < s.size(); k++) { // chance: every span, change or not
                java.util.Set<RunData.Moment.Kind> kinds = near(s, k, null);
                spans++;
                spansCompiled += kinds.contains(RunData.Moment.Kind.COMPILED) ? 1 : 0;
                spansGc += kinds.contains(RunData.Moment.Kind.GC) ? 1 : 0;
            }
            List<SteadyState.Segment> segs = Iterations.steadyState(p).segments();
            for (int j = 0; j + 1 < segs.size(); j++) {
                java.util.Set<String> near = new java.util.LinkedHashSet<>();
                java.util.Set<RunData.Moment.Kind> kinds = near(s, segs.get(j + 1).from(), near);
                switches++;
                faster += segs.get(j + 1).median() < segs.get(j).median() ? 1 : 0;
                compiled += kinds.contains(RunData.Moment.Kind.COMPILED) ? 1 : 0;
                deoptimized += kinds.contains(RunData.Moment.Kind.DEOPTIMIZED) ? 1 : 0;
                gcs += kinds.contains(RunData.Moment.Kind.GC) ? 1 : 0;
                nothing += kinds.isEmpty() ? 1 : 0;
                near.forEach(n -> methods.merge(n, 1, Integer::sum));
            }
        }
        if (switches == 0) {
            return null;
        }
        Map<String, Integer> top = new LinkedHashMap<>();
        methods.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(3)
                .forEach(e -> top.put(e.getKey(), e.getValue()));
        return new Side(column, switches, faster, compiled, deoptimized, gcs, nothing, top, 100.0 * spansCompiled / spans,
                100.0 * spansGc / spans);
    }

    /**
     * The kinds of moment in the span of the change before iteration {@code k}; the methods compiled there into {@code
     * compiled}, where not null. The moments are in order of their start: the scan begins a second before the span, so
     * that a GC that began before it and lasted into it is seen (one longer than a second is not).
     */
    private static java.util.Set<RunData.Moment.Kind> near(RunData.IterationSeries s, int k, java.util.Set<String> compiled) {
        Instant from = s.ends()[Math.max(0, k - BEFORE)].minusNanos(s.wallNs()[Math.max(0, k - BEFORE)]);
        Instant to = s.ends()[Math.min(s.size() - 1, k)];
        List<RunData.Moment> ms = s.moments();
        int lo = 0;
        int hi = ms.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ms.get(mid).at().isBefore(from.minusSeconds(1))) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        java.util.Set<RunData.Moment.Kind> kinds = java.util.EnumSet.noneOf(RunData.Moment.Kind.class);
        for (int i = lo; i < ms.size() && !ms.get(i).at().isAfter(to); i++) {
            RunData.Moment m = ms.get(i);
            if (m.until().isBefore(from)) {
                continue;
            }
            kinds.add(m.kind());
            if (compiled != null && m.kind() == RunData.Moment.Kind.COMPILED) {
                compiled.add(m.what() + (m.detail().isEmpty() ? "" : " (" + m.detail() + ")"));
            }
        }
        return kinds;
    }

    /** Each side's changes of level, where its runs have the agent's iterations. */
    public static List<Note> notes(List<List<RunData>> columns, List<String> labels) {
        List<Note> out = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            Side s = side(columns.get(c), labels.get(c));
            if (s != null) {
                out.add(new Note.LevelChanges(s));
            }
        }
        return out;
    }
}

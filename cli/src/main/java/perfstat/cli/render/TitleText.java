package perfstat.cli.render;

import perfstat.cli.user.Durations;
import perfstat.cli.stats.Title;

/** The table's heading in words, shared by every renderer: perf's {@code Performance counter stats for 'X'}, with how the workload ran. */
final class TitleText {
    private TitleText() {
    }

    static String of(Title t) {
        Title.Workload w = t.workload();
        if (w == null) {
            String runs = runs(t);
            return "Performance counter stats for '" + t.subject() + "'" + (runs.isEmpty() ? "" : " (" + runs + ")");
        }
        String unit = w.simulated() ? (w.threads() == 1 ? " task" : " tasks") : (w.threads() == 1 ? " thread" : " threads");
        return "Performance counter stats for '" + t.subject() + "' (" + w.threads() + unit + ", "
                + (w.simulated() ? "simulated" : w.fixedWork() ? "fixed work" : Durations.format(w.duration()))
                + (runs(t).isEmpty() ? "" : ", " + runs(t)) + ")";
    }

    /** {@code 5 runs each}, {@code 3 | 6 runs} where the configurations have different numbers; "" for one run each. */
    static String runs(Title t) {
        if (!t.evenRuns()) {
            return t.runs().stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" | ")) + " runs";
        }
        int n = t.runs().get(0);
        return n > 1 ? n + " runs each" : "";
    }
}

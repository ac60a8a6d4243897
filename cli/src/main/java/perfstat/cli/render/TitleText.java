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
            return "Performance counter stats for '" + t.subject() + "'" + (t.runs() > 1 ? " (" + t.runs() + " runs each)" : "");
        }
        String unit = w.simulated() ? (w.threads() == 1 ? " task" : " tasks") : (w.threads() == 1 ? " thread" : " threads");
        return "Performance counter stats for '" + t.subject() + "' (" + w.threads() + unit + ", "
                + (w.simulated() ? "simulated" : w.fixedWork() ? "fixed work" : Durations.format(w.duration()))
                + (t.runs() > 1 ? ", " + t.runs() + " runs each" : "") + ")";
    }
}

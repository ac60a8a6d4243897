package perfstat.cli.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import perfstat.cli.read.RunData;

/**
 * The notes on what the runs ran under (format 10): the machine's other processes where a run shared it, and the
 * counters' window where it opened late or never opened. One place for report, diff, compare and stat.
 */
public final class ConditionNotes {
    /** The other processes' CPU, in CPUs, from which a run is named as sharing the machine. */
    static final double BUSY_CPUS = 0.25;
    /** How many times its side's other runs' median a run's run-queue wait per ms of CPU must be, to be named. */
    static final double WAIT_TIMES = 2;
    /** And at least this much wait per ms of CPU. */
    static final double WAIT_PER_CPU = 0.5;

    /** How much more than its side's other runs (the median of the rest, in CPUs, and twice it) a run's neighbours used. */
    static final double APART_CPUS = 0.25;

    private ConditionNotes() {
    }

    /** Each column's notes: its runs that shared the machine, what of the machine could not be read, its late windows. */
    public static List<Note> of(List<List<RunData>> columns, List<String> labels) {
        List<Note> notes = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            String label = labels.get(c);
            List<RunData> runs = columns.get(c);
            notes.addAll(shared(runs, columns.size() == 1 && runs.size() == 1 ? null : label));
            runs.stream().map(r -> r.machine().note()).filter(n -> !n.isEmpty()).findFirst()
                    .ifPresent(n -> notes.add(new Note.MachineUnread(label, n)));
            for (int i = 1; i < runs.size(); i++) { // the first run's window note is the column's (Measurements.notes)
                RunData.LateWindow w = runs.get(i).lateWindow();
                if (w != null && !w.opened()) {
                    notes.add(lateWindow(runs.get(i), label, i + 1));
                }
            }
        }
        return notes;
    }

    /** The runs of one column that shared the machine ({@code label} null: a table of one run). */
    static List<Note> shared(List<RunData> runs, String label) {
        double[] o = runs.stream().mapToDouble(r -> r.machine().otherCpus()).toArray();
        int cpus = runs.stream().mapToInt(r -> r.machine().cpus()).max().orElse(-1);
        if (Arrays.stream(o).allMatch(Double::isNaN)) {
            return List.of();
        }
        if (o.length == 1) {
            return o[0] >= BUSY_CPUS ? List.of(new Note.SharedMachine(label, 0, o[0], cpus)) : List.of();
        }
        List<Note> out = new ArrayList<>();
        double all = median(o, -1);
        if (all >= BUSY_CPUS) {
            int busy = (int) Arrays.stream(o).filter(x -> x >= BUSY_CPUS).count();
            out.add(new Note.SharedMachine(label, -1, all, cpus, busy, o.length));
        }
        double[] w = runs.stream().mapToDouble(ConditionNotes::waitPerCpu).toArray();
        for (int i = 0; i < o.length; i++) {
            double rest = median(o, i);
            double waitRest = median(w, i);
            if (o[i] >= BUSY_CPUS && o[i] - rest >= APART_CPUS && o[i] >= 2 * rest) {
                out.add(new Note.SharedMachine(label, i + 1, o[i], cpus));
            } else if (w[i] >= WAIT_PER_CPU && w[i] >= WAIT_TIMES * waitRest && waitRest > 0) {
                out.add(new Note.WaitedForCpu(label, i + 1, w[i], waitRest, o[i], cpus));
            }
        }
        return out;
    }

    /** A run's threads' run-queue wait per unit of its task-clock (the whole process's); NaN where either is unknown. */
    static double waitPerCpu(RunData r) {
        long wait = r.machine().runQueueWaitNs();
        double cpu = r.perfCounters().stream().filter(c -> c.counted() && perfstat.format.PerfEvent.TASK_CLOCK.is(c.event()))
                .mapToDouble(RunData.PerfCounter::scaled).findFirst().orElse(Double.NaN);
        return wait < 0 || !(cpu > 0) ? Double.NaN : wait / cpu;
    }

    /** The median of {@code xs} without index {@code leaveOut} (-1: none), NaNs left out; NaN where none is left. */
    static double median(double[] xs, int leaveOut) {
        double[] v = new double[xs.length];
        int n = 0;
        for (int i = 0; i < xs.length; i++) {
            if (i != leaveOut && !Double.isNaN(xs[i])) {
                v[n++] = xs[i];
            }
        }
        if (n == 0) {
            return Double.NaN;
        }
        Arrays.sort(v, 0, n);
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** The note of a run's late window: where it opened, or that it never did. */
    public static Note.LateWindow lateWindow(RunData run, String label, int index) {
        RunData.LateWindow w = run.lateWindow();
        return new Note.LateWindow(label, index, w.trigger(), w.target(), w.opened() ? w.openedAfterNs() / 1e6 : Double.NaN,
                run.result() != null);
    }

    /** How busy the machine was over {@code runs} (their means), for stat, which has no rows for it; null where not recorded. */
    public static Note.MachineLoad load(List<RunData> runs, String label) {
        List<RunData.Machine> ms = runs.stream().map(RunData::machine).filter(RunData.Machine::recorded).toList();
        if (ms.isEmpty()) {
            return null;
        }
        double others = ms.stream().mapToDouble(RunData.Machine::otherCpus).average().orElse(Double.NaN);
        double steal = ms.stream().mapToLong(m -> Math.max(0, m.stealNs())).average().orElse(0) / 1e6;
        boolean waits = ms.stream().allMatch(m -> m.runQueueWaitNs() >= 0);
        boolean freq = ms.stream().allMatch(m -> m.cpuFreqKhz() > 0);
        return new Note.MachineLoad(label, others, ms.get(0).cpus(), steal,
                waits ? ms.stream().mapToLong(RunData.Machine::runQueueWaitNs).average().orElse(0) / 1e6 : Double.NaN,
                freq ? ms.stream().mapToLong(RunData.Machine::cpuFreqKhz).average().orElse(0) / 1e3 : Double.NaN);
    }
}

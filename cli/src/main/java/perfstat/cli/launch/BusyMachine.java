package perfstat.cli.launch;

import java.util.Locale;
import perfstat.agent.counters.MachineLoad;

/**
 * Before a comparison starts its runs: how busy the machine is already, from {@code /proc/stat} over a short look (the
 * other processes' CPU, perfstat's own left out), so that a user whose runs will share the machine hears it first.
 */
public final class BusyMachine {
    /** How long the look lasts. */
    public static final long LOOK_MS = 500;
    /** The other processes' CPU, in CPUs, from which the machine counts as busy. */
    public static final double BUSY_CPUS = 0.5;

    private BusyMachine() {
    }

    /** The other processes' CPU over the next {@link #LOOK_MS}, in CPUs; NaN where /proc/stat cannot be read. */
    public static double otherCpus() {
        long t0 = System.nanoTime(); // before the first read and after the last: the ticks' span is inside it
        MachineLoad m = new MachineLoad();
        try {
            Thread.sleep(LOOK_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        }
        MachineLoad.Reading r = m.read();
        long ns = System.nanoTime() - t0;
        // /proc/stat counts in 10 ms ticks: over half a second, a few ticks either way; never more than the machine has
        return r.othersNs() < 0 ? Double.NaN : Math.min(Runtime.getRuntime().availableProcessors(), r.othersNs() / (double) ns);
    }

    /** The warning for {@code otherCpus} of the machine's {@code cpus}, or null where the machine is not busy. */
    public static String warning(String command, double otherCpus, int cpus) {
        if (!(otherCpus >= BUSY_CPUS)) {
            return null;
        }
        return String.format(Locale.ROOT, "perfstat %s: the machine is busy before the runs start: %.2f of %d CPUs used by"
                + " other processes over %d ms; the runs will share it, and their tables name the runs that shared it most",
                command, otherCpus, cpus, LOOK_MS);
    }
}

package perfstat.cli.command;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import perfstat.cli.user.UserError;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.Calibration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code perfstat calibrate DIR}: how perfstat's verdicts behave on your runs of one configuration. Drawn into two sides,
 * the runs should show no change (A/A); with one side's primary measure scaled by 1%, 3%, 5%, 10%, they should find it.
 * The figures say how far to trust a comparison of this program on this machine, and how many runs it needs.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, description = {
        "How perfstat's verdicts behave on recordings of ONE configuration (e.g. perfstat stat -r 20 -o d/r.jfr -- java …):"
                + " A/A splits (how often a table shows a change that is not there), the gate's errors across the looks of a"
                + " comparison run until decided, and power (how often a known change of the primary measure is found)."})
public final class CalibrateCommand implements Callable<Integer> {
    /** The line of {@link #smallestFound} at each runs-a-side. */
    private String smallestLine(Calibration.Runs r, List<Integer> runs) {
        StringBuilder smallest = new StringBuilder("The smallest rise of the primary measure found 4 times in 5 (80% power):");
        for (int k : runs) {
            double c = smallestFound(r, k, trials, seed);
            smallest.append(String.format(Locale.ROOT, "  %d runs a side %s", k,
                    Double.isNaN(c) ? "none up to +200%" : String.format(Locale.ROOT, "+%.0f%%", 100 * c)));
        }
        return smallest.toString();
    }

    /**
     * The smallest rise of the primary measure that {@code k} runs a side find at least 80% of the time (bisected on the
     * log of the change, each try on the same draws), to a percent; NaN where not even +200% is.
     */
    static double smallestFound(Calibration.Runs r, int k, int trials, long seed) {
        java.util.function.DoublePredicate found = c -> Calibration.power(r, k, c, trials, new Random(seed), 0.05).found()
                >= 0.8 * trials;
        double low = 0.001;
        double high = 2.0;
        if (!found.test(high)) {
            return Double.NaN;
        }
        while (high - low > 0.005) {
            double mid = Math.sqrt(low * high);
            if (found.test(mid)) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RECORDINGS", description = "Recordings, or directories of them, of one configuration.")
    List<String> names;

    @Option(names = "--runs", split = ",", defaultValue = "3,5,10", paramLabel = "K,K",
            description = "Runs a side to try (default: ${DEFAULT-VALUE}; at most half the recordings).")
    List<Integer> runs;

    @Option(names = "--trials", defaultValue = "200", paramLabel = "N", description = "Draws of each kind (default: ${DEFAULT-VALUE}).")
    int trials;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Seed of the draws (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--whole-run", description = "Judge the whole run (time elapsed) even where the recordings have a score or"
            + " iterations: the whole-process answer beside the steady state's, on the same runs.")
    boolean wholeRun;

    /**
     * Refuses recordings of more than one configuration, as far as the recordings tell: other programs or workloads, or a
     * score in some and not in others (the primary measure would change with the draw).
     */
    private static void oneConfiguration(List<RunData> runs) {
        java.util.Set<String> what = new java.util.LinkedHashSet<>();
        for (RunData r : runs) {
            what.add(r.workload() == null ? r.program() : r.workload().workload() + " " + r.label());
        }
        if (what.size() > 1) {
            throw UserError.usage("calibrate wants recordings of one configuration; these ran " + String.join(", ", what));
        }
        long scored = runs.stream().filter(r -> r.result() != null || r.programScore() != null).count();
        if (scored > 0 && scored < runs.size()) {
            throw UserError.usage("calibrate wants recordings of one configuration; " + scored + " of the " + runs.size()
                    + " have a score, the others none");
        }
    }

    @Override
    public Integer call() {
        if (trials < 1) {
            throw UserError.usage("--trials must be at least 1, not " + trials);
        }
        List<RunData> read = new ArrayList<>();
        for (String name : names) {
            for (Path p : RecordingReader.recordings(name)) {
                read.add(RecordingReader.read(p.toString()));
            }
        }
        if (read.size() < 4) {
            throw UserError.usage("calibrate needs at least 4 recordings of one configuration, not " + read.size());
        }
        for (int k : runs) {
            if (k < 2) {
                throw UserError.usage("--runs wants 2 or more runs a side, not " + k);
            }
        }
        oneConfiguration(read);
        Calibration.Runs r = wholeRun ? Calibration.Runs.of(read).wholeRun() : Calibration.Runs.of(read);
        PrintWriter out = spec.commandLine().getOut();
        List<Integer> fit = runs.stream().filter(k -> 2 * k <= read.size()).toList();
        if (fit.isEmpty()) {
            throw UserError.usage("--runs " + runs.get(0) + " needs " + 2 * runs.get(0) + " recordings (two sides), not " + read.size());
        }
        if (fit.size() < runs.size()) {
            spec.commandLine().getErr().printf("perfstat calibrate: %s runs a side left out: %d recordings make two sides of %d at"
                    + " most%n", runs.stream().filter(k -> !fit.contains(k)).map(String::valueOf).toList(), read.size(), read.size() / 2);
        }
        runs = fit;
        Random rnd = new Random(seed);
        out.printf(Locale.ROOT, "%d recordings, %d rows each; primary measure: %s%n", r.size(), r.metrics().size(),
                r.primary().label().trim());
        out.println("A/A (two sides drawn from the same runs), tables with any change shown in the program's rows, and in the"
                + " machine's (context: each row on its own at 5%):");
        for (int k : runs) {
            Calibration.AaResult a = Calibration.aa(r, k, trials, rnd, 0.05);
            out.printf(Locale.ROOT, "  %2d runs a side: %5.1f%% with the families, %5.1f%% with every row at its own p;"
                    + " the machine's rows %5.1f%% (%d tables)%n", k, 100.0 * a.withFamilies() / a.tables(),
                    100.0 * a.withoutFamilies() / a.tables(), 100.0 * a.context() / a.tables(), a.tables());
        }
        Calibration.Looks l = Calibration.sequential(r, 0.05, trials, rnd, 0.05);
        out.printf(Locale.ROOT, "Runs until decided (looks at 5, 10, 20, runs drawn with replacement): primary falsely changed %.1f%%,"
                + " a +5%% rule on it falsely beyond when the change is exactly +5%%: %.1f%%; %.1f runs a side on average (%d trials)%n",
                100.0 * l.falselyChanged() / l.trials(), 100.0 * l.falselyBeyond() / l.trials(), l.meanRuns(), l.trials());
        out.println("Power: a known change of the primary measure found (in its direction):");
        for (int k : runs) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %2d runs a side:", k));
            for (double change : new double[] {0.01, 0.03, 0.05, 0.10}) {
                Calibration.Power p = Calibration.power(r, k, change, trials, rnd, 0.05);
                line.append(String.format(Locale.ROOT, "  %+.0f%% %5.1f%%", 100 * change, 100.0 * p.found() / p.trials()));
            }
            out.println(line);
        }
        out.println(smallestLine(r, runs));
        out.flush();
        return 0;
    }
}

package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RecordingReader;

/**
 * The calibration of docs/statistics.md replayed on committed recordings, so that it cannot rot silently: 12 runs of one
 * configuration of a third-party program (Gson 2.13.2 round trips, bench/calibration/GsonRoundTrips.java, recorded with
 * {@code perfstat stat -r 12}; make.sh beside them records them again). Drawn into two sides they must show no change
 * but rarely; with one side's primary measure scaled by a known amount the change must be found.
 */
class CalibrationTest {
    private static Calibration.Runs runs;

    @BeforeAll
    static void read() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("src/test/resources/calibration"))) {
            runs = Calibration.Runs.of(s.filter(p -> p.toString().endsWith(".jfr")).sorted()
                    .map(p -> RecordingReader.read(p.toString())).toList());
        }
    }

    @Test
    void theRecordingsAreOneConfigurationOfAThirdPartyProgram() {
        assertThat(runs.size()).isEqualTo(12);
        assertThat(runs.primary().kind()).isEqualTo(MetricId.Kind.TIME); // no score: time elapsed is the primary
        assertThat(runs.metrics().size()).isGreaterThan(15);
    }

    /** A/A at 6 runs a side: with the families few tables show any change; every row at its own p, many would. */
    @Test
    void anAaTableRarelyShowsAChangeWithTheFamilies() {
        Calibration.AaResult aa = Calibration.aa(runs, 6, 200, new Random(1), 0.05);
        assertThat((double) aa.withFamilies() / aa.tables()).isLessThanOrEqualTo(0.10);
        assertThat(aa.withoutFamilies()).isGreaterThan(aa.withFamilies()); // the families are what keeps it down
    }

    /**
     * The machine's rows are context, each judged on its own at α: with ten of them, an A/A draw often shows a change in
     * one (the runs' conditions differ by chance), and that is not counted as a change of the program. Runs of noise:
     * time elapsed and ten machine rows.
     */
    @Test
    void aChangeInTheMachinesRowsIsCountedApartFromTheProgramsRows() {
        Metric time = new Metric("time-elapsed", "time elapsed", "msecs", MetricId.Kind.TIME, 2, Metric.Better.LOWER);
        List<Metric> metrics = new java.util.ArrayList<>(List.of(time));
        for (int m = 0; m < 10; m++) {
            metrics.add(new Metric("machine:row" + m, "machine row " + m, "CPUs", MetricId.Kind.MACHINE, 3, Metric.Better.LOWER));
        }
        Random noise = new Random(3);
        List<java.util.Map<MetricId, Double>> values = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            java.util.Map<MetricId, Double> v = new java.util.HashMap<>();
            for (Metric m : metrics) {
                v.put(m.id(), 1000 + 10 * noise.nextGaussian());
            }
            values.add(v);
        }
        Calibration.AaResult aa = Calibration.aa(new Calibration.Runs(metrics, values), 6, 200, new Random(4), 0.05);
        assertThat((double) aa.context() / aa.tables()).isGreaterThan(0.2);
        assertThat((double) aa.withFamilies() / aa.tables()).isLessThanOrEqualTo(0.10);
    }

    /**
     * A known change is found more often the larger it is: this program's time elapsed varies by about 11% from run to
     * run (JVMs settle into a fast and a slow kind), so at 6 runs a side a 5% change is rarely found and 30% mostly is.
     */
    @Test
    void aKnownChangeIsFoundMoreOftenTheLargerItIs() {
        Random rnd = new Random(2);
        List<Double> found = Stream.of(0.05, 0.15, 0.30).map(c -> (double) Calibration.power(runs, 6, c, 200, rnd, 0.05).found()
                / 200).toList();
        assertThat(found.get(0)).isLessThan(found.get(1));
        assertThat(found.get(1)).isLessThan(found.get(2));
        assertThat(found.get(2)).isGreaterThanOrEqualTo(0.7);
        assertThat((double) Calibration.power(runs, 6, -0.30, 200, rnd, 0.05).found() / 200).isGreaterThanOrEqualTo(0.7);
    }

    /** Run until decided: the primary falsely changed, and a rule falsely beyond, at most about α across the looks. */
    @Test
    void runsUntilDecidedKeepTheErrorAcrossLooks() {
        Calibration.Looks l = Calibration.sequential(runs, 0.05, 200, new Random(3), 0.05);
        assertThat((double) l.falselyChanged() / l.trials()).isLessThanOrEqualTo(0.08);
        assertThat((double) l.falselyBeyond() / l.trials()).isLessThanOrEqualTo(0.05);
        assertThat(l.meanRuns()).isBetween(5.0, 20.0);
    }
}

package perfstat.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.stats.Calibration;

/** calibrate's plain answer: the smallest rise the runs find 4 times in 5, on the committed Gson recordings. */
class CalibrateCommandTest {
    @Test
    void theSmallestChangeFoundFourTimesInFiveIsWherePowerCrosses80Percent() throws IOException {
        Calibration.Runs runs;
        try (Stream<Path> s = Files.list(Path.of("src/test/resources/calibration"))) {
            runs = Calibration.Runs.of(s.filter(p -> p.toString().endsWith(".jfr")).sorted()
                    .map(p -> RecordingReader.read(p.toString())).toList());
        }
        double c = CalibrateCommand.smallestFound(runs, 6, 100, 1);
        assertThat(c).isBetween(0.01, 2.0);
        assertThat(Calibration.power(runs, 6, c, 100, new Random(1), 0.05).found()).isGreaterThanOrEqualTo(80);
        assertThat(Calibration.power(runs, 6, c / 1.1, 100, new Random(1), 0.05).found()).isLessThan(80);
        // fewer runs need a larger change
        assertThat(CalibrateCommand.smallestFound(runs, 3, 100, 1)).isGreaterThan(c);
    }
}

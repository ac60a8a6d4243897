package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A program of a user's own (perfstat.itapp.Mix) recorded with plain JFR ({@code -XX:StartFlightRecording}, JFR's
 * default settings) on JDK 17 and 25, read by perfstat: the JDK's rows as the JDK's own {@code jfr} tool counts them,
 * 0 for an event the recording enabled and never saw, and a lambda's frames under one name on either JDK.
 */
class PlainJfrIT {
    @TempDir
    Path dir;

    /** The number after {@code label} in the jfr tool's output ("Compiled Methods: 1,367", "accumulatedCount = 12"), the last one. */
    private static long last(String out, String label) {
        Matcher m = Pattern.compile(Pattern.quote(label) + "\\s*[:=]\\s*([0-9,]+)").matcher(out);
        long v = -1;
        while (m.find()) {
            v = Long.parseLong(m.group(1).replace(",", ""));
        }
        assertThat(v).as(label + " in " + out).isNotNegative();
        return v;
    }

    @ParameterizedTest
    @ValueSource(ints = {17, 25})
    void aPlainRecordingsJdkRowsAreTheJfrToolsNumbers(int feature) throws Exception {
        Path home = Processes.jdk(feature);
        assumeTrue(home != null, "no JDK " + feature + " installed under /usr/lib/jvm");
        // the shared recording of Mix under JFR's default settings (CliIT diffs the one of this JDK too)
        Recordings.Made run = Recordings.mixJfr(home.resolve("bin/java").toString(), "default");
        assertThat(run.result().code()).as(run.result().err()).isZero();
        Recordings.copy(run.path(), dir, "mix.jfr");
        String jfr = Path.of(System.getProperty("java.home"), "bin", "jfr").toString();
        String compiler = Processes.run(dir, List.of(jfr, "view", "compiler-statistics", "mix.jfr")).out();
        String threads = Processes.run(dir, List.of(jfr, "print", "--events", "jdk.JavaThreadStatistics", "mix.jfr")).out();
        Processes.Result r = Processes.read(dir, "report", "--hot", "20", "mix.jfr");
        assertThat(r.code()).as(r.err()).isZero();
        // the JVM's own totals: jdk.CompilerStatistics' compileCount, not the jdk.Compilation events over 1000 ms
        assertThat(r.out()).containsPattern("\n +" + last(compiler, "Compiled Methods") + "  JIT compilations +#  jdk.CompilerStatistics");
        assertThat(r.out()).containsPattern("\n +" + last(threads, "accumulatedCount") + "  threads started ");
        // default.jfc enables socket reads (over 20 ms): none is 0, not <not counted>; the label says what it counts
        assertThat(r.out()).containsPattern("\n +0  socket read \\(bytes, over threshold\\) +#  jdk.SocketRead, those of ");
        // the workers' lambda is one name on JDK 17 as on 25 (JDK 17 writes Mix$$Lambda$14+0x0000000801001200/1234)
        assertThat(r.out()).contains("Mix$$Lambda::run").doesNotContain("+0x").doesNotContainPattern("\n +[0-9.]+%  [0-9]+::run");
    }
}

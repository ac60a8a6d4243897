package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.stats.Comparison;
import perfstat.cli.stats.Table;

/**
 * Every output format of a real comparison against a golden file: the committed recordings
 * {@code recordings/fstime-unpatched.jfr} and {@code recordings/fstime-patched.jfr} read, lined
 * up by {@link Comparison} with the options {@code diff} takes by default, and rendered; what
 * {@code bin/perfstat diff recordings/fstime-unpatched.jfr recordings/fstime-patched.jfr
 * --format F} prints. To accept a deliberate change: run with -Dperfstat.golden.update=true and
 * review the diff of the golden files. Also the report of one of them ({@code bin/perfstat report
 * recordings/fstime-unpatched.jfr}), whose table has each row's comment.
 */
class RecordedComparisonGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final List<String> FILES = List.of("recordings/fstime-unpatched.jfr", "recordings/fstime-patched.jfr");
    private static Table table;

    @BeforeAll
    static void compare() {
        // the tests run in cli/; the table names the files as a diff run at the repository's root does
        Table t = Comparison.of(FILES.stream().map(f -> RecordingReader.read("../" + f)).toList());
        table = new Table(t.title(), t.columns(), FILES.stream().map(List::of).toList(), t.rows(), t.summary(), t.notes(),
                t.curves(), t.hot(), t.subject());
    }

    @ParameterizedTest
    @EnumSource(OutputFormat.class)
    void everyFormatOfTheRecordedDiffMatchesItsGoldenFile(OutputFormat format) throws Exception {
        StringWriter w = new StringWriter();
        if (format == OutputFormat.TABLE) {
            TableRenderer.render(table, new PrintWriter(w), false);
        } else {
            format.render(table, new PrintWriter(w));
        }
        Path golden = GOLDEN.resolve("fstime-diff." + format);
        if (Boolean.getBoolean("perfstat.golden.update")) {
            Files.writeString(golden, w.toString(), StandardCharsets.UTF_8);
        }
        assertThat(w.toString()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    /** One recording's report, as perf stat prints it: each row's comment (perf's derived figure, the source), then the notes. */
    @org.junit.jupiter.api.Test
    void theReportOfOneRecordingMatchesItsGoldenFile() throws Exception {
        StringWriter w = new StringWriter();
        TableRenderer.render(Comparison.of(List.of(RecordingReader.read("../" + FILES.get(0)))), new PrintWriter(w), false);
        Path golden = GOLDEN.resolve("fstime-report.table");
        if (Boolean.getBoolean("perfstat.golden.update")) {
            Files.writeString(golden, w.toString(), StandardCharsets.UTF_8);
        }
        assertThat(w.toString()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
}

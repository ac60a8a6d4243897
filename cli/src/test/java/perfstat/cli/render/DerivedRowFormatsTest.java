package perfstat.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;
import perfstat.cli.stats.Comparison;
import perfstat.cli.stats.Table;

/**
 * Recordings without perfstat's counters: task-clock derived from jdk.CPULoad over part of the JVM's life. A report's
 * row says so in its comment; a comparison said nothing, and json called the value measured. Every format says it now.
 */
class DerivedRowFormatsTest {
    /** A plain recording of 10 s whose jdk.CPULoad samples cover {@code sharePct} of it, {@code cpuMs} of CPU over them. */
    private static RunData plain(String file, double cpuMs, double sharePct) {
        RunData.JdkSummary j = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(10))
                .withDerivedCpu(cpuMs * 1e6, Duration.ofMillis((long) (100 * sharePct)), sharePct / 100);
        return RunData.of(file).withJdk(j);
    }

    private static Table table() {
        return Comparison.ofColumns(List.of(
                List.of(plain("/d/a/r1.jfr", 2000, 25), plain("/d/a/r2.jfr", 2100, 27), plain("/d/a/r3.jfr", 1950, 26)),
                List.of(plain("/d/b/r1.jfr", 2200, 25), plain("/d/b/r2.jfr", 2150, 26), plain("/d/b/r3.jfr", 2300, 27))),
                List.of("a", "b"), Comparison.Options.DEFAULT);
    }

    private static String render(OutputFormat f) {
        StringWriter w = new StringWriter();
        f.render(table(), new PrintWriter(w));
        return w.toString();
    }

    private static final String NOTE = "task-clock (msecs) is derived from jdk.CPULoad x CPUs, not counted; its samples cover"
            + " 25.0-27.0% of a JVM's life, scaled to all of it";

    @Test
    void everyFormatSaysTheRowIsDerived() {
        assertThat(render(OutputFormat.TABLE)).contains(NOTE);
        assertThat(render(OutputFormat.MARKDOWN)).contains(NOTE);
        assertThat(render(OutputFormat.HTML)).contains(NOTE);
        String json = render(OutputFormat.JSON);
        assertThat(json).contains(NOTE);
        String taskClock = json.lines().dropWhile(l -> !l.contains("\"name\": \"task-clock\"")).skip(1).findFirst().orElseThrow();
        assertThat(taskClock).contains("\"status\": \"derived\"").doesNotContain("\"status\": \"measured\"");
        List<String> csv = render(OutputFormat.CSV).lines().filter(l -> l.contains(",task-clock,")).toList();
        assertThat(csv).hasSize(2).allSatisfy(l -> assertThat(l).endsWith(",derived"));
    }

    @Test
    void aCountedRowIsMeasuredAndHasNoNote() throws Exception {
        RunData counted = perfstat.cli.read.RecordingReader.read("../recordings/fstime-patched.jfr");
        Table t = Comparison.ofColumns(List.of(List.of(counted, counted), List.of(counted, counted)), List.of("a", "b"),
                Comparison.Options.DEFAULT);
        StringWriter w = new StringWriter();
        OutputFormat.CSV.render(t, new PrintWriter(w));
        assertThat(w.toString().lines().filter(l -> l.contains(",task-clock,")).toList()).allSatisfy(l -> assertThat(l).endsWith(",measured"));
        assertThat(NoteText.lines(t.notes())).noneMatch(l -> l.contains("derived from jdk.CPULoad"));
    }
}

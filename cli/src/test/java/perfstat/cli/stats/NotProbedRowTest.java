package perfstat.cli.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;
import perfstat.cli.render.NoteText;
import perfstat.cli.render.StatRenderer;
import perfstat.cli.render.TableRenderer;
import perfstat.format.NotProbed;

/**
 * A method a probe pattern matched that the agent did not probe (perfstat.NotProbed) is a row of its own, {@code <not
 * probed>} in its value column, with a footer line saying why, in stat's table and JSON and in report's and diff's; its
 * pattern is not said to match nothing; a probe that counted calls keeps its row.
 */
class NotProbedRowTest {
    private static final String BIG = "app.Huge::big";
    private static final String REASON = "Huge::big <not probed>: its class could not be rewritten (MethodTooLargeException),"
            + " so the agent left it as it was; it ran uncounted";

    /** One run: app.Tok::next probed and called 5000 times; app.Huge::big and app.Clock::now matched and not probed. */
    private static RunData run() {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        h.recordValue(100);
        TreeMap<String, RunData.Probe> probes = new TreeMap<>();
        probes.put("app.Tok::next", new RunData.Probe("app.Tok::next", 5000, 1, "sampled", 1024, h));
        RunData.JdkSummary jdk = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1));
        RunData.CounterWindow w = new RunData.CounterWindow("perf_event_open", "", Duration.ofSeconds(1),
                Duration.ofSeconds(1), 900_000_000L, 100_000_000L, 3, 8, 5_000_000L, 4_000_000L, -1);
        List<RunData.PerfCounter> counters = List.of(new RunData.PerfCounter("task-clock", 1_000_000_000L, 1_000_000_000L,
                1_000_000_000L, perfstat.format.CounterStatus.COUNTED, "perf_event_open", 1_000_000_000L, 0, ""));
        RunData.Losses losses = new RunData.Losses(List.of(), 1, 0, 0, 0, 0, List.of(
                new RunData.Unprobed(BIG, NotProbed.CLASS_NOT_REWRITTEN, "MethodTooLargeException", BIG),
                new RunData.Unprobed("app.Clock::now", NotProbed.NATIVE, "", "app.Clock::now")));
        return RunData.of("x.jfr").withProbes(probes).withJdk(jdk).withPerfCounters(counters).withCounterWindow(w)
                .withProbePatterns(Map.of("app.Tok::next", 1L, BIG, 0L, "app.Clock::now", 0L, "app.Nope::x", 0L)).withLosses(losses);
    }

    @Test
    void statPrintsTheRowNotProbedAndAFooterLineSayingWhy() {
        RunData r = run();
        List<String> notes = new java.util.ArrayList<>();
        Measurements.notProbedNotes(List.of(r)).forEach(n -> notes.add(NoteText.of(n)));
        notes.addAll(perfstat.cli.command.StatCommand.unmatchedNotes(List.of(r)));
        StatSummary s = StatSummary.of("java X", List.of(r), notes);
        assertThat(s.unmatched()).containsExactly("app.Nope::x");

        String text = render(StatRenderer.Layout.TEXT, s);
        assertThat(text).containsPattern("\n +5000 +Tok::next calls\n")
                .containsPattern("\n +<not probed> +Huge::big calls\n")
                .containsPattern("\n +<not probed> +Clock::now calls\n")
                .contains("\n # " + REASON + "\n")
                .contains("\n # Clock::now <not probed>: a native method has no bytecode to put a probe in; it ran uncounted\n")
                .contains("# probe 'app.Nope::x' matched no method")
                .doesNotContain("'app.Huge::big' matched no method").doesNotContain("'app.Clock::now' matched no method");
        assertThat(text).doesNotContainPattern("Huge::big (p50|p99|max)");
        String json = render(StatRenderer.Layout.JSON, s);
        assertThat(json).contains("{\"counter-value\" : \"<not probed>\", \"unit\" : \"\", \"event\" : \"Huge::big calls\"")
                .contains("\"probe\" : \"app.Huge::big\"").contains("{\"note\" : \"" + REASON + "\"}");
    }

    @Test
    void reportAndDiffPrintTheRowNotProbedInEachColumnAndOneFooterLine() {
        RunData r = run();
        Map<MetricId, Measurements.Measured> m = Measurements.of(r);
        Measurements.Measured big = m.values().stream().filter(x -> x.metric().id().subject().equals(BIG)).findFirst().orElseThrow();
        assertThat(big.value().status()).isEqualTo(Value.Status.NOT_PROBED);
        assertThat(Measurements.notes(r)).contains(new Note.NotProbed("Huge::big", NotProbed.CLASS_NOT_REWRITTEN,
                "MethodTooLargeException")).doesNotContain(new Note.UnmatchedProbe(BIG));

        String report = table(List.of(r));
        assertThat(report).containsPattern("\n +<not probed> +Huge::big calls\n").contains("\n # " + REASON + "\n");
        String diff = table(List.of(r, run()));
        assertThat(diff).containsPattern("\n \\| +<not probed> \\| +<not probed> +Huge::big calls")
                .containsPattern("\n \\| +<not probed> \\| +<not probed> +Clock::now calls");
        assertThat(diff.split(java.util.regex.Pattern.quote(REASON), -1)).as("one line for both columns").hasSize(2);
        assertThat(diff).doesNotContain("matched no method; ").doesNotContain("Huge::big calls  ~");
    }

    @Test
    void aMethodThatCountedCallsKeepsItsRow() {
        RunData r = run();
        TreeMap<String, RunData.Probe> probes = new TreeMap<>(r.probes());
        probes.put(BIG, new RunData.Probe(BIG, 7, 0, "sampled", 1024, new org.HdrHistogram.Histogram(3)));
        RunData probed = r.withProbes(probes);
        assertThat(Measurements.notProbedNotes(List.of(probed))).extracting(n -> ((Note.NotProbed) n).method())
                .containsExactly("Clock::now");
        assertThat(table(List.of(probed))).containsPattern("\n +7 +Huge::big calls");
    }

    private static String table(List<RunData> runs) {
        StringWriter out = new StringWriter();
        TableRenderer.render(Comparison.of(runs), new PrintWriter(out));
        return out.toString();
    }

    private static String render(StatRenderer.Layout layout, StatSummary s) {
        StringWriter out = new StringWriter();
        new StatRenderer(layout, ",").render(s, new PrintWriter(out));
        return out.toString();
    }
}

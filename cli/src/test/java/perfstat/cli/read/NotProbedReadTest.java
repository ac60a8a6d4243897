package perfstat.cli.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.agent.events.NotProbedEvent;
import perfstat.agent.events.ProbeEvent;
import perfstat.agent.events.ProbePatternEvent;
import perfstat.cli.stats.Measurements;
import perfstat.cli.stats.Note;
import perfstat.format.HistogramCodec;
import perfstat.format.NotProbed;

/**
 * perfstat.NotProbed (format 11), read back from a recording made in this JVM: each method with its reason (the latest
 * event per method wins; a reason this reader does not know is OTHER), and the probe the agent gave a method whose
 * class then could not be rewritten (0 calls) is no row of calls; a probe that counted calls stays one.
 */
class NotProbedReadTest {
    @TempDir
    Path dir;

    private static void probe(String name, long calls) {
        ProbeEvent p = new ProbeEvent();
        p.probe = name;
        p.calls = calls;
        p.timing = "sampled";
        p.histogram = HistogramCodec.encode(new Histogram(3));
        p.commit();
    }

    private static void notProbed(String method, String reason, String detail) {
        NotProbedEvent e = new NotProbedEvent();
        e.method = method;
        e.reason = reason;
        e.detail = detail;
        e.pattern = method;
        e.commit();
    }

    @Test
    void eachMethodNotProbedIsReadWithItsReasonAndItsEmptyProbeIsNoRow() throws Exception {
        Path f = dir.resolve("notprobed.jfr");
        try (Recording r = new Recording()) {
            r.enable(NotProbedEvent.NAME);
            r.enable(ProbeEvent.NAME);
            r.enable(ProbePatternEvent.NAME);
            r.start();
            probe("app.Huge::big", 0);
            probe("app.Tok::next", 5);
            probe("app.Both::run", 3); // probed in one loader, its class not rewritten in another
            for (String p : List.of("app.Huge::big", "app.Tok::next", "app.Clock::now")) {
                ProbePatternEvent e = new ProbePatternEvent();
                e.pattern = p;
                e.methods = p.equals("app.Tok::next") ? 1 : 0;
                e.commit();
            }
            notProbed("app.Huge::big", NotProbed.CLASS_NOT_REWRITTEN.text(), "MethodTooLargeException");
            notProbed("app.Both::run", NotProbed.CLASS_NOT_REWRITTEN.text(), "IllegalArgumentException");
            notProbed("app.Clock::now", "frobbed", "");
            notProbed("app.Clock::now", NotProbed.NATIVE.text(), ""); // the next chunk's: the latest wins
            r.stop();
            r.dump(f);
        }
        RunData run = RecordingReader.read(f.toString());
        assertThat(run.probes().keySet()).containsExactly("app.Both::run", "app.Tok::next");
        assertThat(run.losses().notProbed()).containsExactly(
                new RunData.Unprobed("app.Both::run", NotProbed.CLASS_NOT_REWRITTEN, "IllegalArgumentException", "app.Both::run"),
                new RunData.Unprobed("app.Clock::now", NotProbed.NATIVE, "", "app.Clock::now"),
                new RunData.Unprobed("app.Huge::big", NotProbed.CLASS_NOT_REWRITTEN, "MethodTooLargeException", "app.Huge::big"));
        assertThat(Measurements.notes(run, "a")).contains(new Note.NotProbed("Huge::big", NotProbed.CLASS_NOT_REWRITTEN,
                "MethodTooLargeException"), new Note.NotProbed("Clock::now", NotProbed.NATIVE, ""))
                .doesNotContain(new Note.UnmatchedProbe("app.Huge::big"), new Note.UnmatchedProbe("app.Clock::now"))
                .noneMatch(n -> n instanceof Note.NotProbed p && p.method().equals("Both::run"));
        assertThat(NotProbed.parse("frobbed")).isEqualTo(NotProbed.OTHER);
    }
}

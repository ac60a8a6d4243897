package perfstat.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** A long read says how far it has gone; a short one says nothing. */
class ProgressTest {
    private long now;

    private Progress progress(StringWriter w, boolean terminal) {
        now = 0;
        return new Progress(new PrintWriter(w, true), "diff: read", 1000, "recordings (500 a side)", terminal, () -> now);
    }

    @Test
    void aReadOverWithinAMomentPrintsNothing() {
        StringWriter w = new StringWriter();
        Progress p = progress(w, false);
        for (int i = 1; i <= 1000; i++) {
            now = i * 1_000_000L; // a second in all
            p.accept(i);
        }
        assertThat(w.toString()).isEmpty();
        assertThat(p.shown()).isFalse();
    }

    @Test
    void aLongReadPrintsALineEveryTwoSecondsAndTheLastCount() {
        StringWriter w = new StringWriter();
        Progress p = progress(w, false);
        for (int i = 1; i <= 1000; i++) {
            now = i * 10_000_000L; // 10 ms a recording, 10 s in all
            p.accept(i);
        }
        assertThat(w.toString().lines().toList()).containsExactly("diff: read 150 of 1000 recordings (500 a side)",
                "diff: read 350 of 1000 recordings (500 a side)", "diff: read 550 of 1000 recordings (500 a side)",
                "diff: read 750 of 1000 recordings (500 a side)", "diff: read 950 of 1000 recordings (500 a side)",
                "diff: read 1000 of 1000 recordings (500 a side)");
        assertThat(p.shown()).isTrue();
    }

    @Test
    void onATerminalOneLineIsRewrittenAndEndedOnce() {
        StringWriter w = new StringWriter();
        Progress p = progress(w, true);
        for (int i = 1; i <= 1000; i++) {
            now = i * 2_000_000L; // 2 s in all
            p.accept(i);
        }
        String out = w.toString();
        assertThat(out).startsWith("\rdiff: read 750 of 1000").endsWith("\rdiff: read 1000 of 1000 recordings (500 a side)\n");
        assertThat(out.chars().filter(c -> c == '\n').count()).isEqualTo(1);
        assertThat(out.chars().filter(c -> c == '\r').count()).isEqualTo(3); // 750, 875, 1000: a quarter of a second apart
    }
}

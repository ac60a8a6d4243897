package perfstat.cli.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The JIT's compile time inside the counters' window, the observer's code's apart. */
class CompilationCollectorTest {
    private static final long T0 = 1_700_000_000_000_000_000L; // epoch ns
    private static final long MS = 1_000_000L;

    private static Instant at(long epochNs) {
        return Instant.ofEpochSecond(epochNs / 1_000_000_000L, epochNs % 1_000_000_000L);
    }

    @Test
    void onlyTheWindowCountsAndACompilationStraddlingABoundByItsOverlap() {
        CompilationCollector c = new CompilationCollector();
        c.add(T0 - 50 * MS, T0 - 10 * MS, true);   // before the window: left out
        c.add(T0 - 30 * MS, T0 + 20 * MS, true);   // straddles its opening: 20 ms of its 50
        c.add(T0 + 100 * MS, T0 + 150 * MS, false); // inside: 50 ms, the application's
        c.add(T0 + 200 * MS, T0 + 210 * MS, true); // inside: 10 ms
        c.add(T0 + 990 * MS, T0 + 1_040 * MS, false); // straddles its closing: 10 ms of its 50
        c.add(T0 + 1_100 * MS, T0 + 1_200 * MS, true); // after it: left out
        RunData.Compiles r = c.result(at(T0), at(T0 + 1_000 * MS));
        assertThat(r.observerNs()).isEqualTo(30 * MS);
        assertThat(r.allNs()).isEqualTo(90 * MS);
        assertThat(r.compilations()).isEqualTo(4);
        assertThat(r.observerShare()).isEqualTo(1.0 / 3);
    }

    @Test
    void anOpenWindowKeepsAllAndNoCompilationsIsNone() {
        CompilationCollector c = new CompilationCollector();
        assertThat(c.result(at(T0), at(T0 + MS))).isEqualTo(RunData.Compiles.NONE);
        c.add(T0, T0 + 7 * MS, false);
        c.add(T0 + 10 * MS, T0 + 13 * MS, true);
        assertThat(c.result(null, null)).isEqualTo(new RunData.Compiles(3 * MS, 10 * MS, 2));
        assertThat(RunData.Compiles.NONE.observerShare()).isZero();
    }

    @Test
    void theObserversCodeIsJfrsAndPerfstatsNotTheJdksEventsTheApplicationRaises() {
        assertThat(CompilationCollector.observerCode("jdk.jfr.internal.MetadataWriter")).isTrue();
        assertThat(CompilationCollector.observerCode("jdk.jfr.events.FileReadEvent")).isTrue();
        assertThat(CompilationCollector.observerCode("perfstat.agent.counters.ThreadCounts")).isTrue();
        assertThat(CompilationCollector.observerCode("perfstat.shaded.net.bytebuddy.ByteBuddy")).isTrue();
        assertThat(CompilationCollector.observerCode("jdk.internal.event.FileReadEvent")).isFalse();
        assertThat(CompilationCollector.observerCode("java.lang.String")).isFalse();
        assertThat(CompilationCollector.observerCode("jdk.jfrx.Other")).isFalse();
        assertThat(CompilationCollector.observerCode("Busy")).isFalse();
        assertThat(CompilationCollector.observerCode("perfstat.models.writepath.Vfs")).as("a model is the program measured").isFalse();
        assertThat(CompilationCollector.observerCode("perfstat.bench.Target")).isFalse();
    }
}

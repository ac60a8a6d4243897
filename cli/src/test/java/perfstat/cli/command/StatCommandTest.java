package perfstat.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import perfstat.cli.read.RunData;

/** stat's notes of what a run lost: each run's, in the words report and diff use. */
class StatCommandTest {
    private static RunData run(RunData.Losses losses) {
        RunData.JdkSummary jdk = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1));
        return RunData.of("x.jfr").withJdk(jdk).withLosses(losses);
    }

    @Test
    void whatEachRunLostIsANote() {
        RunData lost = run(new RunData.Losses(List.of(new RunData.Skipped("jdk.ExecutionSample",
                RunData.Skipped.Cause.FRAME_WITHOUT_METHOD, "", 2)), 0, 0, 0, 0, 3));
        assertThat(StatCommand.lossNotes(List.of(lost))).containsExactly(
                "events perfstat could not use, left out of the table: 2 jdk.ExecutionSample (a stack frame without a method)",
                "the agent counted 3 counter reads that failed (an interval's row lost each)");
        assertThat(StatCommand.lossNotes(List.of(run(RunData.Losses.NONE), lost)))
                .containsExactly("run 2: events perfstat could not use, left out of the table: 2 jdk.ExecutionSample (a stack"
                        + " frame without a method)", "run 2: the agent counted 3 counter reads that failed (an interval's row"
                        + " lost each)");
        assertThat(StatCommand.lossNotes(List.of(run(RunData.Losses.NONE)))).isEmpty();
    }
    /** stat's footer names a pattern that matched nothing with the loaded names nearest to it, as report and diff do. */
    @Test
    void anUnmatchedPatternIsNamedWithItsNearestNames() {
        RunData.JdkSummary jdk = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1));
        Map<String, Long> patterns = new java.util.LinkedHashMap<>();
        patterns.put("app.Tokk::next", 0L);
        patterns.put("app.Tok::next", 1L);
        patterns.put("app.Nope::x", 0L);
        RunData r = RunData.of("x.jfr").withJdk(jdk).withProbePatterns(patterns)
                .withProbeCandidates(Map.of("app.Tokk::next", List.of("app.Tok::next")));
        RunData first = RunData.of("y.jfr").withJdk(jdk).withProbePatterns(patterns);
        assertThat(StatCommand.unmatchedNotes(List.of(first, r))).containsExactly(
                "probe 'app.Tokk::next' matched no method; did you mean app.Tok::next?", "probe 'app.Nope::x' matched no method");
    }

    private static RunData rolesRun(long gcs, RunData.Roles roles) {
        return rolesRun(gcs, roles, java.util.Set.of("DefNew", "SerialOld"));
    }

    private static RunData rolesRun(long gcs, RunData.Roles roles, java.util.Set<String> gcNames) {
        RunData.JdkSummary jdk = RunData.JdkSummary.NONE.withSpan(Duration.ofSeconds(1)).withGc(gcs, Duration.ZERO)
                .withGcNames(gcNames);
        RunData.CounterWindow w = new RunData.CounterWindow("perf_event_open", "", Duration.ofSeconds(1),
                Duration.ofSeconds(1), 900_000_000L, 100_000_000L, 3, 8, 5_000_000L, 4_000_000L, -1);
        RunData.PerfCounter clock = new RunData.PerfCounter("task-clock", 2_120_000_000L, 1_000_000_000L, 1_000_000_000L,
                perfstat.format.CounterStatus.COUNTED, "perf_event_open", 1_000_000_000L, 0, "");
        return RunData.of("x.jfr").withJdk(jdk).withCounterWindow(w).withPerfCounters(List.of(clock)).withRoles(roles);
    }

    /** Every note on the role rows that report prints reaches stat's footer: the source, GC on the VM thread, no split. */
    @Test
    void everyRoleNoteReachesTheFooter() {
        String source = perfstat.format.CounterSource.PERF_EVENT_OPEN_PER_THREAD;
        RunData serial = rolesRun(162, new RunData.Roles(List.of(
                new RunData.RoleCount(perfstat.format.ThreadRole.APPLICATION, 2_000_000_000L, 10, 1, 3, source),
                new RunData.RoleCount(perfstat.format.ThreadRole.GC, 0, 0, 0, 0, source),
                new RunData.RoleCount(perfstat.format.ThreadRole.JVM_RUNTIME, 120_000_000L, 500, 100, 9, source)), null));
        StatCommand stat = new StatCommand();
        for (perfstat.cli.stats.Note n : perfstat.cli.stats.Measurements.roleNotes(serial, null)) {
            assertThat(stat.notes(List.of(serial), 2_000_000_000L, 0)).contains(perfstat.cli.render.NoteText.of(n));
        }
        assertThat(stat.notes(List.of(serial), 2_000_000_000L, 0))
                .anyMatch(l -> l.startsWith("task-clock by thread role from " + source))
                .anyMatch(l -> l.startsWith("GC 0 msecs though the JVM collected: Serial has no GC threads of its own"));
        RunData g1 = rolesRun(1, serial.roles(), java.util.Set.of("G1New"));
        assertThat(stat.notes(List.of(g1), 2_000_000_000L, 0)).as("G1 has GC threads: a GC role of 0 is not Serial's")
                .noneMatch(l -> l.contains("Serial"));
        RunData hardened = rolesRun(3, new RunData.Roles(List.of(), "the threads of /proc/self/task cannot be listed"));
        assertThat(stat.notes(List.of(hardened), 2_000_000_000L, 0))
                .contains("no task-clock by thread role: the threads of /proc/self/task cannot be listed");
    }
}

package perfstat.cli.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import perfstat.agent.Agent;
import perfstat.format.ThreadRole;

/** The fork's results by thread role: task-clock per role per operation, and nothing where the roles cannot be split. */
class JmhForkTest {
    private static Map<ThreadRole, Long> roles(long app, long gc, long jit, long runtime, long observer) {
        Map<ThreadRole, Long> m = new EnumMap<>(ThreadRole.class);
        m.put(ThreadRole.APPLICATION, app);
        m.put(ThreadRole.GC, gc);
        m.put(ThreadRole.JIT, jit);
        m.put(ThreadRole.JVM_RUNTIME, runtime);
        m.put(ThreadRole.OBSERVER, observer);
        return m;
    }

    private static List<String> labels(List<Result> r) {
        return r.stream().map(x -> x.getLabel() + "=" + x.getScore() + " " + x.getScoreUnit()).toList();
    }

    @Test
    void eachRolesTaskClockGrowthPerOperationInNs() {
        Agent.Counts start = new Agent.Counts(Map.of("task-clock", 10_000.0), Map.of(), roles(6_000, 1_000, 2_000, 500, 500), null);
        Map<ThreadRole, Long> endRoles = roles(206_000, 41_000, 12_000, 500, 10_500);
        endRoles.put(ThreadRole.ENDED, 30_000L); // a role only the end has (the rest a later read found) is left out
        Agent.Counts end = new Agent.Counts(Map.of("task-clock", 270_000.0), Map.of(), endRoles, null);
        assertThat(labels(JmhFork.counterResults(start, end, 1_000))).containsExactlyInAnyOrder(
                "task-clock/op=260.0 ns/op", "task-clock:application/op=200.0 ns/op", "task-clock:gc/op=40.0 ns/op",
                "task-clock:jit/op=10.0 ns/op", "task-clock:jvm-runtime/op=0.0 ns/op", "task-clock:observer/op=10.0 ns/op");
        // an iteration that measured no operation: the growth itself, in ns
        assertThat(labels(JmhFork.counterResults(start, end, 0))).contains("task-clock:gc=40000.0 ns");
    }

    @Test
    void theEndedRestIsARoleRowWhereBothReadsHaveIt() {
        Map<ThreadRole, Long> s = roles(0, 0, 0, 0, 0);
        s.put(ThreadRole.ENDED, 100L);
        Map<ThreadRole, Long> e = roles(800, 0, 0, 0, 0);
        e.put(ThreadRole.ENDED, 300L);
        assertThat(labels(JmhFork.counterResults(new Agent.Counts(Map.of(), Map.of(), s, null),
                new Agent.Counts(Map.of(), Map.of(), e, null), 10))).contains("task-clock:ended/op=20.0 ns/op", "task-clock:application/op=80.0 ns/op");
    }

    @Test
    void noSplitGivesNoRoleResultsAndOneLineSayingWhy() {
        String why = "the threads of /proc/self/task cannot be listed";
        Agent.Counts start = new Agent.Counts(Map.of("task-clock", 1_000.0), Map.of(), Map.of(), why);
        Agent.Counts end = new Agent.Counts(Map.of("task-clock", 3_000.0), Map.of(), Map.of(), why);
        assertThat(labels(JmhFork.counterResults(start, end, 100))).containsExactly("task-clock/op=20.0 ns/op");
        assertThat(JmhFork.notCountedLines(Map.of("cycles", "perf_event_open: ENOENT"), why)).containsExactly(
                "perfstat: cycles not counted here (perf_event_open: ENOENT)",
                "perfstat: task-clock not split by thread role here (" + why + "): no task-clock:ROLE/op results");
        // split, or roles not asked for: nothing to say about them
        assertThat(JmhFork.notCountedLines(Map.of(), null)).isEmpty();
    }

    @Test
    void countsWithoutRolesHaveNoneAndNoNote() {
        Agent.Counts c = new Agent.Counts(Map.of("task-clock", 1.0), Map.of());
        assertThat(c.roleTaskClockNs()).isEmpty();
        assertThat(c.rolesNote()).isNull();
        assertThat(Agent.counts(true)).isSameAs(Agent.Counts.NONE); // no agent in this JVM
    }
}

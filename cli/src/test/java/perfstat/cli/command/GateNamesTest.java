package perfstat.cli.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;
import perfstat.agent.AgentOptions;
import perfstat.cli.user.UserError;
import perfstat.cli.stats.Metric;
import perfstat.models.Models;
import perfstat.models.spi.Model;

/** compare's --fail-on rules checked against the metrics a comparison can produce, before any run. */
class GateNamesTest {
    private static AgentOptions agent(String probes) throws Exception {
        AgentOptions.Builder b = AgentOptions.builder();
        if (!probes.isEmpty()) {
            b.probe(probes);
        }
        return b.build();
    }

    private static UserError refused(List<String> failOn, AgentOptions agent, Model.WorkloadInfo<?> workload) {
        return catchThrowableOfType(UserError.class, () -> GateNames.refuseUnknown(failOn, agent, workload));
    }

    @Test
    void aCommandsScoreIsKnownByItsNameOrAsScoreWhereItHasOne() throws Exception {
        AgentOptions a = agent("");
        var score = new ScoreOptions().names(perfstat.cli.score.ScorePattern.of("loop_ms=([0-9.]+)", "ms", true));
        for (String ok : List.of("score:+5%", "loop_ms:+5%", "loop_ms (ms):+5%")) {
            assertThatCode(() -> GateNames.refuseUnknown(List.of(ok), a, null, score)).as(ok).doesNotThrowAnyException();
        }
        assertThat(catchThrowableOfType(UserError.class, () -> GateNames.refuseUnknown(List.of("loop_m:+5%"), a, null, score))
                .getMessage()).contains("closest: loop_ms");
        assertThat(refused(List.of("loop_ms:+5%"), a, null)).as("without --score").isNotNull();
    }

    /**
     * Two forms of one event are two rows, each named by its form; a form alone is named by its base (the table's key)
     * or as opened (its label).
     */
    @Test
    void twoFormsOfAnEventAreEachARulesName() throws Exception {
        AgentOptions both = AgentOptions.builder()
                .events(perfstat.agent.counters.EventSpec.parseList("page-faults,page-faults:u")).build();
        assertThat(GateNames.metrics(both.events(), null, List.of()).stream().map(Metric::key).toList())
                .contains("page-faults", "page-faults:u");
        for (String ok : List.of("page-faults:+5%", "page-faults:u:+5%")) {
            assertThatCode(() -> GateNames.refuseUnknown(List.of(ok), both, null)).as(ok).doesNotThrowAnyException();
        }
        assertThat(refused(List.of("page-faults:k:+5%"), both, null).getMessage()).contains("closest: page-faults");
        AgentOptions alone = AgentOptions.builder().events(perfstat.agent.counters.EventSpec.parseList("page-faults:u")).build();
        for (String ok : List.of("page-faults:+5%", "page-faults:u:+5%")) {
            assertThatCode(() -> GateNames.refuseUnknown(List.of(ok), alone, null)).as(ok).doesNotThrowAnyException();
        }
    }

    @Test
    void aCommandsRuleThatNamesNoMetricIsRefusedWithTheClosestNames() throws Exception {
        AgentOptions a = agent("com.example.Tok::next");
        List<String> keys = GateNames.metrics(a.events(), null, a.filters()).stream().map(Metric::key).toList();
        assertThat(keys).contains("task-clock", "context-switches", "cycles", "voluntary-context-switches", "gc-pause",
                "time-elapsed", "jvm-cpu-load", "probe:Tok::next:p99").doesNotContain("score");
        // the rows by thread role, the JIT's work on JFR's and perfstat's code and the whole process among them
        assertThat(keys).contains("task-clock:application", "task-clock:gc", "task-clock:jit", "task-clock:observer",
                "task-clock:jit-observer", "task-clock:process");
        UserError e = refused(List.of("task-clock:+5%", "task-clok:+30%"), a, null);
        assertThat(e).isNotNull();
        assertThat(e.exitCode()).isEqualTo(2);
        assertThat(e.getMessage()).isEqualTo("--fail-on 'task-clok:+30.0%' names no metric of the table (closest: task-clock,"
                + " task-clock:gc, task-clock:jit)");
        assertThat(refused(List.of("probe:Tok::nxt:p99:+5%"), a, null).getMessage()).contains("closest: probe:Tok::next:p99");
        assertThat(refused(List.of("score:-5%"), a, null).getMessage()).contains("no score");
        assertThat(refused(List.of("task-clok/Tok::next:+5%"), a, null).getMessage()).contains("needs --per UNIT");
        // the table's names, key or label; a probe's rows also by its full class name or with an overload's parameters
        for (String ok : List.of("time elapsed:+5%", "GC pauses:+5%", "probe:Tok::next:p99:+5%", "Tok::next p99:+5%",
                "probe:com.example.Tok::next:calls:-5%", "probe:Tok::next(int):max:+5%", "instructions:+1%",
                "task-clock/Tok::next:+5%", "page-faults/tokens:+5%")) { // a counter per unit: its unit is read with the runs
            assertThatCode(() -> GateNames.refuseUnknown(List.of(ok), a, null)).as(ok).doesNotThrowAnyException();
        }
        AgentOptions classOnly = agent("com.example.Tok");
        assertThatCode(() -> GateNames.refuseUnknown(List.of("probe:Tok::anything:p50:+5%"), classOnly, null))
                .doesNotThrowAnyException();
    }

    @Test
    void aModelsScoreIsKnownAndItsOwnCountersAreLeftToTheTable() throws Exception {
        Model.WorkloadInfo<?> fstime = Models.find("fstime").orElseThrow().workload();
        AgentOptions a = agent("");
        for (String ok : List.of("score:-5%", "fstime:-5%", "write_calls:+5%", "model:bytes_written:-1%")) {
            assertThatCode(() -> GateNames.refuseUnknown(List.of(ok), a, fstime)).as(ok).doesNotThrowAnyException();
        }
        assertThat(refused(List.of("task-clok:+5%"), a, fstime)).as("a near miss of a known name").isNotNull();
        assertThat(refused(List.of("scor:-5%"), a, fstime).getMessage()).contains("closest: score");
    }
}

package perfstat.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** The CLI formats the agent's options and the agent parses them: one type, and nothing lost on the way. */
class AgentOptionsRoundTripTest {
    private static final List<String> PATTERNS = List.of("a.B", "a.B::c", "::run", "java.util.HashMap::get",
            "com.example.Outer$Inner::<init>".replace("::<init>", "::init"), "x.y.Z::_m1");
    private static final List<String> EVENTS = List.of("task-clock", "cycles:u", "r01c2", "page-faults:k", "cs");
    private static final List<String> PATHS = List.of("x.jfr", "/tmp/a b/run.jfr", "rel/dir/f=g.jfr");

    static Gen<AgentOptions> options() {
        Gen<List<String>> probes = lists().of(Generate.pick(PATTERNS)).ofSizeBetween(0, 3);
        Gen<List<String>> sets = lists().of(Generate.pick(List.of("writepath", "rwsem", "block"))).ofSizeBetween(0, 2);
        Gen<List<String>> events = lists().of(Generate.pick(EVENTS)).ofSizeBetween(0, 3);
        Gen<AgentOptions.Timing> timing = Generate.enumValues(AgentOptions.Timing.class);
        Gen<String> path = Generate.pick(PATHS);
        Gen<String> optionalPath = booleans().all().zip(path, (present, p) -> present ? p : null);
        return probes.zip(sets, events, timing, (p, s, e, t) -> new Object[] {p, s, e, t})
                .zip(integers().between(1, 1 << 20), integers().between(10, 100_000), longs().between(0, 10_000_000_000L),
                        (a, sample, interval, contention) -> new Object[] {a, sample, interval, contention})
                .zip(path, optionalPath, optionalPath, longs().between(0, 86_400_000L), (a, out, log, ctl, dur) -> {
                    Object[] first = (Object[]) a[0];
                    AgentOptions.Builder b = AgentOptions.builder().out(out).timing((AgentOptions.Timing) first[3])
                            .sample((Integer) a[1]).intervalMs((Integer) a[2]).contentionNs((Long) a[3])
                            .intervalLog(log).perfCtl(ctl).durationMs(dur).attached(dur % 2 == 1).parentPid(dur % 5 == 0 ? 0 : dur / 5);
                    b.probes(cast(first[0]));
                    cast(first[1]).forEach(b::probeSet);
                    List<String> ev = cast(first[2]);
                    try {
                        if (!ev.isEmpty() || dur % 3 == 0) {
                            b.eventNames(ev); // empty: events=none
                        }
                        return b.build();
                    } catch (AgentOptions.BadOption x) {
                        throw new AssertionError(x);
                    }
                });
    }

    @SuppressWarnings("unchecked")
    private static List<String> cast(Object o) {
        return (List<String>) o;
    }

    @Test
    void parseOfFormatGivesTheSameOptions() {
        qt().withFixedSeed(25L).withExamples(500).forAll(options()).checkAssert(o -> {
            try {
                assertThat(AgentOptions.parse(o.format())).isEqualTo(o);
            } catch (AgentOptions.BadOption e) {
                throw new AssertionError(o.format() + ": " + e.getMessage());
            }
        });
    }

    @Test
    void theDefaultsFormatAsNothing() throws Exception {
        assertThat(AgentOptions.builder().build().format()).isEmpty();
        assertThat(AgentOptions.parse("")).isEqualTo(AgentOptions.builder().build());
    }

    @Test
    void theBuilderRefusesWhatTheAgentWouldRefuse() {
        assertThatThrownBy(() -> AgentOptions.builder().probe("a..b::").build()).hasMessageStartingWith("option 'probes'");
        assertThatThrownBy(() -> AgentOptions.builder().probe("::").build()).hasMessageStartingWith("option 'probes'");
        assertThatThrownBy(() -> AgentOptions.builder().sample(0).build()).hasMessageContaining("sample");
        assertThatThrownBy(() -> AgentOptions.builder().out("a,b.jfr").build()).hasMessageContaining("comma");
        assertThatThrownBy(() -> AgentOptions.builder().intervalMs(9).build()).hasMessageContaining("interval");
    }

    @Test
    void anUnknownProbeSetIsRefusedWhenTheProbesAreResolved() throws Exception {
        // the agent module has no model's probe sets on its class path: every name is unknown here
        AgentOptions o = AgentOptions.builder().probeSet("nope").build();
        assertThatThrownBy(o::filters).isInstanceOf(AgentOptions.BadOption.class).hasMessageContaining("unknown probe set 'nope'");
    }
}

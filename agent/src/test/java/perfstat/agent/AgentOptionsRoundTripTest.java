package perfstat.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.impl.Constraint;

/** The CLI formats the agent's options and the agent parses them: one type, and nothing lost on the way. */
class AgentOptionsRoundTripTest {
    /**
     * Options with each option either left at its default or set to a value of its type's
     * {@link OptionType#arbitrary}: no option has a generator of its own, so a new one is in the
     * property as soon as it is declared.
     */
    static Gen<AgentOptions> options() {
        return in -> {
            OptionType.Choices choices = (min, max) -> in.next(Constraint.between(min, max));
            AgentOptions.Builder b = AgentOptions.builder();
            for (AgentOption<?> o : AgentOptions.all()) {
                if (choices.between(0, 3) > 0) {
                    setArbitrary(b, o, choices);
                }
            }
            try {
                return b.build();
            } catch (AgentOptions.BadOption x) {
                throw new AssertionError("an arbitrary value that its own type refuses", x);
            }
        };
    }

    private static <T> void setArbitrary(AgentOptions.Builder b, AgentOption<T> o, OptionType.Choices choices) {
        b.set(o, o.arbitrary(choices));
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
    void everyOptionsArbitraryValuesAreValidAndNotAllItsDefault() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(21);
        OptionType.Choices choices = (min, max) -> random.nextLong(min, max == Long.MAX_VALUE ? max : max + 1);
        for (AgentOption<?> o : AgentOptions.all()) {
            assertThat(java.util.stream.IntStream.range(0, 100).filter(i -> arbitraryIsNotDefault(o, choices)).count())
                    .as("values of %s other than its default", o.key()).isPositive();
        }
    }

    private static <T> boolean arbitraryIsNotDefault(AgentOption<T> o, OptionType.Choices choices) {
        T value = o.arbitrary(choices);
        try {
            o.type().check(o.key(), value);
        } catch (AgentOptions.BadOption e) {
            throw new AssertionError(o.key() + "'s own type refuses its arbitrary value " + value, e);
        }
        return !java.util.Objects.equals(value, o.defaultValue());
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

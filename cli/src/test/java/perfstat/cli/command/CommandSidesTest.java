package perfstat.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** compare's command sides as written on its command line. */
class CommandSidesTest {
    @Test
    void sidesAreSplitAtTheSeparatorAndNamed() {
        // picocli has taken the first --name and the first --; the rest reach the parameters as words
        List<CommandSides.Side> sides = CommandSides.parse(List.of("java", "-cp", "old.jar", "App", "1", ":::",
                "--name", "new", "--", "java", "-cp", "new.jar", "App", "1", ":::", "java", "-jar", "x/other.jar"), "old");
        assertThat(sides).extracting(CommandSides.Side::name).containsExactly("old", "new", "C");
        assertThat(sides.get(1).command()).containsExactly("java", "-cp", "new.jar", "App", "1");
        assertThat(CommandSides.subject(sides)).isEqualTo("App vs other.jar");
        assertThat(CommandSides.mainOf(List.of("java", "-Xmx1g", "--add-opens", "a/b=ALL-UNNAMED", "-m", "mod/pkg.Main")))
                .isEqualTo("pkg.Main");
        assertThat(CommandSides.areCommands(List.of("fstime"), null)).isFalse();
        assertThat(CommandSides.areCommands(List.of("java", "App"), null)).isTrue();
    }

    /** One command is a comparison only with --observer-check (with and without probes); otherwise one line says how. */
    @Test
    void oneCommandIsEnoughOnlyForTheObserverCheck() {
        assertThat(CommandSides.parse(List.of("java", "App"), null, 1)).extracting(CommandSides.Side::name).containsExactly("A");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CommandSides.parse(List.of("java", "App"), null))
                .isInstanceOf(perfstat.cli.user.UserError.class).hasMessageContaining("--observer-check");
    }
}

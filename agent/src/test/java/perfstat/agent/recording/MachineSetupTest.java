package perfstat.agent.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine's governor and THP modes from /sys: the chosen word, and "" for anything unreadable, never an exception. */
class MachineSetupTest {
    @TempDir
    Path dir;

    @Test
    void aSysfsChoiceIsItsBracketedWord() {
        assertThat(MachineSetup.chosen("always [madvise] never")).isEqualTo("madvise");
        assertThat(MachineSetup.chosen("always defer defer+madvise [madvise] never")).isEqualTo("madvise");
        assertThat(MachineSetup.chosen("performance")).isEqualTo("performance");
        assertThat(MachineSetup.chosen("")).isEmpty();
    }

    @Test
    void whatCannotBeReadIsEmpty() throws Exception {
        assertThat(MachineSetup.firstLine(dir.resolve("absent"))).isEmpty();
        assertThat(MachineSetup.firstLine(dir)).isEmpty(); // a directory
        Path f = Files.writeString(dir.resolve("governor"), "schedutil\nignored\n");
        assertThat(MachineSetup.firstLine(f)).isEqualTo("schedutil");
        Path longLine = Files.writeString(dir.resolve("long"), "x".repeat(200));
        assertThat(MachineSetup.firstLine(longLine)).hasSize(64);
    }
}

package perfstat.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The program's name, from the launcher's command: never a directory, never an argument. */
class ProgramNameTest {
    @Test
    void aMainClassIsNamedWithoutItsArguments() {
        assertThat(ProgramName.of("com.example.Tok 1000000 /home/me/secret.txt")).isEqualTo("com.example.Tok");
        assertThat(ProgramName.of("Tok")).isEqualTo("Tok");
        assertThat(ProgramName.of("com.example.Tok x.jar")).isEqualTo("com.example.Tok");
        assertThat(ProgramName.of("my.module/com.example.Tok --in /data")).isEqualTo("com.example.Tok");
    }

    @Test
    void aJarIsNamedByItsFileName() {
        assertThat(ProgramName.of("/home/me/work/tok.jar 1000")).isEqualTo("tok.jar");
        assertThat(ProgramName.of("/home/me/my work/tok-1.0.jar")).isEqualTo("tok-1.0.jar");
        assertThat(ProgramName.of("tok.jar")).isEqualTo("tok.jar");
        assertThat(ProgramName.of("C:\\apps\\tok.jar a b")).isEqualTo("tok.jar");
    }

    @Test
    void aSourceFileIsNamedByItsFileName() {
        assertThat(ProgramName.of("jdk.compiler/com.sun.tools.javac.launcher.SourceLauncher /tmp/x/Tok.java 3"))
                .isEqualTo("Tok.java");
    }

    @Test
    void nothingThatIsNotAProgramIsNamed() {
        assertThat(ProgramName.of(null)).isEmpty();
        assertThat(ProgramName.of("  ")).isEmpty();
        assertThat(ProgramName.of("/usr/bin/something else")).isEmpty();
        assertThat(ProgramName.of("../x y")).isEmpty();
    }
}

package perfstat.cli.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.cli.user.UserError;

/** The --score pattern: checked before any run, the numbers it finds in an output, and what it says where it finds none. */
class ScorePatternTest {
    @TempDir
    Path dir;

    @Test
    void aPatternThatDoesNotCompileOrHasNoGroupIsAUsageError() {
        UserError bad = catchThrowableOfType(UserError.class, () -> ScorePattern.of("loop_ms=([0-9.]+", "ms", true));
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.getMessage()).startsWith("--score 'loop_ms=([0-9.]+' is not a regular expression: ")
                .doesNotContain("\n");
        UserError noGroup = catchThrowableOfType(UserError.class, () -> ScorePattern.of("loop_ms=[0-9.]+", null, false));
        assertThat(noGroup.exitCode()).isEqualTo(2);
        assertThat(noGroup.getMessage()).isEqualTo("--score 'loop_ms=[0-9.]+' has no group: put the number in parentheses,"
                + " as in 'loop_ms=([0-9.]+)'");
    }

    @Test
    void theNameIsThePatternsWordsBeforeItsGroup() {
        assertThat(ScorePattern.nameOf("loop_ms=([0-9.]+)")).isEqualTo("loop_ms");
        assertThat(ScorePattern.nameOf("^Score:\\s+(\\d+)")).isEqualTo("Score");
        assertThat(ScorePattern.nameOf("time taken: ([0-9]+) ms")).isEqualTo("time taken");
        assertThat(ScorePattern.nameOf("([0-9.]+) ops/s")).isEqualTo("score");
        ScorePattern p = ScorePattern.of("loop_ms=([0-9.]+)", "ms", true);
        assertThat(p.label()).isEqualTo("loop_ms (ms)");
        assertThat(p.higherIsBetter()).isFalse();
        assertThat(ScorePattern.of("ops=([0-9]+)", null, false).label()).isEqualTo("ops");
    }

    @Test
    void everyMatchOfEveryLineIsANumberAndTheRunsScoreIsTheirMean() throws Exception {
        Path out = dir.resolve("a.out");
        Files.writeString(out, "warm-up\nloop_ms=10.5 loop_ms=11.5\nnoise loop_ms=\nloop_ms=1e1\n");
        ScorePattern.Found f = ScorePattern.of("loop_ms=([0-9.e]+)", "ms", true).find(out, "old, run 1 of 5");
        assertThat(f.values()).containsExactly(10.5, 11.5, 10.0);
        assertThat(f.mean()).isEqualTo(32.0 / 3);
    }

    @Test
    void anOutputWithoutAMatchIsADataErrorQuotingItsFirstLines() throws Exception {
        Path out = dir.resolve("a.out");
        Files.write(out, List.of("tokens=300000 chars=4800000", "loop-ms: 12", "3", "4", "5", "six is not quoted"));
        UserError e = catchThrowableOfType(UserError.class,
                () -> ScorePattern.of("loop_ms=([0-9.]+)", "ms", true).find(out, "old, run 1 of 5"));
        assertThat(e.exitCode()).isEqualTo(1);
        assertThat(e.getMessage()).isEqualTo("--score 'loop_ms=([0-9.]+)' found nothing in the output of old, run 1 of 5,"
                + " which begins: tokens=300000 chars=4800000 | loop-ms: 12 | 3 | 4 | 5");
        Files.writeString(out, "");
        assertThat(catchThrowableOfType(UserError.class, () -> ScorePattern.of("x=(\\d+)", null, false).find(out, "the command"))
                .getMessage()).isEqualTo("--score 'x=(\\d+)' found nothing in the output of the command, which printed nothing");
    }

    @Test
    void aGroupThatIsNotANumberIsADataError() throws Exception {
        Path out = dir.resolve("a.out");
        Files.writeString(out, "loop_ms=fast\n");
        UserError e = catchThrowableOfType(UserError.class,
                () -> ScorePattern.of("loop_ms=(\\w+)", "ms", true).find(out, "new, run 2 of 5"));
        assertThat(e.exitCode()).isEqualTo(1);
        assertThat(e.getMessage()).isEqualTo("--score 'loop_ms=(\\w+)': group 1 matched 'fast' in the output of new, run 2 of 5,"
                + " which is not a number");
    }
}

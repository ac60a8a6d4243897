package perfstat.cli.user;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Memory run out is said in one line that names what perfstat was doing and the override; a spin is told from work. */
class OutOfMemoryTest {
    @Test
    void theLineNamesWhatWasReadAndTheOverride() {
        try {
            OutOfMemory.doing("reading /data/a/r0412.jfr (412 of 2000 recordings)");
            String line = OutOfMemory.line();
            assertThat(line).startsWith("out of memory reading /data/a/r0412.jfr (412 of 2000 recordings): perfstat's heap is ")
                    .contains(" MB; give it more with PERFSTAT_JAVA_OPTS=-Xmx").doesNotContain("\n");
            OutOfMemory.doing("");
            assertThat(OutOfMemory.line()).startsWith("out of memory: perfstat's heap is ");
        } finally {
            OutOfMemory.doing("");
        }
    }

    @Test
    void aStrikeIsASecondOfCollectionsWithTheOldGenerationStillFull() {
        long max = 192L << 20;
        assertThat(OutOfMemory.strike(950, 1000, (long) (0.97 * max), max)).isTrue(); // the spiral: 2,188 full GCs in 10 min
        assertThat(OutOfMemory.strike(950, 1000, max / 2, max)).isFalse(); // busy collecting, but it frees: work
        assertThat(OutOfMemory.strike(500, 1000, (long) (0.97 * max), max)).isFalse(); // full, but the program runs
        assertThat(OutOfMemory.strike(950, 1000, -1, -1)).isFalse(); // nothing known: never a strike
        assertThat(OutOfMemory.strike(0, 0, max, max)).isFalse();
    }
}

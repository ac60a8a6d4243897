package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A side that holds one recording several times (copies under other names, a gzipped copy, one name given twice) counts
 * it once and says so: counted as several runs, one run would narrow every interval (300 copies of 6 runs had judged
 * every row significant, GC pauses +258.72% [+225.7%, +295.1%]).
 */
class CopiesCountOnceTest {
    private static final Path PATCHED = Path.of("../recordings/fstime-patched.jfr");
    private static final Path UNPATCHED = Path.of("../recordings/fstime-unpatched.jfr");

    private static String[] diff(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 1];
        all[0] = "diff";
        System.arraycopy(args, 0, all, 1, args.length);
        int code = Main.execute(all, new PrintWriter(out), new PrintWriter(err));
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void copiesInADirectoryCountOnceAndAreSaid(@TempDir Path dir) throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        Files.copy(UNPATCHED, a.resolve("r1.jfr"));
        Files.copy(UNPATCHED, a.resolve("r2.jfr"));
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(a.resolve("r3.jfr.gz")))) {
            Files.copy(UNPATCHED, gz);
        }
        String[] r = diff(a.toString(), PATCHED.toString(), "--all");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1]).contains("(1 thread, 10 s) |")
                .contains(a + ": 2 recordings left out as the same as another there (such as " + a.resolve("r2.jfr") + ", the same as "
                        + a.resolve("r1.jfr") + ", which is kept)")
                .contains("1 distinct recording compared");
    }

    @Test
    void oneNameGivenTwiceCountsOnce() {
        String[] r = diff(UNPATCHED.toString(), UNPATCHED.toString(), "--", PATCHED.toString(), "--all");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1]).contains("(1 thread, 10 s) |").contains("1 recording left out as the same as another there");
    }

    @Test
    void distinctRecordingsOfOneWorkloadAreAllKept(@TempDir Path dir) throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        Files.copy(UNPATCHED, a.resolve("r1.jfr"));
        Files.copy(PATCHED, a.resolve("r2.jfr"));
        String[] r = diff(a.toString(), PATCHED.toString(), "--all");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1]).contains(", 2 | 1 runs)").doesNotContain("as the same as");
    }
}

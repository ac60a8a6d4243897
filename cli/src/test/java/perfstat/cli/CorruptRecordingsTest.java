package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Truncated and bit-flipped copies of a committed recording, fed to report and diff in
 * process: whatever the JDK's parser makes of them (InternalError included), the user sees at
 * most one line on stderr, never a stack trace, and the exit status says whether it worked.
 */
class CorruptRecordingsTest {
    private static final Path RECORDING = Path.of("../recordings/fstime-patched.jfr");

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new String[] {Integer.toString(code), err.toString()};
    }

    private static void atMostOneLine(String[] r) {
        String err = r[1].strip();
        assertThat(err.lines().count()).as(err).isLessThanOrEqualTo(1);
        assertThat(err).doesNotContain("\tat ").doesNotContain("Exception in");
        assertThat(r[0]).isIn(err.isEmpty() ? new String[] {"0"} : new String[] {"1", "2"});
    }

    /** A recording cut short says so, wherever the cut falls (near the end, the parser had said IndexOutOfBoundsException). */
    @Test
    void aTruncatedRecordingIsCalledTruncated() throws Exception {
        byte[] original = Files.readAllBytes(RECORDING);
        Path dir = Files.createTempDirectory("perfstat-truncated-");
        try {
            for (int length : new int[] {100, 2000, 60_000, original.length / 2, original.length - 1895, original.length - 1}) {
                Path f = dir.resolve("cut.jfr");
                Files.write(f, java.util.Arrays.copyOf(original, length));
                String[] r = run("report", f.toString());
                assertThat(r[0]).isEqualTo("1");
                assertThat(r[1].strip()).as("cut at %d of %d bytes", length, original.length)
                        .isEqualTo("perfstat report: " + f + " is truncated: it ends inside a chunk (a recording still being"
                                + " written, or a copy cut short), so perfstat cannot read it");
            }
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    @Test
    void bitFlipsAndTruncationsGiveOneLineAtMost() throws Exception {
        byte[] original = Files.readAllBytes(RECORDING);
        // the first chunk's metadata (the event types and their fields) starts at the offset its header gives
        int metadata = (int) java.nio.ByteBuffer.wrap(original, 24, 8).getLong();
        Path dir = Files.createTempDirectory("perfstat-corrupt-");
        try {
            qt().withFixedSeed(15L).withExamples(300)
                    .forAll(integers().between(0, original.length - 1), integers().between(0, 7), integers().between(0, 3))
                    .checkAssert((offset, bit, kind) -> {
                        try {
                            byte[] b;
                            if (kind == 0) {
                                b = java.util.Arrays.copyOf(original, offset); // truncated
                            } else {
                                b = original.clone();
                                b[offset] ^= (byte) (1 << bit);
                                if (kind >= 2) { // and one in the metadata, where the parser meets type names
                                    int m = metadata + offset % Math.max(1, Math.min(original.length - metadata, 20_000));
                                    b[m] ^= (byte) (1 << ((bit + kind) % 8));
                                }
                            }
                            Path f = dir.resolve("c.jfr");
                            Files.write(f, b);
                            atMostOneLine(run("report", f.toString()));
                            atMostOneLine(run("diff", f.toString(), RECORDING.toString(), f.toString()));
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }
}

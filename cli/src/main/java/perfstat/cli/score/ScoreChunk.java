package perfstat.cli.score;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import perfstat.cli.user.UserError;
import perfstat.format.RecordingFormat;

/**
 * Records a command's score in its recording. A JFR file is a sequence of self-contained
 * chunks (which is how {@code jfr assemble} joins a repository's files into one), so the
 * score goes into a chunk of its own, appended: perfstat's JVM records one
 * {@link ProgramScoreEvent} in a recording that enables that event alone (no stack trace, no
 * other event: nothing of this JVM, its environment or its paths), dumps it, and appends the
 * dump to the command's recording. The command's own chunks are left as they were.
 *
 * <p>The JDK's parser reads a file's chunks as one JVM's: it takes the time base from the first
 * chunk (both JVMs count ticks on the same machine's monotonic clock, so the score's time stays
 * right) and it reuses the previous chunk's metadata, type ids included, where the next chunk
 * carries the same metadata id. Two JVMs number their metadata alike, so where the appended
 * chunk's id equals the recording's last chunk's, the event would be read with the command's
 * type ids and lost: the appended chunk's id is then changed (its lowest bit, which keeps the
 * length of its encoding), so that the parser reads the chunk's own metadata.
 */
public final class ScoreChunk {
    private ScoreChunk() {
    }

    /** Where a chunk's header holds its size, and the offset of its metadata event. */
    private static final int SIZE_AT = 8;
    private static final int METADATA_AT = 24;

    /**
     * The metadata id of the last chunk of the recording {@code jfr}: the fifth number of its metadata event (size,
     * type 0, start, duration, id), each a LEB128 varint as the JDK writes them.
     */
    static long lastMetadataId(Path jfr) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(jfr, StandardOpenOption.READ)) {
            java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(METADATA_AT + Long.BYTES);
            long at = 0;
            long last = -1;
            while (at < ch.size()) {
                header.clear();
                if (ch.read(header, at) < header.capacity() || header.getLong(SIZE_AT) <= 0) {
                    throw new IOException("not whole chunks");
                }
                last = at;
                at += header.getLong(SIZE_AT);
            }
            header.clear();
            ch.read(header, last);
            java.nio.ByteBuffer event = java.nio.ByteBuffer.allocate(5 * 9);
            ch.read(event, last + header.getLong(METADATA_AT));
            return varints(event.array(), 0)[1];
        }
    }

    /** Changes the metadata id of each chunk of {@code chunks} that has the previous chunk's id ({@code previous} first). */
    static void distinctMetadata(long previous, byte[] chunks) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(chunks);
        int at = 0;
        while (at < chunks.length) {
            int size = (int) b.getLong(at + SIZE_AT);
            long[] id = varints(chunks, at + (int) b.getLong(at + METADATA_AT));
            if (id[1] == previous) {
                chunks[(int) id[0]] ^= 1; // the lowest bit of the id, in the first byte of its varint
            }
            previous = id[1] ^ (id[1] == previous ? 1 : 0);
            at += size;
        }
    }

    /** The position and value of the metadata id in the metadata event at {@code at}: its fifth varint. */
    private static long[] varints(byte[] bytes, int at) {
        int p = at;
        long value = 0;
        int start = at;
        for (int n = 0; n < 5; n++) {
            start = p;
            value = 0;
            for (int shift = 0; ; shift += 7) {
                int b = bytes[p++];
                if (shift == 56) {
                    value |= (long) (b & 0xFF) << 56; // the ninth byte: all eight bits
                    break;
                }
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    break;
                }
            }
        }
        return new long[] {start, value};
    }

    /** Appends {@code found}, as {@code score} names it, to the recording {@code jfr}. */
    public static void append(Path jfr, ScorePattern score, ScorePattern.Found found) {
        Path dump = null;
        try {
            dump = Files.createTempFile(jfr.toAbsolutePath().getParent(), ".score-", ".jfr");
            // a class loaded before JFR started in this JVM is not yet an event JFR knows: registered, it is
            jdk.jfr.FlightRecorder.register(ProgramScoreEvent.class);
            try (Recording r = new Recording()) {
                r.enable(ProgramScoreEvent.class).withoutStackTrace();
                r.start();
                ProgramScoreEvent e = new ProgramScoreEvent();
                e.formatVersion = RecordingFormat.VERSION;
                e.scoreName = score.name();
                e.scoreUnit = score.unit();
                e.higherIsBetter = score.higherIsBetter();
                e.score = found.mean();
                e.values = found.values().stream().map(String::valueOf).collect(Collectors.joining(" "));
                e.matches = found.values().size();
                e.commit();
                r.stop();
                r.dump(dump);
            }
            byte[] chunk = Files.readAllBytes(dump);
            distinctMetadata(lastMetadataId(jfr), chunk);
            try (OutputStream out = Files.newOutputStream(jfr, StandardOpenOption.APPEND)) {
                out.write(chunk);
            }
        } catch (IOException | RuntimeException e) {
            throw UserError.data("cannot record the score in " + jfr + ": " + e.getMessage());
        } finally {
            if (dump != null) {
                try {
                    Files.deleteIfExists(dump);
                } catch (IOException e) {
                    // a leftover in the recording's directory, named .score-*
                }
            }
        }
    }
}

package perfstat.cli.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * A recording's own span, from its chunk headers: from the first chunk's start to the last
 * one's end, as the JVM that wrote it measured them. Events can start before the recording
 * (a long GC begun earlier) or lie about their times; the headers do not.
 *
 * <p>A chunk header, as the JDK writes it (big-endian): magic {@code FLR\0}, major and minor
 * version (2 bytes each), chunk size, constant pool offset, metadata offset, start in epoch
 * nanoseconds, duration in nanoseconds (8 bytes each), and more this class does not need.
 */
final class ChunkHeaders {
    private static final int MAGIC = 0x464C5200; // "FLR\0"
    private static final int HEADER = 48;

    private ChunkHeaders() {
    }

    /** Whether the file starts as a recording does ({@code FLR\0}). */
    static boolean flightRecorderFile(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(4);
            return ch.read(b, 0) == 4 && b.getInt(0) == MAGIC;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Whether the file is whole chunks, end to end: a truncated copy is not. */
    static boolean complete(Path file) {
        Chunks c = walk(file);
        return c != null && c.whole();
    }

    /** The span of the recording at {@code file}, or null where a header is missing, short or unfinished. */
    static Duration span(Path file) {
        Chunks c = walk(file);
        return c == null || !c.whole() || !c.timed() ? null : Duration.ofNanos(c.lastEndNs() - c.firstStartNs());
    }

    /**
     * The recording's content in short ({@link RunData.Content}), or null where the file cannot be read: one more pass
     * over bytes the parser has just read, so from the page cache (CRC-32C runs at several GB/s).
     */
    static RunData.Content content(Path file) {
        Chunks c = walk(file);
        if (c == null) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
            ByteBuffer b = ByteBuffer.allocateDirect(1 << 16);
            long pos = 0;
            for (int n; (n = ch.read(b, pos)) > 0; pos += n) {
                b.flip();
                crc.update(b);
                b.clear();
            }
            return new RunData.Content(size, c.headers(), crc.getValue());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * What the chunk headers say, read from one to the next.
     *
     * @param whole   whether the chunks end exactly at the end of the file
     * @param timed   whether every chunk is finished, with a start and a duration
     * @param headers a hash of the chunk headers read (each one's size, offsets, start and duration)
     */
    private record Chunks(boolean whole, boolean timed, long firstStartNs, long lastEndNs, long headers) {
    }

    /** The chunks, or null for a file whose first bytes are no chunk header. */
    private static Chunks walk(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long pos = 0;
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            boolean timed = true;
            long headers = 17;
            ByteBuffer b = ByteBuffer.allocate(HEADER);
            while (pos < size) {
                b.clear();
                if (ch.read(b, pos) < HEADER || b.getInt(0) != MAGIC || b.getLong(8) < HEADER) {
                    return pos == 0 ? null : new Chunks(false, false, first, last, headers);
                }
                for (int i = 8; i < HEADER; i += 8) {
                    headers = headers * 31 + b.getLong(i);
                }
                long startNs = b.getLong(32);
                long durationNs = b.getLong(40);
                if (durationNs <= 0 || startNs <= 0) {
                    timed = false; // a chunk still being written
                } else {
                    first = Math.min(first, startNs);
                    last = Math.max(last, startNs + durationNs);
                }
                pos += b.getLong(8);
            }
            return new Chunks(pos == size, timed && first != Long.MAX_VALUE, first, last, headers);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}

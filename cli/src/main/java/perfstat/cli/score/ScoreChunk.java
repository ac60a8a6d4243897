package perfstat.cli.score;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Collectors;
import java.util.List;
import jdk.jfr.Event;
import jdk.jfr.EventFactory;
import jdk.jfr.EventType;
import jdk.jfr.Recording;
import jdk.jfr.ValueDescriptor;
import jdk.jfr.consumer.RecordingFile;
import perfstat.cli.user.UserError;
import perfstat.format.Events;
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
 *
 * <p>An event's type id is its JVM's own too, and a reader keyed by it across chunks (the JDK's event stream finds
 * handlers by it, {@code jfr summary} counts by it) would take the score for the command's event of that id: the score
 * is committed as an event type made for the purpose ({@link jdk.jfr.EventFactory}, from {@link ProgramScoreEvent}'s
 * declaration), made again until its id is none the recording has.
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

    /** The fields every event has, which {@link EventFactory} adds itself. */
    private static final java.util.Set<String> IMPLICIT = java.util.Set.of("startTime", "duration", "eventThread", "stackTrace");

    /** {@code type}'s own fields, in order: those a factory is made with, which {@link Event#set} indexes. */
    private static List<ValueDescriptor> ownFields(EventType type) {
        return type.getFields().stream().filter(f -> !IMPLICIT.contains(f.getName())).toList();
    }
    /** Event types made before one with an id the recording does not have is given up. */
    static final int ATTEMPTS = 64;

    /** The ids of every event type of the recording {@code jfr}, in any of its chunks. */
    static java.util.Set<Long> typeIds(Path jfr) throws IOException {
        java.util.Set<Long> ids = new java.util.HashSet<>();
        try (RecordingFile f = new RecordingFile(jfr)) {
            for (EventType t : f.readEventTypes()) {
                ids.add(t.getId());
            }
        }
        return ids;
    }

    /**
     * A score event type declared as {@link ProgramScoreEvent} is, with an id none of {@code taken}; the types made on
     * the way are unregistered.
     */
    static EventFactory scoreType(java.util.Set<Long> taken) throws IOException {
        jdk.jfr.FlightRecorder.register(ProgramScoreEvent.class); // for its declaration; not a type the chunk shows
        EventType declared = EventType.getEventType(ProgramScoreEvent.class);
        List<ValueDescriptor> fields = ownFields(declared);
        jdk.jfr.FlightRecorder.unregister(ProgramScoreEvent.class); // the chunk's metadata has the made type alone
        for (int i = 0; i < ATTEMPTS; i++) {
            EventFactory f = EventFactory.create(declared.getAnnotationElements(), fields);
            if (!taken.contains(f.getEventType().getId())) {
                return f;
            }
            f.unregister();
        }
        throw new IOException("no event type id free of the recording's after " + ATTEMPTS + " tries");
    }

    /** Appends {@code found}, as {@code score} names it, to the recording {@code jfr}. */
    public static void append(Path jfr, ScorePattern score, ScorePattern.Found found) {
        Path dump = null;
        try {
            dump = Files.createTempFile(jfr.toAbsolutePath().getParent(), ".score-", ".jfr");
            EventFactory type = scoreType(typeIds(jfr));
            try (Recording r = new Recording()) {
                r.enable(ProgramScoreEvent.NAME).withoutStackTrace();
                r.start();
                Event e = type.newEvent();
                List<ValueDescriptor> fields = ownFields(type.getEventType());
                java.util.function.BiConsumer<String, Object> set = (name, value) -> {
                    for (int i = 0; i < fields.size(); i++) {
                        if (fields.get(i).getName().equals(name)) {
                            e.set(i, value);
                            return;
                        }
                    }
                    throw new IllegalStateException("the score's event has no field " + name);
                };
                set.accept(Events.ProgramScore.FORMAT_VERSION, RecordingFormat.VERSION);
                set.accept(Events.ProgramScore.SCORE_NAME, score.name());
                set.accept(Events.ProgramScore.SCORE_UNIT, score.unit());
                set.accept(Events.ProgramScore.HIGHER_IS_BETTER, score.higherIsBetter());
                set.accept(Events.ProgramScore.SCORE, found.mean());
                set.accept(Events.ProgramScore.VALUES, found.values().stream().map(String::valueOf).collect(Collectors.joining(" ")));
                set.accept(Events.ProgramScore.MATCHES, found.values().size());
                set.accept(Events.ProgramScore.ITERATIONS, score.iterations());
                e.commit();
                r.stop();
                r.dump(dump);
            } finally {
                type.unregister();
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

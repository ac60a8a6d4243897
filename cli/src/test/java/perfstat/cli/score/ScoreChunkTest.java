package perfstat.cli.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.format.Events;

/** A command's score, appended to its recording as a chunk of its own: the recording's own events stay, the reader reads the score. */
class ScoreChunkTest {
    @TempDir
    Path dir;

    @Test
    void theScoreIsAChunkOfItsOwnAfterTheRecordingsAndReadsAsTheRunsScore() throws Exception {
        Path jfr = Path.of("../recordings/fstime-unpatched.jfr");
        Path copy = dir.resolve("run.jfr");
        Files.copy(jfr, copy);
        long before = Files.size(copy);
        Path out = dir.resolve("run.out");
        Files.writeString(out, "warming up\nloop_ms=12.5\nloop_ms=13.5\ndone\n");
        ScorePattern p = ScorePattern.of("loop_ms=([0-9.]+)", "ms", true);

        ScoreChunk.append(copy, p, p.find(out, "run 1"));

        assertThat(Files.size(copy)).isGreaterThan(before);
        assertThat(Files.mismatch(jfr, copy)).as("the recording's own bytes are untouched").isEqualTo(before);
        List<RecordedEvent> events = RecordingFile.readAllEvents(copy);
        List<RecordedEvent> scores = events.stream().filter(e -> e.getEventType().getName().equals(Events.ProgramScore.NAME)).toList();
        assertThat(scores).hasSize(1);
        assertThat(scores.get(0).getStackTrace()).isNull();
        // nothing of perfstat's own JVM besides the score: the appended chunk's events are the score alone
        assertThat(events.size() - 1).isEqualTo(RecordingFile.readAllEvents(jfr).size());
        String appended = new String(java.util.Arrays.copyOfRange(Files.readAllBytes(copy), (int) before, (int) Files.size(copy)),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        for (String path : List.of(dir.toString(), Path.of("").toAbsolutePath().toString(), System.getProperty("java.home"),
                System.getProperty("user.home") + "/")) {
            assertThat(appended).as("no path of this machine").doesNotContain(path);
        }
        // its type's id is none the recording had, so that no reader keyed by ids takes it for another type
        assertThat(ScoreChunk.typeIds(jfr)).doesNotContain(scores.get(0).getEventType().getId());
        try (RecordingFile f = new RecordingFile(copy)) {
            assertThat(f.readEventTypes()).filteredOn(t -> t.getName().equals(Events.ProgramScore.NAME)).hasSize(1);
        }
        RunData run = RecordingReader.read(copy.toString());
        assertThat(run.programScore()).isEqualTo(new RunData.ProgramScore("loop_ms", "ms", false, 13.0, List.of(12.5, 13.5)));
        assertThat(run.workload()).as("a model's run is still that model's").isEqualTo(RecordingReader.read(jfr.toString()).workload());
    }

    @Test
    void everyAppendReadsBackWhateverMetadataIdThisJvmHasReached() throws Exception {
        // the ids of two JVMs meet now and then (this JVM's fourth recording met the committed one's in a trial)
        ScorePattern p = ScorePattern.of("ops=([0-9]+)", "ops/s", false);
        Path out = dir.resolve("run.out");
        Files.writeString(out, "ops=41\n");
        for (int i = 0; i < 8; i++) {
            Path copy = dir.resolve("run" + i + ".jfr");
            Files.copy(Path.of("../recordings/fstime-unpatched.jfr"), copy);
            ScoreChunk.append(copy, p, p.find(out, "run " + i));
            assertThat(RecordingReader.read(copy.toString()).programScore()).as("append %d", i).isNotNull()
                    .extracting(RunData.ProgramScore::score).isEqualTo(41.0);
        }
    }

    @Test
    void aChunkWithThePreviousChunksMetadataIdGetsAnotherOfTheSameLength() {
        byte[] chunk = fakeChunk(7);
        ScoreChunk.distinctMetadata(7, chunk);
        assertThat(chunk[METADATA + 4]).isEqualTo((byte) 6);
        byte[] other = fakeChunk(7);
        ScoreChunk.distinctMetadata(9, other);
        assertThat(other).isEqualTo(fakeChunk(7));
        byte[] wide = fakeChunk(300); // two bytes of varint: 0xAC 0x02
        ScoreChunk.distinctMetadata(300, wide);
        assertThat(wide[METADATA + 4]).isEqualTo((byte) 0xAD);
        assertThat(wide[METADATA + 5]).isEqualTo((byte) 0x02);
    }

    private static final int METADATA = 68;

    /** A chunk of a header and a metadata event whose id is {@code id}: size 10, type 0, start 5, duration 0, id. */
    private static byte[] fakeChunk(int id) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(METADATA + 16);
        b.putInt(0x464C5200).putShort((short) 2).putShort((short) 1).putLong(METADATA + 16).putLong(0).putLong(METADATA);
        b.position(METADATA);
        b.put((byte) 10).put((byte) 0).put((byte) 5).put((byte) 0);
        if (id < 128) {
            b.put((byte) id);
        } else {
            b.put((byte) (0x80 | (id & 0x7F))).put((byte) (id >> 7));
        }
        return b.array();
    }

    /**
     * The JDK's event stream finds an event's handlers by its type's id, cached from the first chunk that had it; ids are
     * a JVM's own, so the score chunk perfstat's JVM appends can give its score the id the command's JVM gave another
     * type. This fixture is such a run ({@code compare --score 'loop_ms=([0-9.]+)'} of a small program of ours, the
     * recording scrubbed to perfstat's events): its score has perfstat.Setup's id, and was read as a Setup without
     * its fields, the score lost.
     */
    @Test
    void aScoreWhoseTypeIdTheRecordingGaveAnotherTypeIsReadAsTheScore() throws Exception {
        Path f = Path.of("src/test/resources/score/type-id-clash.jfr");
        java.util.Map<String, Long> ids = new java.util.HashMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(f)) {
            ids.put(e.getEventType().getName(), e.getEventType().getId());
        }
        assertThat(ids.get(Events.ProgramScore.NAME)).as("the fixture's clash").isEqualTo(ids.get("perfstat.Setup"));
        RunData run = RecordingReader.read(f.toString());
        assertThat(run.programScore()).isEqualTo(new RunData.ProgramScore("loop_ms", "ms", false, 2066.507239,
                List.of(2066.507239)));
        assertThat(run.losses().skipped()).isEmpty();
    }

    /** A made type whose id the recording has is made again: the next id this JVM gives an event type is taken here. */
    @Test
    void aScoreTypeIsMadeAgainUntilItsIdIsFree() throws Exception {
        jdk.jfr.EventFactory a = ScoreChunk.scoreType(java.util.Set.of());
        long first = a.getEventType().getId();
        a.unregister();
        jdk.jfr.EventFactory b = ScoreChunk.scoreType(java.util.Set.of());
        long second = b.getEventType().getId();
        b.unregister();
        long step = second - first;
        long next = second + step;
        jdk.jfr.EventFactory c = ScoreChunk.scoreType(java.util.Set.of(next));
        assertThat(c.getEventType().getId()).isNotEqualTo(next).isEqualTo(next + step);
        assertThat(c.getEventType().getName()).isEqualTo(Events.ProgramScore.NAME);
        c.unregister();
    }
}

package perfstat.cli.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet read: several at once, in the order named, a bad file refused alone, and what the recordings repeat held once
 * (a JVM's flags and JFR settings were 182 KB of each recording's 188 KB summary, so diff of 1,000 a side spun in full
 * collections; now about 4 KB).
 */
class FleetReadTest {
    private static final Path RECORDING = Path.of("../recordings/fstime-patched.jfr");

    @TempDir
    Path dir;

    @Test
    void readAllKeepsTheOrderAndRefusesABadFileAlone() throws Exception {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Path f = dir.resolve("r" + i + ".jfr");
            if (i == 2) {
                Files.writeString(f, "not a recording");
            } else {
                Files.copy(RECORDING, f);
            }
            names.add(f.toString());
        }
        List<Integer> told = new ArrayList<>();
        List<RecordingReader.Read> read = RecordingReader.readAll(names, told::add);
        assertThat(read).extracting(RecordingReader.Read::name).containsExactlyElementsOf(names);
        assertThat(told).containsExactly(1, 2, 3, 4, 5);
        assertThat(read.get(2).run()).isNull();
        assertThat(read.get(2).error().getMessage()).contains("r2.jfr is not a readable JFR recording");
        for (int i : new int[] {0, 1, 3, 4}) {
            assertThat(read.get(i).error()).isNull();
            assertThat(read.get(i).run().file()).isEqualTo(names.get(i));
        }
    }

    /** A plain recording under the JDK's profile settings (its flags, settings and samples), of some work. */
    private Path profiled(String name) throws Exception {
        Path out = dir.resolve(name);
        try (jdk.jfr.Recording r = new jdk.jfr.Recording(jdk.jfr.Configuration.getConfiguration("profile"))) {
            r.start();
            long end = System.nanoTime() + 300_000_000L;
            long sink = 0;
            while (System.nanoTime() < end) {
                sink += Long.toString(sink * 31 + 7).hashCode();
            }
            r.stop();
            r.dump(out);
            assertThat(sink).isNotEqualTo(1);
        }
        return out;
    }

    @Test
    void whatRecordingsRepeatIsHeldOnce() throws Exception {
        Path a = profiled("a.jfr");
        Path b = profiled("b.jfr"); // another recording, not a copy: what it shares with the first is the JVM's
        RunData x = RecordingReader.read(a.toString());
        RunData y = RecordingReader.read(b.toString());
        RunData copy = RecordingReader.read(Files.copy(a, dir.resolve("a-copy.jfr")).toString());
        assertThat(x.jdk().setup().flags()).isNotEmpty();
        assertThat(y.jdk().setup()).isSameAs(x.jdk().setup());
        assertThat(x.jdk().settings().recorded()).isTrue();
        // the settings of the JVM's other recordings are in each file too (other tests run beside this one): a copy's
        // are equal to the first's, and then the same object
        assertThat(copy.jdk().settings()).isSameAs(x.jdk().settings());
        if (y.jdk().settings().equals(x.jdk().settings())) {
            assertThat(y.jdk().settings()).isSameAs(x.jdk().settings());
        }
        // a method both sampled (each recording's keys are strings of its own read)
        String method = x.jdk().hot().total().keySet().stream().filter(y.jdk().hot().total()::containsKey)
                .filter(m -> m.contains("FleetReadTest")).findFirst().orElseThrow();
        String same = y.jdk().hot().total().keySet().stream().filter(method::equals).findFirst().orElseThrow();
        assertThat(same).isSameAs(method);
    }

    @Test
    void equalValuesShareOneCopyAndOthersStayApart() {
        List<String> one = List.of(new String("x"), new String("y"));
        List<String> two = List.of(new String("x"), new String("y"));
        assertThat(Shared.value(two)).isSameAs(Shared.value(one));
        List<String> other = List.of("x", "z");
        assertThat(Shared.value(other)).isSameAs(other).isNotSameAs(Shared.value(one));
        assertThat(Shared.value((Object) null)).isNull();
    }

    /** A directory's recordings in the order a person numbers them: compare's A.2.jfr before A.10.jfr, as they ran. */
    @Test
    void aDirectoryIsReadInNumberOrder() throws Exception {
        for (String n : List.of("A.1.jfr", "A.10.jfr", "A.2.jfr", "A.11.jfr", "A.9.jfr", "b.jfr")) {
            Files.writeString(dir.resolve(n), "x");
        }
        assertThat(RecordingReader.recordings(dir.toString())).extracting(p -> p.getFileName().toString())
                .containsExactly("A.1.jfr", "A.2.jfr", "A.9.jfr", "A.10.jfr", "A.11.jfr", "b.jfr");
    }
}

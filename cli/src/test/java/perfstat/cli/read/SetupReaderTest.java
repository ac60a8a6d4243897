package perfstat.cli.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.agent.recording.MachineSetup;
import perfstat.agent.recording.RecordingSession;

/** What a run was, as the agent's recording holds it and the reader gives it back (issue "Like with like"). */
class SetupReaderTest {
    @TempDir
    Path dir;

    @Test
    void theAgentsRecordingSaysWhatTheRunWasAndNothingPrivate() throws Exception {
        Path f = dir.resolve("setup.jfr");
        Recording r = RecordingSession.start(f, 10_000, false, false);
        MachineSetup.commitEvent();
        r.stop();
        r.close();
        RunData run = RecordingReader.read(f.toString());
        Setup s = run.jdk().setup();
        assertThat(s.aspects()).containsEntry(Setup.JDK, Runtime.version().toString())
                .containsEntry(Setup.VENDOR, System.getProperty("java.vm.vendor"))
                .containsEntry(Setup.CPUS_SEEN, String.valueOf(Runtime.getRuntime().availableProcessors()))
                .containsEntry(Setup.MODE, "mixed")
                .containsKeys(Setup.CDS, Setup.HEAP, Setup.COMPRESSED_OOPS, Setup.JIT, Setup.CPU, Setup.HW_THREADS,
                        Setup.CONTAINER_CPU, Setup.CONTAINER_MEMORY);
        assertThat(s.aspects().get(Setup.GC)).isIn("G1", "Parallel", "Serial", "ZGC", "Shenandoah");
        assertThat(s.aspects().get(Setup.JIT)).matches("(not )?tiered, \\d+ compiler threads");
        assertThat(s.aspects().get(Setup.HEAP)).startsWith("initial ").contains(", max ");
        assertThat(s.flags()).containsKeys("UseCompressedOops", "TieredStopAtLevel", "UseTransparentHugePages");
        assertThat(s.flags()).doesNotContainKeys("ErrorFile", "SharedArchiveFile", "HeapDumpPath"); // jdk.StringFlag: off
        if (Files.isReadable(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"))) {
            assertThat(s.aspects().get(Setup.THP)).isIn("always", "madvise", "never");
        }
        // the settings of the events the rows rest on, as the recording applied them
        assertThat(run.jdk().settings().value("jdk.JavaMonitorEnter", "threshold")).contains("10000 ns");
        String bytes = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(bytes).doesNotContain(System.getProperty("user.home")).doesNotContain(System.getProperty("java.class.path"));
    }

    @Test
    void aRecordingWithoutTheEventsSaysNothingOfItsSetup() throws Exception {
        Path f = dir.resolve("bare.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.CPULoad");
            r.start();
            Thread.sleep(20);
            r.stop();
            r.dump(f);
        }
        assertThat(RecordingReader.read(f.toString()).jdk().setup().aspects()).doesNotContainKeys(Setup.GC, Setup.VENDOR,
                Setup.CONTAINER_CPU);
    }

    @Test
    void collectorsAndSizesAreNamedAsUsersKnowThem() {
        assertThat(SetupCollector.collector("G1New", "G1Old")).isEqualTo("G1");
        assertThat(SetupCollector.collector("ParallelScavenge", "ParallelOld")).isEqualTo("Parallel");
        assertThat(SetupCollector.collector("DefNew", "SerialOld")).isEqualTo("Serial");
        assertThat(SetupCollector.collector("Z", "Z")).isEqualTo("ZGC");
        assertThat(SetupCollector.bytes(380L << 20)).isEqualTo("380 MB");
        assertThat(SetupCollector.bytes(6_320_816_128L)).isEqualTo("5.9 GB");
        assertThat(List.of(Setup.compared("UseParallelGC", true), Setup.compared("MaxHeapSize", true),
                Setup.compared("TieredStopAtLevel", false), Setup.compared("PrintGC", false), Setup.compared("PrintGC", true)))
                .containsExactly(false, false, true, false, true);
    }
}

package perfstat.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import jdk.jfr.Recording;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.agent.recording.RecordingSession;

/** What an attached session writes: owner-only files from their first byte, and its lines in its side file. */
class AttachedSessionTest {
    private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> OWNER_ONLY =
            PosixFilePermissions.fromString("rw-------");
    private static Instrumentation inst;

    @TempDir
    Path dir;

    @BeforeAll
    static void instrumentation() {
        inst = ByteBuddyAgent.install();
    }

    @Test
    void theLinesGoToTheSideFileAndEveryFileIsOwnerOnly() throws Exception {
        Path out = dir.resolve("a.jfr");
        Path log = dir.resolve("messages.log");
        AgentOptions o = AgentOptions.builder().out(out.toString()).attached(true).probe("perfstat.testapp.Target::twice")
                .eventNames(List.of("task-clock")).messages(log.toString()).build();
        perfstat.testapp.Target.twice(1); // loaded, as in a running JVM
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true));
        AgentSession s;
        try {
            s = AgentSession.open(o, inst);
        } finally {
            System.setErr(stderr);
        }
        try {
            Path part = dir.resolve("a.jfr.part");
            assertThat(part).exists();
            assertThat(Files.getPosixFilePermissions(part)).as("the partial recording").isEqualTo(OWNER_ONLY);
        } finally {
            s.close();
        }
        assertThat(Files.readString(log)).isEqualTo("perfstat agent: probes so far: 'perfstat.testapp.Target::twice' 1 method\n");
        assertThat(Files.getPosixFilePermissions(log)).isEqualTo(OWNER_ONLY);
        assertThat(captured.toString()).as("nothing on the host's stderr").isEmpty();
        assertThat(Files.getPosixFilePermissions(out)).isEqualTo(OWNER_ONLY);
    }

    @Test
    void aLineThatCannotReachItsFileGoesToStderr() {
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true));
        try {
            Messages.to(dir.resolve("no/such/dir/m.log").toString()).say("hello");
        } finally {
            System.setErr(stderr);
        }
        assertThat(captured.toString()).isEqualTo("perfstat agent: hello" + System.lineSeparator());
    }

    @Test
    void aRecordingWrittenAtExitIsOwnerOnlyFromTheStart() throws Exception {
        Path out = dir.resolve("exit.jfr");
        Recording r = RecordingSession.start(out, 10_000, false);
        try {
            assertThat(Files.getPosixFilePermissions(out)).isEqualTo(OWNER_ONLY);
        } finally {
            r.stop();
            r.close();
        }
        assertThat(Files.size(out)).isPositive();
        assertThat(Files.getPosixFilePermissions(out)).isEqualTo(OWNER_ONLY);
    }
}

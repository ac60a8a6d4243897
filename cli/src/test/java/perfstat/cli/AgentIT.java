package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/** {@code java -javaagent:perfstat.jar=...} on a host application, in forked JVMs. */
class AgentIT {
    private static final int STEPS = 200_000;
    private static final String PROBE = "perfstat.itapp.HostApp$Worker::step";

    @TempDir
    Path dir;

    private Processes.Result host(String java, String agentArgs) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java));
        if (agentArgs != null) {
            cmd.add("-javaagent:" + Processes.jar() + "=" + agentArgs);
        }
        // Only the host's own classes: the agent's must come from perfstat.jar, shaded.
        String hostClasses = Path.of(perfstat.itapp.HostApp.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        cmd.addAll(List.of("-cp", hostClasses, "perfstat.itapp.HostApp", Integer.toString(STEPS)));
        return Processes.run(dir, cmd);
    }

    /** The host without the agent, run once for the class's tests (in the shared recordings' directory). */
    private static Processes.Result bare() throws Exception {
        return Recordings.command("host-bare", null, List.of(Processes.java(), "-cp", Recordings.itapp(), "perfstat.itapp.HostApp",
                Integer.toString(STEPS))).result();
    }

    /**
     * The host under {@code java} with the agent and one probe ({@code probes=PROBE,out=…}), run once for the class's
     * tests (in the shared recordings' directory): where {@code java} is this JVM's JDK, one run serves them all.
     */
    private static Recordings.Made probed(String java) throws Exception {
        String file = "host-probed-" + Integer.toHexString(Recordings.real(java).hashCode()) + ".jfr";
        return Recordings.command("host-probed-" + Recordings.real(java), file, List.of(java,
                "-javaagent:" + Processes.jar() + "=probes=" + PROBE + ",out=" + file, "-cp", Recordings.itapp(),
                "perfstat.itapp.HostApp", Integer.toString(STEPS)));
    }

    /**
     * Counting through FFM (JDK 25, native access), the transformation's clock is the native layer's: the agent loads no
     * java.lang.management into the host, whose own first use would otherwise find it loaded and cost less than
     * without perfstat.
     */
    @Test
    void probedWithCountersTheAgentLoadsNoJavaLangManagement() throws Exception {
        Processes.Result r = Processes.run(dir, List.of(Processes.java(), "--enable-native-access=ALL-UNNAMED", "-verbose:class",
                "-javaagent:" + Processes.jar() + "=probes=" + PROBE + ",out=m.jfr", "-cp", Recordings.itapp(),
                "perfstat.itapp.HostApp", Integer.toString(STEPS)));
        assertThat(r.code()).as(r.err()).isEqualTo(3);
        assertThat(r.out()).contains("perfstat.agent.counters.ThreadCpu").doesNotContain("java.lang.management.ManagementFactory");
        perfstat.cli.read.RunData run = perfstat.cli.read.RecordingReader.read(dir.resolve("m.jfr").toString());
        assertThat(perfstat.cli.stats.RoleRows.transformNs(run.roles())).as("the transformation timed").isPositive();
    }

    @Test
    void probesCountEveryCallAndTheHostRunsAsWithout() throws Exception {
        Processes.Result bare = bare();
        Processes.Result probed = probed(Processes.java()).result();
        assertThat(bare.code()).isEqualTo(3);
        assertThat(probed.code()).isEqualTo(3); // System.exit's status survives
        assertThat(probed.out()).isEqualTo(bare.out());
        assertThat(probed.err()).isEmpty();
        RunData run = RecordingReader.read(probed(Processes.java()).path().toString());
        assertThat(run.probes()).containsKey(PROBE);
        assertThat(run.probes().get(PROBE).calls()).isEqualTo(STEPS);
        assertThat(run.probes().get(PROBE).latencyNs().getTotalCount()).isPositive();
        assertThat(run.countersStart()).isNotNull();
        assertThat(run.countersEnd()).isNotNull();
        assertThat(run.countersEnd().taskClockNs()).isGreaterThanOrEqualTo(run.countersStart().taskClockNs());
    }

    @Test
    void theRecordingHoldsNoEnvironmentPropertiesArgumentsOrPaths() throws Exception {
        // with a JDK settings file too (which records JMC's events, jdk.Shutdown among them), and the JVM's flags
        for (String settings : List.of("", ",jfr-settings=profile")) {
            // without settings: the class's shared run, made in the shared recordings' directory
            Processes.Result r = settings.isEmpty() ? probed(Processes.java()).result()
                    : host(Processes.java(), "probes=" + PROBE + ",out=private.jfr" + settings);
            assertThat(r.code()).isEqualTo(3);
            Path f = settings.isEmpty() ? probed(Processes.java()).path() : dir.resolve("private.jfr");
            RunData run = RecordingReader.read(f.toString());
            assertThat(run.jdk().eventCounts().keySet()).as(settings).doesNotContain("jdk.InitialEnvironmentVariable",
                    "jdk.InitialSystemProperty", "jdk.JVMInformation", "jdk.SystemProcess", "jdk.NativeLibrary",
                    "jdk.ActiveRecording", "jdk.InitialSecurityProperty", "jdk.OSInformation", "jdk.StringFlag");
            assertThat(run.jdk().setup().aspects()).as(settings).containsKeys("GC", "JDK", "JDK vendor", "heap");
            String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            assertThat(bytes).as(settings).doesNotContain(f.getParent().toString()).doesNotContain(dir.toString())
                    .doesNotContain(System.getProperty("user.home") + "/").doesNotContain(System.getProperty("java.home"))
                    .doesNotContain("PATH=");
        }
    }

    @Test
    void aBadOptionPrintsOneLineAndTheHostStillRuns() throws Exception {
        Processes.Result bare = bare();
        for (String bad : List.of("bogus=1", "timing=fast", "probeset=nosuch", "probes=a..b")) {
            Processes.Result r = host(Processes.java(), bad);
            assertThat(r.code()).as(bad).isEqualTo(3);
            assertThat(r.out()).as(bad).isEqualTo(bare.out());
            assertThat(r.err().strip()).as(bad).startsWith("perfstat agent:").doesNotContain("\n");
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.filter(p -> p.toString().endsWith(".jfr"))).isEmpty();
        }
    }

    @Test
    void anExistingRecordingIsNotOverwritten() throws Exception {
        Files.writeString(dir.resolve("x.jfr"), "keep me");
        Processes.Result r = host(Processes.java(), "probes=" + PROBE + ",out=x.jfr");
        assertThat(r.code()).isEqualTo(3);
        assertThat(Files.readString(dir.resolve("x.jfr"))).isEqualTo("keep me");
        assertThat(r.err()).contains("x.1.jfr");
        assertThat(RecordingReader.read(dir.resolve("x.1.jfr").toString()).probes().get(PROBE).calls()).isEqualTo(STEPS);
    }

    /** The agent's classes are Java 17 bytecode: they load in 17, 21 and 25 hosts (25's run the shared one where it is this JDK). */
    @ParameterizedTest
    @ValueSource(ints = {17, 21, 25})
    void loadsInOlderJvms(int feature) throws Exception {
        Path home = Processes.jdk(feature);
        assumeTrue(home != null, "no JDK " + feature + " installed under /usr/lib/jvm");
        Recordings.Made m = probed(home.resolve("bin/java").toString());
        assertThat(m.result().code()).isEqualTo(3);
        assertThat(m.result().err()).isEmpty();
        assertThat(RecordingReader.read(m.path().toString()).probes().get(PROBE).calls()).isEqualTo(STEPS);
    }

    /** perfstat itself runs on JDK 25: java -jar perfstat.jar on 17 says so in one line, not a class-version error. */
    @Test
    void theCliOnAnOlderJdkSaysWhichItNeeds() throws Exception {
        Path home = Processes.jdk(17);
        assumeTrue(home != null, "no JDK 17 installed under /usr/lib/jvm");
        Processes.Result r = Processes.run(dir, List.of(home.resolve("bin/java").toString(), "-jar",
                Processes.jar().toString(), "list"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("perfstat: needs JDK 25 or later to run, and this java is 17")
                .doesNotContain("Exception").doesNotContain("\n");
    }
}

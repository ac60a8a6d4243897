package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/**
 * Probes on the JDK's own classes (boot loader), constructors and an annotation, in a forked
 * JVM: every call counted, the host's results unchanged, a pattern that matches nothing and a
 * method that cannot be probed named, and no recursion through the probe's own path.
 */
class JdkProbesIT {
    private static final int N = 50_000;

    @TempDir
    Path dir;

    private Processes.Result host(String agentArgs) throws Exception {
        return host(Processes.java(), agentArgs);
    }

    /** The host without the agent, run once for the class's tests (in the shared recordings' directory). */
    private static Processes.Result bare() throws Exception {
        return Recordings.command("jdkuser-bare", null, List.of(Processes.java(), "-cp", Recordings.itapp(), "perfstat.itapp.JdkUser",
                Integer.toString(N))).result();
    }

    private Processes.Result host(String java, String agentArgs) throws Exception {
        String classes = Path.of(perfstat.itapp.JdkUser.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> cmd = new ArrayList<>(List.of(java));
        if (agentArgs != null) {
            cmd.add("-javaagent:" + Processes.jar() + "=" + agentArgs);
        }
        cmd.addAll(List.of("-cp", classes, "perfstat.itapp.JdkUser", Integer.toString(N)));
        return Processes.run(dir, cmd);
    }

    @Test
    void jdkClassesConstructorsAndAnnotationsAreProbed() throws Exception {
        Processes.Result bare = bare();
        String patterns = String.join(";", "java.util.HashMap::get", "java.util.concurrent.locks.ReentrantLock::lock",
                "java.lang.String::hashCode", "perfstat.itapp.JdkUser$Thing::<init>", "@perfstat.itapp.Timed",
                "com.example.Nope::x", "java.lang.System::nanoTime", "java.lang.Thread::getId", "java.util.Arrays::copyOf");
        Processes.Result r = host("out=r.jfr,timing=exact,probes=" + patterns);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(bare.out()); // the host computes what it computes without perfstat

        RunData run = RecordingReader.read(dir.resolve("r.jfr").toString());
        Map<String, RunData.Probe> p = run.probes();
        // the JDK calls these too (class loading, string concatenation): at least the application's calls
        assertThat(p.get("java.util.HashMap::get").calls()).isGreaterThanOrEqualTo(2L * N);
        assertThat(p.get("java.util.concurrent.locks.ReentrantLock::lock").calls()).isGreaterThanOrEqualTo(2L * N);
        assertThat(p.get("java.lang.String::hashCode").calls()).isGreaterThanOrEqualTo(2L * N);
        // the application's own: exactly
        assertThat(p.get("perfstat.itapp.JdkUser$Thing::<init>").calls()).isEqualTo(2L * N);
        assertThat(p.get("perfstat.itapp.JdkUser::round").calls()).isEqualTo(2L * N);
        // timing=exact: (nearly) every call timed, constructors included
        assertThat(p.get("perfstat.itapp.JdkUser$Thing::<init>").latencyNs().getTotalCount()).isEqualTo(2L * N);

        assertThat(run.probePatterns()).containsEntry("com.example.Nope::x", 0L).containsEntry("java.util.HashMap::get", 1L)
                .containsEntry("@perfstat.itapp.Timed", 1L);
        assertThat(r.err()).contains("cannot probe java.lang.System::nanoTime: a native method")
                .contains("cannot probe 'java.lang.Thread::getId': perfstat's probe itself runs through java.lang.Thread")
                .contains("cannot probe 'java.util.Arrays::copyOf'");
        Processes.Result report = Processes.read(dir, "report", "r.jfr");
        assertThat(report.out()).contains("# probe 'com.example.Nope::x' matched no method")
                .contains("HashMap::get calls").contains("JdkUser$Thing::<init> calls");
        // what could not be probed is in the recording with why, and its row says so (recording format 11)
        assertThat(run.losses().notProbed()).extracting(RunData.Unprobed::method, RunData.Unprobed::reason).contains(
                org.assertj.core.groups.Tuple.tuple("java.lang.System::nanoTime", perfstat.format.NotProbed.NATIVE),
                org.assertj.core.groups.Tuple.tuple("java.lang.Thread::getId", perfstat.format.NotProbed.PROBE_PATH),
                org.assertj.core.groups.Tuple.tuple("java.util.Arrays::copyOf", perfstat.format.NotProbed.PROBE_PATH));
        assertThat(report.out()).containsPattern("<not probed> +System::nanoTime calls\n")
                .containsPattern("<not probed> +Thread::getId calls\n")
                .contains("# System::nanoTime <not probed>: a native method has no bytecode to put a probe in; it ran uncounted")
                .doesNotContain("'java.lang.System::nanoTime' matched no method")
                .doesNotContain("'java.lang.Thread::getId' matched no method");
    }

    @Test
    void withoutJdkPatternsTheBootClassPathIsLeftAlone() throws Exception {
        Processes.Result r = host("out=r.jfr,probes=perfstat.itapp.JdkUser::round");
        assertThat(r.code()).isZero();
        assertThat(r.err()).doesNotContain("Sharing is only supported"); // class-data sharing kept
        assertThat(RecordingReader.read(dir.resolve("r.jfr").toString()).probes().get("perfstat.itapp.JdkUser::round").calls())
                .isEqualTo(2L * N);
    }

    /** Whole classes that the JDK, JFR and Byte Buddy use everywhere, perfstat's own path included: no recursion, no deadlock. */
    @Test
    void wholeCollectionClassesAndStringAreProbedWithoutRecursionOrDeadlock() throws Exception {
        Processes.Result bare = bare();
        Processes.Result r = host("out=r.jfr,probes=java.util.HashMap;java.util.concurrent.ConcurrentHashMap;java.util.ArrayList;"
                + "java.lang.String");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(bare.out());
        RunData run = RecordingReader.read(dir.resolve("r.jfr").toString());
        assertThat(run.probes().keySet()).contains("java.util.HashMap::get", "java.util.ArrayList::<init>()",
                "java.util.concurrent.ConcurrentHashMap::get");
        assertThat(run.probes().get("java.util.HashMap::get").calls()).isGreaterThanOrEqualTo(2L * N);
    }

    /** The boot-class-path runtime and the read edges work in every target the agent supports. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {17, 21})
    void jdkClassesAreProbedInOlderJvms(int feature) throws Exception {
        Path home = Processes.jdk(feature);
        org.junit.jupiter.api.Assumptions.assumeTrue(home != null, "no JDK " + feature + " installed under /usr/lib/jvm");
        Processes.Result r = host(home.resolve("bin/java").toString(),
                "out=old.jfr,probes=java.util.HashMap::get;perfstat.itapp.JdkUser$Thing::<init>");
        assertThat(r.code()).as(r.err()).isZero();
        RunData run = RecordingReader.read(dir.resolve("old.jfr").toString());
        assertThat(run.probes().get("java.util.HashMap::get").calls()).isGreaterThanOrEqualTo(2L * N);
        assertThat(run.probes().get("perfstat.itapp.JdkUser$Thing::<init>").calls()).isEqualTo(2L * N);
    }
}

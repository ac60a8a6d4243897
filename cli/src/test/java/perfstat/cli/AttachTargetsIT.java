package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code perfstat attach} on targets other than {@link AttachIT}'s timed windows, beside the other IT classes: a Java 17
 * third-party host (counters from procfs), JVMs that refuse attach or agents, another user's JVM, and no JVM at all.
 */
class AttachTargetsIT {
    @TempDir
    Path dir;

    /** The JVM setpriv became (setpriv execs it: the same process, or where not, its child), once it is up. */
    private static long awaitOtherJvm(Process setpriv) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            long pid = setpriv.descendants().findFirst().map(ProcessHandle::pid).orElse(setpriv.pid());
            String cmd = ProcessHandle.of(pid).flatMap(h -> h.info().command()).orElse("");
            if (cmd.endsWith("/java")) {
                Processes.awaitJvmUp(pid);
                return pid;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("setpriv started no JVM");
    }

    /**
     * A Java 17 target counts from procfs, and a third-party host there (jsoup) comes out of an attach with probes as
     * it went in. That host links no VarHandle operation of its own before the agent does: the agent's first one,
     * with its transformer in place, had loaded the class such a link needs through the transformer, whose own code
     * needed it too. The ClassCircularityError stayed at AtomicLongArray's call sites for good: the detach failed,
     * no recording was written, a stack trace reached the host's stderr, and the host's own AtomicLongArray failed.
     */
    @Test
    void aJava17ThirdPartyHostCountsFromProcfsAndComesOutUnharmed() throws Exception {
        Path home = Processes.jdk(17);
        assumeTrue(home != null, "no JDK 17 installed under /usr/lib/jvm");
        String jsoup = Path.of(org.jsoup.Jsoup.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path stop = dir.resolve("stop");
        Process p = new ProcessBuilder(home.resolve("bin/java").toString(), "-cp", Recordings.itapp() + ":" + jsoup,
                "perfstat.itapp.HtmlHost", stop.toString()).directory(dir.toFile())
                .redirectOutput(dir.resolve("host.out").toFile()).redirectError(dir.resolve("host.err").toFile()).start();
        try {
            Processes.awaitJvmUp(p.pid());
            Processes.Result a = Processes.perfstat(dir, "attach", Long.toString(p.pid()), "--duration", "1s",
                    "--probes", "org.jsoup.Jsoup::parse(String)", "-o", "old.jfr");
            assertThat(a.code()).as(a.err()).isZero();
            assertThat(a.err()).doesNotContain("failed");
            assertThat(a.out()).contains("Jsoup::parse(String) calls").contains("[procfs");
            Files.writeString(stop, "");
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the host ends when told").isTrue();
            assertThat(p.exitValue()).as(Files.readString(dir.resolve("host.err"))).isZero();
            assertThat(Files.readString(dir.resolve("host.out"))).contains("atomics=42");
            assertThat(Files.readString(dir.resolve("host.err"))).doesNotContain("Exception").doesNotContain("Error");
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void errorsAreOneLine() throws Exception {
        Processes.Result none = Processes.perfstat(dir, "attach", "999999999");
        assertThat(none.code()).isEqualTo(1);
        assertThat(none.err().strip()).isEqualTo("perfstat attach: no such process: 999999999");
        Processes.Result notJvm = Processes.perfstat(dir, "attach", "1");
        assertThat(notJvm.code()).isEqualTo(1);
        assertThat(notJvm.err().strip()).startsWith("perfstat attach: cannot attach to 1").doesNotContain("\n");
        Processes.Result bad = Processes.perfstat(dir, "attach", "abc");
        assertThat(bad.code()).isEqualTo(2);
    }

    /** A JVM that forbids attaching, and one that forbids loading agents: one line each, exit 1. */
    @Test
    void attachDisabledAndDynamicLoadingDisabledAreOneLineEach() throws Exception {
        // JVMs that sleep (ExitApp forever): what refuses attach is the JVM, not what it runs
        Process noAttach = new ProcessBuilder(Processes.java(), "-XX:+DisableAttachMechanism", "-cp", Recordings.itapp(),
                "perfstat.itapp.ExitApp", "forever")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("na.out").toFile()).start();
        Process noAgents = new ProcessBuilder(Processes.java(), "-XX:-EnableDynamicAgentLoading", "-cp", Recordings.itapp(),
                "perfstat.itapp.ExitApp", "forever")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("nd.out").toFile()).start();
        try {
            Processes.awaitJvmUp(noAttach.pid());
            Processes.awaitJvmUp(noAgents.pid());
            Processes.Result a = Processes.perfstat(dir, "attach", Long.toString(noAttach.pid()), "--duration", "1s", "-o", "na.jfr");
            assertThat(a.code()).isEqualTo(1);
            assertThat(a.err().strip()).isEqualTo("perfstat attach: cannot attach to " + noAttach.pid()
                    + ": not a JVM this user can attach to, or attach is disabled (-XX:+DisableAttachMechanism)");
            Processes.Result d = Processes.perfstat(dir, "attach", Long.toString(noAgents.pid()), "--duration", "1s", "-o", "nd.jfr");
            assertThat(d.code()).isEqualTo(1);
            assertThat(d.err().strip()).startsWith("perfstat attach: the JVM " + noAgents.pid() + " refused the agent: ")
                    .contains("EnableDynamicAgentLoading").doesNotContain("\n");
            assertThat(dir.resolve("na.jfr")).doesNotExist();
            assertThat(dir.resolve("nd.jfr")).doesNotExist();
            assertThat(noAttach.isAlive() && noAgents.isAlive()).as("both targets still run").isTrue();
        } finally {
            noAttach.destroy();
            noAgents.destroy();
            noAttach.waitFor(30, TimeUnit.SECONDS);
            noAgents.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Root may attach to anyone's JVM; perfstat does not: another user's JVM is refused and not listed. */
    @Test
    void anotherUsersJvmIsRefusedAndNotListed() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root, to start a JVM as another user");
        assumeTrue(Processes.run(dir, List.of("sh", "-c", "command -v setpriv")).code() == 0, "no setpriv");
        // a JVM that sleeps (ExitApp forever), its class where nobody can read it
        Path pkg = Files.createDirectories(dir.resolve("classes/perfstat/itapp"));
        try (java.util.stream.Stream<Path> files = Files.list(Path.of(Recordings.itapp(), "perfstat/itapp"))) {
            for (Path f : files.filter(f -> f.getFileName().toString().matches("(ExitApp|HostApp).*\\.class")).toList()) {
                Files.copy(f, pkg.resolve(f.getFileName()));
            }
        }
        Processes.run(dir, List.of("chmod", "-R", "a+rwX", dir.toString()));
        Processes.run(dir, List.of("chmod", "a+x", dir.getParent().toString()));
        Process other = new ProcessBuilder("setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
                Processes.java(), "-Djava.io.tmpdir=" + dir, "-XX:+EnableDynamicAgentLoading", "-cp", dir.resolve("classes").toString(),
                "perfstat.itapp.ExitApp", "forever")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("other.out").toFile()).start();
        try {
            long pid = awaitOtherJvm(other);
            Processes.Result a = Processes.perfstat(dir, "attach", Long.toString(pid), "--duration", "1s", "-o", "o.jfr");
            assertThat(a.code()).as(a.err()).isEqualTo(1);
            assertThat(a.err().strip()).startsWith("perfstat attach: cannot attach to " + pid + ": it belongs to another user")
                    .doesNotContain("\n");
            assertThat(dir.resolve("o.jfr")).doesNotExist();
            assertThat(Processes.perfstat(dir, "ps").out()).doesNotContain(" " + pid + " ");
        } finally {
            other.destroy();
            other.waitFor(30, TimeUnit.SECONDS);
        }
    }
}

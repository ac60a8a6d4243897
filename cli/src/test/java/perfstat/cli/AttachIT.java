package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.tools.attach.VirtualMachine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/** {@code perfstat ps} and {@code perfstat attach} on a running model, on Java 25 and 17. */
@Isolated("timed windows and a measured heap: alone, not beside another IT class")
class AttachIT {
    private static final String PROBE = "perfstat.models.writepath.Vfs::write";
    /** Attach/detach cycles into one JVM: 10 in the default suite, 50 with {@code -Pheavy}. */
    private static final int CYCLES = Integer.getInteger("perfstat.attachCycles", 3);

    @TempDir
    Path dir;

    private Process target(String java) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java));
        if (!java.contains("17")) {
            cmd.add("-XX:+EnableDynamicAgentLoading");
        }
        // the JVM logs every class redefinition with the class's modification count
        cmd.add("-Xlog:redefine+class+load=info:file=" + dir.resolve("redefine.log"));
        cmd.addAll(List.of("-cp", Processes.jar().toString(), "perfstat.models.ModelMain", "fstime", "--duration-ms", "300000",
                "--warmup-ms", "0"));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("target.out").toFile()).start();
        Thread.sleep(1500);
        assertThat(p.isAlive()).as("the target runs").isTrue();
        return p;
    }

    private static String threads(long pid) throws Exception {
        Process j = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid),
                "Thread.print").redirectErrorStream(true).start();
        String s = new String(j.getInputStream().readAllBytes());
        j.waitFor(30, TimeUnit.SECONDS);
        return s;
    }

    /** Used heap after a full GC, in KiB (jcmd GC.run, then GC.heap_info). */
    private static long heapUsedAfterGc(long pid) throws Exception {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        new ProcessBuilder(jcmd, Long.toString(pid), "GC.run").redirectErrorStream(true).start().waitFor(30, TimeUnit.SECONDS);
        Process j = new ProcessBuilder(jcmd, Long.toString(pid), "GC.heap_info").redirectErrorStream(true).start();
        String s = new String(j.getInputStream().readAllBytes());
        j.waitFor(30, TimeUnit.SECONDS);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("used (\\d+)K").matcher(s);
        assertThat(m.find()).as(s).isTrue();
        return Long.parseLong(m.group(1));
    }

    /** Each class's last modification count from the target's redefinition log. */
    private Map<String, Integer> redefinitions() throws Exception {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        java.util.regex.Pattern p = java.util.regex.Pattern.compile("redefined name=(\\S+), count=(\\d+)");
        for (String line : Files.readAllLines(dir.resolve("redefine.log"))) {
            java.util.regex.Matcher m = p.matcher(line);
            if (m.find()) {
                counts.put(m.group(1), Integer.parseInt(m.group(2)));
            }
        }
        return counts;
    }

    @Test
    void attachRecordsAWindowAndDetachesWithoutResidueManyTimes() throws Exception {
        Process p = target(Processes.java());
        try {
            String pid = Long.toString(p.pid());
            Processes.Result ps = Processes.perfstat(dir, "ps");
            assertThat(ps.out()).containsPattern(pid + " +25[0-9.]* +- +perfstat.models.ModelMain");

            Processes.Result a = Processes.perfstat(dir, "attach", pid, "--duration", "1s", "--probeset", "writepath", "-o", "w1.jfr");
            assertThat(a.code()).as(a.err()).isZero();
            assertThat(a.out()).contains("write calls").contains("task-clock");
            assertThat(Files.getPosixFilePermissions(dir.resolve("w1.jfr"))).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            RunData first = RecordingReader.read(dir.resolve("w1.jfr").toString());
            long firstCalls = first.probes().get(PROBE).calls();
            assertThat(firstCalls).isPositive();
            assertThat(first.counterWindow().window().toMillis()).isBetween(900L, 5000L);

            Processes.Result iv = Processes.perfstat(dir, "attach", pid, "--duration", "1500ms", "-I", "300", "-e", "task-clock",
                    "-o", "iv.jfr");
            assertThat(iv.code()).as(iv.err()).isZero();
            assertThat(iv.err().lines().filter(l -> l.matches(" +[0-9]+\\.[0-9]{9} +[0-9.]+ msec task-clock.*")).count())
                    .as(iv.err()).isGreaterThanOrEqualTo(3);

            long heapBefore = heapUsedAfterGc(p.pid());
            // CYCLES attach/detach cycles through the Attach API itself (as perfstat attach does, without a JVM each)
            for (int i = 0; i < CYCLES; i++) {
                Path out = dir.resolve("c" + i + ".jfr");
                VirtualMachine vm = VirtualMachine.attach(pid);
                try {
                    vm.loadAgent(Processes.jar().toString(), "out=" + out + ",attached=true,duration=100ms,probeset=writepath");
                } finally {
                    vm.detach();
                }
                long end = System.nanoTime() + 30_000_000_000L;
                while (!Files.exists(out) && System.nanoTime() < end) {
                    Thread.sleep(20);
                }
                assertThat(out).as("cycle " + i).exists();
            }
            // a window ended early (perfstat attach's Ctrl-C) leaves no detach thread behind either
            Path early = dir.resolve("early.jfr");
            VirtualMachine vm = VirtualMachine.attach(pid);
            try {
                vm.loadAgent(Processes.jar().toString(), "out=" + early + ",attached=true,duration=600s");
                vm.loadAgent(Processes.jar().toString(), "stop");
            } finally {
                vm.detach();
            }
            assertThat(early).exists();
            RunData last = RecordingReader.read(dir.resolve("c" + (CYCLES - 1) + ".jfr").toString());
            // counts start from zero on every attach: a 100 ms window, not the sum of the cycles
            assertThat(last.probes().get(PROBE).calls()).isPositive().isLessThan(firstCalls);
            String t = threads(p.pid());
            assertThat(t).as("no perfstat thread left").doesNotContain("\"perfstat");
            // every probed class was retransformed once to add the probes and once to take them away:
            // an even count means the last redefinition restored it
            Map<String, Integer> redefined = redefinitions();
            assertThat(redefined.get("perfstat.models.writepath.Vfs")).as(redefined.toString()).isGreaterThanOrEqualTo(2 * (CYCLES + 1));
            redefined.forEach((name, count) -> {
                if (name.startsWith("perfstat.models.writepath.")) {
                    assertThat(count % 2).as(name + " redefined " + count + " times").isZero();
                }
            });
            long heapAfter = heapUsedAfterGc(p.pid());
            assertThat(heapAfter).as("heap after " + CYCLES + " cycles (KiB), before: " + heapBefore).isLessThan(heapBefore + 16 * 1024);
            assertThat(p.isAlive()).isTrue();
            Processes.Result ps2 = Processes.perfstat(dir, "ps");
            assertThat(ps2.out()).containsPattern(pid + " +25[0-9.]* +- ");
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Two windows of one running model, its variant switched live between them, diff as the regression. */
    @Test
    @org.junit.jupiter.api.Tag("heavy") // two more attach windows into a model JVM of its own (14 s): bin/test -Pheavy
    @SuppressWarnings("unchecked")
    void aLiveVariantSwitchBetweenTwoWindowsShowsTheRegression() throws Exception {
        Process p = new ProcessBuilder(Processes.java(), "-XX:+EnableDynamicAgentLoading", "--enable-native-access=ALL-UNNAMED",
                "-cp", Processes.jar().toString(), "perfstat.models.ModelMain", "xfs_repair", "--threads", "4",
                "--duration-ms", "300000", "--warmup-ms", "0", "--option", "ops=1000000000")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("xfs.out").toFile()).start();
        try {
            Thread.sleep(1500);
            String pid = Long.toString(p.pid());
            assertThat(Processes.perfstat(dir, "attach", pid, "--duration", "2s", "-o", "before.jfr").code()).isZero();
            Processes.Result set = Processes.perfstat(dir, "attach", pid, "--set", "variant=patched");
            assertThat(set.code()).as(set.err()).isZero();
            assertThat(set.err().strip()).isEqualTo("perfstat attach: " + pid + " switched from unpatched to patched");
            assertThat(Processes.perfstat(dir, "attach", pid, "--duration", "2s", "-o", "after.jfr").code()).isZero();
            Processes.Result diff = Processes.perfstat(dir, "diff", "before.jfr", "after.jfr", "--format", "json");
            assertThat(diff.code()).as(diff.err()).isZero();
            Map<String, Object> doc = (Map<String, Object>) Json.parse(diff.out());
            assertThat(((List<Map<String, Object>>) doc.get("columns")).stream().map(c -> c.get("label")))
                    .containsExactly("unpatched", "patched");
            Map<String, Object> clock = ((List<Map<String, Object>>) doc.get("metrics")).stream()
                    .filter(m -> m.get("name").equals("task-clock")).findFirst().orElseThrow();
            List<Map<String, Object>> v = (List<Map<String, Object>>) clock.get("values");
            assertThat(((Number) v.get(1).get("value")).doubleValue())
                    .as("the patched window burns less CPU in the same time").isLessThan(((Number) v.get(0).get("value")).doubleValue());
            Processes.Result bad = Processes.perfstat(dir, "attach", pid, "--set", "variant=nosuch");
            assertThat(bad.code()).isEqualTo(1);
            assertThat(bad.err().strip()).isEqualTo("perfstat attach: cannot switch " + pid + " to nosuch: unknown variant 'nosuch' of rwsem");
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        // the write-path model cannot switch live, and says so
        Process f = target(Processes.java());
        try {
            Processes.Result no = Processes.perfstat(dir, "attach", Long.toString(f.pid()), "--set", "variant=patched");
            assertThat(no.code()).isEqualTo(1);
            assertThat(no.err().strip()).endsWith("the writepath model cannot switch variant while it runs");
        } finally {
            f.destroy();
            f.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aJava17TargetCountsFromProcfs() throws Exception {
        Path home = Processes.jdk(17);
        assumeTrue(home != null, "no JDK 17 installed under /usr/lib/jvm");
        Process p = target(home.resolve("bin/java").toString());
        try {
            Processes.Result a = Processes.perfstat(dir, "attach", Long.toString(p.pid()), "--duration", "1s",
                    "--probeset", "writepath", "-o", "old.jfr");
            assertThat(a.code()).as(a.err()).isZero();
            assertThat(a.out()).contains("write calls").contains("[procfs");
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
        String jar = Processes.jar().toString();
        Process noAttach = new ProcessBuilder(Processes.java(), "-XX:+DisableAttachMechanism", "-cp", jar,
                "perfstat.models.ModelMain", "fstime", "--duration-ms", "60000", "--warmup-ms", "0")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("na.out").toFile()).start();
        Process noAgents = new ProcessBuilder(Processes.java(), "-XX:-EnableDynamicAgentLoading", "-cp", jar,
                "perfstat.models.ModelMain", "fstime", "--duration-ms", "60000", "--warmup-ms", "0")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("nd.out").toFile()).start();
        try {
            Thread.sleep(1500);
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
        Path jar = dir.resolve("perfstat.jar");
        Files.copy(Processes.jar(), jar);
        Processes.run(dir, List.of("chmod", "-R", "a+rwX", dir.toString()));
        Processes.run(dir, List.of("chmod", "a+x", dir.getParent().toString()));
        Process other = new ProcessBuilder("setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
                Processes.java(), "-Djava.io.tmpdir=" + dir, "-XX:+EnableDynamicAgentLoading", "-cp", jar.toString(),
                "perfstat.models.ModelMain", "fstime", "--duration-ms", "60000", "--warmup-ms", "0")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("other.out").toFile()).start();
        try {
            Thread.sleep(1500);
            long pid = other.descendants().findFirst().map(ProcessHandle::pid).orElse(other.pid());
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

    /**
     * A target that exits during a 30 s window (10 s after it started): attach notices at once, makes the agent's
     * recording (written by the target's JVM as it exited) the named file, owner-only, prints
     * the table of the window it had with a note, and exits 0; the agent's lines were on
     * attach's stderr, not in the target's output.
     */
    @Test
    void aTargetThatExitsDuringTheWindowGetsItsTable() throws Exception {
        Process p = new ProcessBuilder(Processes.java(), "-XX:+EnableDynamicAgentLoading", "-cp", Processes.jar().toString(),
                "perfstat.models.ModelMain", "fstime", "--duration-ms", "10000", "--warmup-ms", "0")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("short.out").toFile()).start();
        long[] exitedNs = {0};
        java.util.concurrent.CompletableFuture<?> exited = p.onExit().thenRun(() -> exitedNs[0] = System.nanoTime());
        Thread.sleep(1000);
        Processes.Result a = Processes.perfstat(dir, "attach", Long.toString(p.pid()), "--duration", "30s",
                "--probeset", "writepath", "-o", "short.jfr");
        long returnedNs = System.nanoTime();
        exited.get(10, TimeUnit.SECONDS);
        assertThat(a.code()).as(a.err()).isZero();
        assertThat(a.out()).contains("write calls").contains("task-clock")
                .containsPattern("# the target \\(pid " + p.pid() + "\\) exited at t = [0-9]+\\.[0-9] s into the 30 s window");
        assertThat(a.err()).contains("perfstat agent: probes so far: 'perfstat.models.writepath.Vfs")
                .contains("perfstat attach: " + p.pid() + " exited; recording written to");
        assertThat((returnedNs - exitedNs[0]) / 1e9).as("seconds from the target's exit to attach's").isLessThan(3.0);
        Path jfr = dir.resolve("short.jfr");
        assertThat(jfr).isRegularFile();
        assertThat(dir.resolve("short.jfr.part")).doesNotExist();
        assertThat(Files.getPosixFilePermissions(jfr)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(RecordingReader.read(jfr.toString()).probes().get(PROBE).calls()).isPositive();
        assertThat(Files.readString(dir.resolve("short.out"))).doesNotContain("perfstat agent");
    }

    /**
     * SIGINT and SIGTERM to attach end the window at once: the agent detaches, the table is
     * printed with a note, and attach exits 128 + the signal's number; the partial file was
     * owner-only while the window was open.
     */
    @Test
    void aSignalToAttachEndsTheWindowWithItsTable() throws Exception {
        Process p = target(Processes.java());
        try {
            for (String signal : List.of("INT", "TERM")) {
                Path out = dir.resolve("sig-" + signal + ".jfr");
                Path part = dir.resolve("sig-" + signal + ".jfr.part");
                Process cli = new ProcessBuilder(Processes.java(), "-jar", Processes.jar().toString(), "attach", Long.toString(p.pid()),
                        "--duration", "60s", "-o", out.toString()).directory(dir.toFile())
                        .redirectOutput(dir.resolve(signal + ".out").toFile()).redirectError(dir.resolve(signal + ".err").toFile()).start();
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!Files.exists(part) && cli.isAlive() && System.nanoTime() < end) {
                    Thread.sleep(20);
                }
                assertThat(part).as("the window is open").exists();
                assertThat(Files.getPosixFilePermissions(part)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
                Thread.sleep(1000);
                assertThat(new ProcessBuilder("kill", "-s", signal, Long.toString(cli.pid())).start().waitFor()).isZero();
                assertThat(cli.waitFor(30, TimeUnit.SECONDS)).as("attach ended").isTrue();
                String err = Files.readString(dir.resolve(signal + ".err"));
                assertThat(cli.exitValue()).as(err).isEqualTo(signal.equals("INT") ? 130 : 143);
                assertThat(Files.readString(dir.resolve(signal + ".out"))).contains("task-clock")
                        .containsPattern("# SIG" + signal + " ended the window at t = [0-9]+\\.[0-9] s of 60 s");
                assertThat(err).contains("detached from " + p.pid());
                assertThat(out).isRegularFile();
                assertThat(part).doesNotExist();
                assertThat(Files.getPosixFilePermissions(out)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            }
            assertThat(p.isAlive()).as("the target runs on").isTrue();
            assertThat(threads(p.pid())).as("no perfstat thread left").doesNotContain("\"perfstat");
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }
}

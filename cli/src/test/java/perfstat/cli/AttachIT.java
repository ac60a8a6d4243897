package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/**
 * {@code perfstat ps} and {@code perfstat attach} on a running model: the timed windows (attach/detach cycles and the
 * heap they leave, a target that exits in the window, signals), beside one other IT class (they passed at load 15-20:
 * the windows' bounds are loose, and the target's exit is awaited, not timed). Those on other targets (Java 17, JVMs
 * that refuse attach, another user's, no JVM) are {@link AttachTargetsIT}'s.
 */
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
        Processes.awaitJvmUp(p.pid());
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
            Processes.awaitJvmUp(p.pid());
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

    /**
     * A target that exits during a 30 s window: attach notices at once, makes the agent's recording (written by the
     * target's JVM as it exited) the named file, owner-only, prints the table of the window it had with a note, and
     * exits 0; the agent's lines were on attach's stderr, not in the target's output. The model's run ends a second after
     * the window opened (the agent's "probes so far" line), as its duration would end it (SIGTERM ends a run cleanly:
     * ModelMain), rather than at a fixed time that a loaded machine's attach could miss.
     */
    @Test
    void aTargetThatExitsDuringTheWindowGetsItsTable() throws Exception {
        Process p = new ProcessBuilder(Processes.java(), "-XX:+EnableDynamicAgentLoading", "-cp", Processes.jar().toString(),
                "perfstat.models.ModelMain", "fstime", "--duration-ms", "300000", "--warmup-ms", "0")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("short.out").toFile()).start();
        try {
            long[] exitedNs = {0};
            java.util.concurrent.CompletableFuture<?> exited = p.onExit().thenRun(() -> exitedNs[0] = System.nanoTime());
            Processes.awaitJvmUp(p.pid());
            Process cli = new ProcessBuilder(Processes.java(), "-jar", Processes.jar().toString(), "attach", Long.toString(p.pid()),
                    "--duration", "30s", "--probeset", "writepath", "-o", "short.jfr").directory(dir.toFile())
                    .redirectOutput(dir.resolve("attach.out").toFile()).redirectError(dir.resolve("attach.err").toFile()).start();
            // the window is open, its probes in, once the agent says what they matched (after its counters started)
            awaitText(dir.resolve("attach.err"), "perfstat agent: probes so far: ", cli);
            Thread.sleep(1000);
            p.destroy(); // SIGTERM: the model ends its run, prints its score and exits 0
            exited.get(30, TimeUnit.SECONDS);
            assertThat(p.exitValue()).as("the model's run ended cleanly").isZero();
            assertThat(cli.waitFor(30, TimeUnit.SECONDS)).as("attach ended").isTrue();
            long returnedNs = System.nanoTime();
            Processes.Result a = new Processes.Result(cli.exitValue(), Files.readString(dir.resolve("attach.out")),
                    Files.readString(dir.resolve("attach.err")));
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
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Waits until {@code file} holds {@code text} (at most 60 s, or until attach ends). */
    private static void awaitText(Path file, String text, Process cli) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (cli.isAlive() && System.nanoTime() < end) {
            if (Files.exists(file) && Files.readString(file).contains(text)) {
                return;
            }
            Thread.sleep(20);
        }
        assertThat(Files.readString(file)).as("attach's stderr").contains(text);
    }

    /** Waits until attach's window is open: its recording's {@code .part} exists (at most 60 s, or until attach ends). */
    private static void awaitWindow(Path part, Process cli) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(part) && cli.isAlive() && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        assertThat(part).as("the window is open").exists();
    }

    /**
     * SIGINT and SIGTERM to attach end the window at once: the agent detaches, the table is
     * printed with a note, and attach exits 128 + the signal's number; the partial file was
     * owner-only while the window was open.
     */
    @Test
    void aSignalToAttachEndsTheWindowWithItsTable() throws Exception {
        // a test JVM started with SIGINT ignored (in the background, by nohup) hands that down to attach, whose JVM then
        // has no SIGINT handler: that case cannot run here, and says so below; SIGTERM's still does
        boolean intIgnored = Processes.signalIgnored(2);
        Process p = target(Processes.java());
        try {
            for (String signal : intIgnored ? List.of("TERM") : List.of("INT", "TERM")) {
                Path out = dir.resolve("sig-" + signal + ".jfr");
                Path part = dir.resolve("sig-" + signal + ".jfr.part");
                Process cli = new ProcessBuilder(Processes.java(), "-jar", Processes.jar().toString(), "attach", Long.toString(p.pid()),
                        "--duration", "60s", "-o", out.toString()).directory(dir.toFile())
                        .redirectOutput(dir.resolve(signal + ".out").toFile()).redirectError(dir.resolve(signal + ".err").toFile()).start();
                awaitWindow(part, cli);
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
            // a second signal ends attach before its table: one line says where the whole recording is (it had exited
            // 143 or 130 in silence); SIGTERM, so that a test JVM with SIGINT ignored runs it too
            Path twice = dir.resolve("sig-twice.jfr");
            Process cli = new ProcessBuilder(Processes.java(), "-jar", Processes.jar().toString(), "attach", Long.toString(p.pid()),
                    "--duration", "60s", "-o", twice.toString()).directory(dir.toFile())
                    .redirectOutput(dir.resolve("twice.out").toFile()).redirectError(dir.resolve("twice.err").toFile()).start();
            awaitWindow(dir.resolve("sig-twice.jfr.part"), cli);
            Thread.sleep(1000);
            assertThat(new ProcessBuilder("kill", "-s", "TERM", Long.toString(cli.pid())).start().waitFor()).isZero();
            Thread.sleep(150); // two signals at once may reach the JVM as one
            assertThat(new ProcessBuilder("kill", "-s", "TERM", Long.toString(cli.pid())).start().waitFor()).isZero();
            assertThat(cli.waitFor(40, TimeUnit.SECONDS)).as("attach ended").isTrue();
            String twiceErr = Files.readString(dir.resolve("twice.err"));
            assertThat(twice).isRegularFile();
            // the detach, the write and the read take longer than the 150 ms between the signals: no table
            assertThat(Files.readString(dir.resolve("twice.out"))).doesNotContain("task-clock");
            assertThat(cli.exitValue()).as(twiceErr).isEqualTo(143);
            assertThat(twiceErr).contains("perfstat attach: stopped before its table was printed whole; the recording is"
                    + " whole at " + twice + ": perfstat report " + twice + " prints it");
            assertThat(p.isAlive()).as("the target runs on").isTrue();
            assertThat(threads(p.pid())).as("no perfstat thread left").doesNotContain("\"perfstat");
            org.junit.jupiter.api.Assumptions.assumeFalse(intIgnored, "SIGTERM's case passed; SIGINT's was not run: this test"
                    + " JVM was started with SIGINT ignored (SigIgn in /proc/self/status: a shell's background job, or nohup),"
                    + " which attach's JVM inherits and cannot undo");
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }
}

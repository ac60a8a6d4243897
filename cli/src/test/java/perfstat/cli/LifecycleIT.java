package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A child JVM never outlives the perfstat that started it: SIGINT, SIGTERM and SIGHUP to
 * {@code perfstat run … --duration forever} end the model's JVM cleanly, with its recording
 * written; SIGKILL to perfstat ends the model's JVM within seconds (it watches its parent).
 */
class LifecycleIT {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "KILL"})
    void aSignalToPerfstatEndsItsChild(String signal) throws Exception {
        endsItsChild(signal);
    }

    /** SIGINT and SIGHUP take SIGTERM's path (one handler passes each on): bin/test -Pheavy. */
    @ParameterizedTest
    @ValueSource(strings = {"INT", "HUP"})
    @org.junit.jupiter.api.Tag("heavy")
    void theOtherSignalsToPerfstatEndItsChildAlike(String signal) throws Exception {
        endsItsChild(signal);
    }

    private void endsItsChild(String signal) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Processes.java(), "-jar", Processes.jar().toString(), "run", "fstime",
                "--duration", "forever", "--warmup", "200ms", "--interval", "250ms", "-o", "forever.jfr"));
        Process cli = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        ProcessHandle model = awaitChild(cli);
        awaitCpu(model, 2500); // past start-up and the warm-up, however loaded the machine: the run is measuring
        Process kill = new ProcessBuilder("kill", "-s", signal, Long.toString(cli.pid())).start();
        assertThat(kill.waitFor()).isZero();

        assertThat(cli.waitFor(60, TimeUnit.SECONDS)).as("perfstat ended").isTrue();
        // the orphaned child ends by itself, SIGKILL included
        model.onExit().get(20, TimeUnit.SECONDS);
        assertThat(model.isAlive()).isFalse();
        String err = Files.readString(dir.resolve("err.txt"));
        if (signal.equals("KILL")) {
            assertThat(cli.exitValue()).isEqualTo(137);
            assertThat(dir.resolve("forever.jfr")).doesNotExist();
        } else {
            assertThat(cli.exitValue()).as(err).isZero();
            assertThat(dir.resolve("forever.jfr")).isRegularFile();
            assertThat(Files.readString(dir.resolve("out.txt"))).contains("fstime (KB/s)").contains("until stopped");
        }
    }

    /** perfstat stat: the user's command is perfstat's child too, and gets the same treatment. */
    @ParameterizedTest
    @ValueSource(strings = {"TERM", "KILL"})
    void aSignalToPerfstatStatEndsTheCommand(String signal) throws Exception {
        String classes = Path.of(perfstat.itapp.ExitApp.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> cmd = List.of(Processes.java(), "-jar", Processes.jar().toString(), "stat", "-I", "300", "-o", "stat.jfr",
                "--", Processes.java(), "-cp", classes, "perfstat.itapp.ExitApp", "forever");
        Process cli = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        ProcessHandle command = awaitChild(cli, "ExitApp");
        // the agent is counting once the first interval row is out: a signal before its recording began leaves none to
        // read (a CPU threshold alone let a loaded machine signal a JVM whose agent was still starting)
        awaitText(dir.resolve("err.txt"), "task-clock");
        assertThat(new ProcessBuilder("kill", "-s", signal, Long.toString(cli.pid())).start().waitFor()).isZero();
        assertThat(cli.waitFor(60, TimeUnit.SECONDS)).isTrue();
        command.onExit().get(20, TimeUnit.SECONDS);
        String err = Files.readString(dir.resolve("err.txt"));
        if (signal.equals("TERM")) {
            assertThat(err).contains("Performance counter stats").contains("recording written to stat.jfr");
            assertThat(dir.resolve("stat.jfr")).isRegularFile();
        }
    }

    /** Waits until {@code file} holds {@code text} (at most 60 s). */
    /**
     * A signal to compare ends the run then going, which did not fail: the table of the whole rounds before it (the
     * partial round left out, and said), the recordings kept and named (in a temporary directory without -o), and exit
     * 128 + the signal. It had answered "A run 3 (of 6) exited with status 143; comparison stopped", exit 1, no table, the
     * recordings deleted. SIGTERM, which a test JVM started with SIGINT ignored can send too (SIGINT takes its path in
     * Interrupts). About 5 s.
     */
    @org.junit.jupiter.api.Test
    void aSignalToCompareGivesTheTableOfItsWholeRounds() throws Exception {
        List<String> app = List.of(Processes.java(), "-cp", Recordings.itapp(), "perfstat.itapp.ExitApp", "return");
        List<String> cmd = new ArrayList<>(List.of(Processes.java(), "-jar", Processes.jar().toString(), "compare", "-r", "8", "--"));
        cmd.addAll(app);
        cmd.add(":::");
        cmd.addAll(app);
        Process cli = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        awaitText(dir.resolve("err.txt"), "A, run 3 of 8");
        assertThat(new ProcessBuilder("kill", "-s", "TERM", Long.toString(cli.pid())).start().waitFor()).isZero();
        assertThat(cli.waitFor(60, TimeUnit.SECONDS)).as("compare ended").isTrue();
        String err = Files.readString(dir.resolve("err.txt"));
        assertThat(cli.exitValue()).as(err).isEqualTo(143);
        assertThat(Files.readString(dir.resolve("out.txt"))).contains("(2 runs each)")
                .contains("SIGTERM stopped the comparison: the table is of its 2 whole rounds");
        java.util.regex.Matcher kept = java.util.regex.Pattern.compile("stopped by SIGTERM in round 3: the table is of the whole"
                + " rounds before it; recordings in (\\S+)").matcher(err);
        assertThat(kept.find()).as(err).isTrue();
        Path recordings = Path.of(kept.group(1));
        try {
            assertThat(recordings.resolve("A").resolve("A.2.jfr")).isRegularFile();
            assertThat(recordings.resolve("B").resolve("B.2.jfr")).isRegularFile();
        } finally {
            try (java.util.stream.Stream<Path> s = Files.walk(recordings)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static void awaitText(Path file, String text) throws Exception {
        long start = System.nanoTime();
        while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(60)) {
            if (Files.exists(file) && Files.readString(file).contains(text)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError(file + " never held '" + text + "'");
    }

    /**
     * Waits until a child JVM has used {@code cpuMs} of CPU time (at least 1.5 s of wall time,
     * at most 60 s): a wall-clock sleep alone let a loaded machine signal a JVM still starting.
     */
    private static void awaitCpu(ProcessHandle child, long cpuMs) throws InterruptedException {
        long start = System.nanoTime();
        while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(60)) {
            long used = child.info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(Long.MAX_VALUE);
            if (used >= cpuMs && System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(1500)) {
                return;
            }
            Thread.sleep(50);
        }
    }

    /** The model's JVM, once perfstat has started it. */
    private static ProcessHandle awaitChild(Process cli) throws InterruptedException {
        return awaitChild(cli, "ModelMain");
    }

    private static ProcessHandle awaitChild(Process cli, String mainClass) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            var child = cli.children().filter(c -> c.info().commandLine().orElse("").contains(mainClass)).findFirst();
            if (child.isPresent()) {
                return child.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("perfstat started no model JVM");
    }
}

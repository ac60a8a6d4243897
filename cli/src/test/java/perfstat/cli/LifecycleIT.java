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

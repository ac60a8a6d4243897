package perfstat.cli.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import perfstat.cli.user.UserError;
import perfstat.cli.read.IntervalLog;
import perfstat.cli.read.RunData;

/**
 * Runs a user's Java command once with perfstat's agent added, as perf stat runs a command:
 * the command keeps its working directory and its terminal; perfstat only inserts
 * {@code -javaagent:perfstat.jar=…} and {@code --enable-native-access=ALL-UNNAMED} after
 * {@code java}. While it runs, Ctrl-C goes to the command (which writes its recording as it
 * exits) and not to perfstat, which then prints what was counted.
 */
public final class JavaCommandRunner {

    /** What one run left: the command's exit status, its recording (in a temporary directory), its wall time. */
    public record Outcome(int exitStatus, Path recording, Path tmpDir, long wallNs) implements AutoCloseable {
        /** Moves the recording to {@code out}, which must not exist unless it may be replaced. */
        public void keep(Path out) {
            try {
                Files.move(recording, out, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw UserError.data("cannot write " + out + ": " + e.getMessage());
            }
        }

        @Override
        public void close() {
            try (Stream<Path> s = Files.walk(tmpDir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // best effort
            }
        }
    }

    private JavaCommandRunner() {
    }

    /** Whether {@code program} names a java launcher. */
    public static boolean isJava(String program) {
        String name = Path.of(program).getFileName().toString();
        return name.equals("java") || name.equals("java.exe");
    }

    /**
     * Runs {@code command} with the agent.
     *
     * @param agentOptions the agent's options; their {@code out} and {@code interval-log} are replaced by perfstat's own
     * @param intervals    receives each interval's cumulative counters (and roles) while the command runs, or null
     */
    public static Outcome run(List<String> command, perfstat.agent.AgentOptions agentOptions, Consumer<IntervalLog.Batch> intervals) {
        return run(command, agentOptions, intervals, ProcessBuilder.Redirect.INHERIT, null);
    }

    /**
     * As {@link #run(List, perfstat.agent.AgentOptions, Consumer)}, with the command's standard output written to
     * {@code output} (made anew, owner-only) rather than to perfstat's (where compare prints its table); with
     * {@code echo} to both, as {@code tee} would. Its standard error still reaches the terminal.
     */
    public static Outcome run(List<String> command, perfstat.agent.AgentOptions agentOptions,
                              Consumer<IntervalLog.Batch> intervals, Path output, boolean echo) {
        ownerOnly(output);
        return run(command, agentOptions, intervals, echo ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.to(output.toFile()),
                echo ? output : null);
    }

    /** Runs it, its standard output sent to {@code stdout}; with a pipe, copied to {@code tee} and perfstat's output. */
    private static Outcome run(List<String> command, perfstat.agent.AgentOptions agentOptions,
                               Consumer<IntervalLog.Batch> intervals, ProcessBuilder.Redirect stdout, Path tee) {
        Path jar = AgentJar.path();
        Path tmp;
        try {
            tmp = Files.createTempDirectory("perfstat-stat-");
        } catch (IOException e) {
            throw UserError.data("cannot create a temporary directory: " + e.getMessage());
        }
        Path recording = tmp.resolve("run.jfr");
        Path log = tmp.resolve("intervals.log");
        List<String> cmd = new ArrayList<>();
        cmd.add(command.get(0));
        cmd.add("--enable-native-access=ALL-UNNAMED");
        // JFR's working files in perfstat's owner-only temporary directory (world-readable under /tmp
        // by default); before the command's own options, so that a repository it names wins
        cmd.add("-XX:FlightRecorderOptions=repository=" + tmp);
        cmd.add(AgentArgs.javaagent(jar, agentOptions, recording.toString(), intervals != null ? log.toString() : null));
        cmd.addAll(command.subList(1, command.size()));
        long t0 = System.nanoTime();
        int exit;
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO().redirectOutput(stdout);
            Process p = pb.start();
            Thread copier = tee == null ? null : Tee.start(p.getInputStream(), tee);
            try (Interrupts ignored = Interrupts.forwardTo(p)) {
                exit = follow(p, intervals == null ? null : new IntervalLog(log), intervals);
                if (copier != null) {
                    copier.join(5_000); // the pipe ends with the process, unless a child it left still holds it
                }
            } finally {
                p.destroy(); // perfstat itself is failing: the command goes too
            }
        } catch (IOException e) {
            new Outcome(0, recording, tmp, 0).close();
            throw UserError.data("cannot run " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            new Outcome(0, recording, tmp, 0).close();
            throw UserError.data("interrupted");
        }
        long wall = System.nanoTime() - t0;
        Outcome o = new Outcome(exit, recording, tmp, wall);
        if (!Files.isRegularFile(recording)) {
            o.close();
            throw UserError.data("the command wrote no recording (exit status " + exit
                    + "): its JVM did not start, or the agent could not");
        }
        return o;
    }

    /** {@code file} made anew, readable by its owner only, as the recording beside it: a program's output is its own. */
    private static void ownerOnly(Path file) {
        try {
            Files.deleteIfExists(file);
            try {
                Files.createFile(file, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException e) {
                Files.createFile(file); // not a POSIX file system
            }
        } catch (IOException e) {
            throw UserError.data("cannot write " + file + ": " + e.getMessage());
        }
    }

    /** Waits for {@code p}, printing interval rows meanwhile; its exit status. */
    private static int follow(Process p, IntervalLog follower, Consumer<IntervalLog.Batch> intervals)
            throws InterruptedException {
        while (!p.waitFor(50, java.util.concurrent.TimeUnit.MILLISECONDS)) {
            if (follower != null) {
                follower.poll(intervals);
            }
        }
        if (follower != null) {
            follower.poll(intervals);
        }
        return p.exitValue();
    }
}

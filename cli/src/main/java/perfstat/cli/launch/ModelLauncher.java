package perfstat.cli.launch;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import perfstat.cli.user.UserError;
import perfstat.agent.AgentOptions;
import perfstat.models.ModelArgs;
import perfstat.models.spi.Model;

/**
 * Runs one model variant in a child JVM with the agent, as perf stat runs a command: the
 * measured process holds only the workload. The recording is written next to its final
 * name and moved there when complete, so a failed run leaves nothing half-written.
 */
public final class ModelLauncher {

    /**
     * What to run and how: the model's arguments and the agent's options, both checked when
     * made. {@code agent}'s output is replaced by the child's own file.
     */
    public record Spec(Model.WorkloadInfo<?> workload, ModelArgs args, AgentOptions agent) {
        public String variant() {
            return args.variant();
        }

        /** The same run with the agent's counters and recording but no probes (compare --observer-check). */
        public Spec withoutProbes() {
            return new Spec(workload, args, AgentArgs.check(agent.toBuilder().clearProbes()));
        }
    }

    private ModelLauncher() {
    }

    /** Fails with a usage error, before anything runs, if {@code out} exists and {@code force} is off. */
    public static void checkWritable(Path out, boolean force) {
        if (Files.exists(out) && !force) {
            throw UserError.usage(out + " exists (use --force to overwrite it)");
        }
        if (Files.isDirectory(out)) {
            throw UserError.usage(out + " is a directory");
        }
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw UserError.usage("no directory " + parent + " for " + out);
        }
    }

    public static void run(Spec spec, Path out, boolean force) {
        checkWritable(out, force);
        Path jar = selfJar();
        Path dir = out.toAbsolutePath().getParent();
        Path tmpDir;
        try {
            tmpDir = Files.createTempDirectory(dir, ".perfstat-");
        } catch (IOException e) {
            throw UserError.usage("cannot write in " + dir + ": " + e.getMessage());
        }
        try {
            Path tmp = tmpDir.resolve(RECORDING);
            List<String> cmd = command(spec, jar);
            int exit;
            try {
                // The child runs in the temporary directory, so the agent's options name no path of the user's.
                Process p = new ProcessBuilder(cmd).directory(tmpDir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
                try (Interrupts ignored = Interrupts.forwardTo(p)) {
                    exit = p.waitFor();
                } finally {
                    p.destroy(); // perfstat itself is failing: the child goes too
                }
            } catch (IOException e) {
                throw UserError.data("cannot start a JVM for the model: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw UserError.data("interrupted");
            }
            if (exit != 0 && !(Interrupts.received() != null && Files.isRegularFile(tmp))) {
                throw UserError.data(spec.workload().name() + " " + spec.variant() + " failed in its JVM (exit " + exit + ")");
            }
            if (!Files.isRegularFile(tmp)) {
                throw UserError.data("the model's JVM wrote no recording");
            }
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw UserError.data("cannot write " + out + ": " + e.getMessage());
        } finally {
            deleteTree(tmpDir);
        }
    }

    /** The recording's name in the child's working directory. */
    private static final String RECORDING = "run.jfr";

    static List<String> command(Spec spec, Path jar) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.version().feature() >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        // JFR's working files (its repository, world-readable by default under /tmp) go in the
        // child's working directory, perfstat's owner-only temporary directory
        cmd.add("-XX:FlightRecorderOptions=repository=.");
        cmd.add(AgentArgs.javaagent(AgentJar.path(), spec.agent(), RECORDING, null));
        cmd.add("-cp");
        cmd.add(jar.toString());
        cmd.add("perfstat.models.ModelMain");
        cmd.addAll(spec.args().format());
        return cmd;
    }

    /**
     * Notes SIGINT, SIGTERM and SIGHUP until closed ({@link #stoppedBy}), between children too: compare holds it over its
     * runs, so that a signal while no child runs (one being started, a recording being read) ends the comparison with its
     * table, where the JVM's own handling had ended perfstat at once.
     */
    public static java.io.Closeable notingSignals() {
        Interrupts noting = Interrupts.noting();
        return noting::close;
    }

    /** The signal (SIGTERM, SIGINT, SIGHUP) that ended a child early, or null: then no further child should start. */
    public static String stoppedBy() {
        return Interrupts.received();
    }

    /** The perfstat.jar this CLI runs from: it holds the models, and the agent too ({@link AgentJar}). */
    static Path selfJar() {
        try {
            Path p = Path.of(ModelLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(p) && p.toString().endsWith(".jar")) {
                return p;
            }
        } catch (URISyntaxException | RuntimeException e) {
            // fall through
        }
        throw UserError.data("perfstat is not running from perfstat.jar, so it has no agent to load (use bin/perfstat)");
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a leftover empty temp directory is harmless
        }
    }
}

package perfstat.cli.launch;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import perfstat.cli.UserError;
import perfstat.models.Model;

/**
 * Runs one model variant in a child JVM with the agent, as perf stat runs a command: the
 * measured process holds only the workload. The recording is written next to its final
 * name and moved there when complete, so a failed run leaves nothing half-written.
 */
public final class ModelLauncher {

    /** What to run and how. {@code options} are the workload's KEY=VALUE options. */
    public record Spec(Model model, Model.WorkloadInfo workload, String variant, int threads, int cpus,
                       Duration warmup, Duration duration, Duration interval, Map<String, String> options,
                       List<String> extraProbes, String timing) {
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
            try (Interrupts ignored = Interrupts.ignore()) {
                // The child runs in the temporary directory, so the agent's options name no path of the user's.
                Process p = new ProcessBuilder(cmd).directory(tmpDir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
                exit = p.waitFor();
            } catch (IOException e) {
                throw UserError.data("cannot start a JVM for the model: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw UserError.data("interrupted");
            }
            if (exit != 0) {
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
        StringBuilder agent = new StringBuilder("-javaagent:").append(jar).append("=out=").append(RECORDING)
                .append(",probeset=").append(spec.model().probeSet());
        if (!spec.extraProbes().isEmpty()) {
            agent.append(",probes=").append(String.join(";", spec.extraProbes()));
        }
        if (spec.timing() != null) {
            agent.append(",timing=").append(spec.timing());
        }
        cmd.add(agent.toString());
        cmd.add("-cp");
        cmd.add(jar.toString());
        cmd.add("perfstat.models.ModelMain");
        cmd.add(spec.workload().name());
        cmd.add("--variant");
        cmd.add(spec.variant());
        cmd.add("--threads");
        cmd.add(Integer.toString(spec.threads()));
        cmd.add("--cpus");
        cmd.add(Integer.toString(spec.cpus()));
        cmd.add("--warmup-ms");
        cmd.add(Long.toString(spec.warmup().toMillis()));
        cmd.add("--duration-ms");
        cmd.add(Long.toString(spec.duration().toMillis()));
        cmd.add("--interval-ms");
        cmd.add(Long.toString(spec.interval().toMillis()));
        spec.options().forEach((k, v) -> {
            cmd.add("--option");
            cmd.add(k + "=" + v);
        });
        return cmd;
    }

    /** The perfstat.jar this CLI runs from: it is also the agent. */
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

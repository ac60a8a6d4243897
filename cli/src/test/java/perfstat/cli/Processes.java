package perfstat.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Runs a command for the end-to-end tests and keeps its exit code, stdout and stderr. */
public final class Processes {
    public record Result(int code, String out, String err) {
    }

    private Processes() {
    }

    public static Path jar() {
        return Path.of(System.getProperty("perfstat.jar")).toAbsolutePath().normalize();
    }

    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public static Result run(Path dir, List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("timed out: " + command);
        }
        Result r = new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    /** {@code java -jar perfstat.jar ARGS...} in {@code dir}, with {@link #sharing()}'s archive as bin/perfstat runs it. */
    public static Result perfstat(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(java()));
        cmd.addAll(sharing());
        cmd.addAll(List.of("-jar", jar().toString()));
        cmd.addAll(List.of(args));
        return run(dir, cmd);
    }

    private static List<String> sharing;

    /**
     * The JVM options that start perfstat's CLI from a class-data archive of its own classes, made once for the tests by
     * one training run, as bin/perfstat makes one for its user: a report's JVM starts in 0.62 s rather than 0.84 here, and
     * the tests start dozens. Empty where the archive cannot be made: the CLI then starts as plain {@code java -jar}.
     */
    static synchronized List<String> sharing() {
        if (sharing == null) {
            sharing = List.of();
            try {
                Path dir = Files.isDirectory(Path.of("target")) ? Path.of("target") : Files.createTempDirectory("perfstat-it");
                Path jsa = dir.toAbsolutePath().resolve("perfstat-it-" + ProcessHandle.current().pid() + ".jsa");
                Path recordings = jar().getParent().resolve("recordings");
                Result r = run(dir, List.of(java(), "-XX:ArchiveClassesAtExit=" + jsa,
                        "-D" + perfstat.cli.user.OutOfMemory.NO_WATCH + "=true", "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                        "-jar", jar().toString(), "diff", recordings.resolve("fstime-unpatched.jfr").toString(),
                        recordings.resolve("fstime-patched.jfr").toString()));
                jsa.toFile().deleteOnExit(); // 5 MB a test JVM: not left in target/ run after run
                if (r.code() == 0 && Files.isRegularFile(jsa) && Files.size(jsa) > 0) {
                    sharing = List.of("-XX:SharedArchiveFile=" + jsa, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
                }
            } catch (IOException | InterruptedException | RuntimeException e) {
                // the CLI starts without the archive
            }
        }
        return sharing;
    }

    /**
     * Whether this JVM was started with signal {@code number} ignored (SigIgn of /proc/self/status), as a shell that starts
     * a job in the background, or nohup, hands SIGINT or SIGHUP down: its children inherit it, and a JVM started so
     * never installs a handler for it. False where /proc cannot say.
     */
    static boolean signalIgnored(int number) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    long mask = Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16);
                    return (mask & (1L << (number - 1))) != 0;
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }

    /**
     * {@code perfstat ARGS...} in this JVM ({@link Main#execute}), for the commands that only read recordings
     * (report, diff): a check of a table costs a read, not a JVM. An argument that names a file or directory
     * in {@code dir} is passed as its path there, as the shell in {@code dir} would.
     */
    public static Result read(Path dir, String... args) {
        String[] a = args.clone();
        for (int i = 0; i < a.length; i++) {
            if (!a[i].startsWith("-") && !a[i].isEmpty() && Files.exists(dir.resolve(a[i]))) {
                a[i] = dir.resolve(a[i]).toString();
            }
        }
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = Main.execute(a, new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    /**
     * Waits until the JVM {@code pid} handles SIGQUIT (its signal dispatcher runs: it is past start-up, listed and
     * attachable; at most 60 s), rather than a fixed sleep that a loaded machine outlasts and an idle one wastes.
     */
    public static void awaitJvmUp(long pid) throws IOException, InterruptedException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            if (Files.exists(status)) {
                String caught = Files.readAllLines(status).stream().filter(l -> l.startsWith("SigCgt:")).findFirst().orElse("");
                if (!caught.isEmpty() && (Long.parseLong(caught.substring(7).strip(), 16) & (1L << 2)) != 0) {
                    return; // bit 2: signal 3, SIGQUIT
                }
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("the JVM " + pid + " did not come up in 60 s");
    }

    /** The home of an installed JDK of this feature release under /usr/lib/jvm, or null. */
    public static Path jdk(int feature) throws IOException {
        Path jvm = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvm)) {
            return null;
        }
        try (Stream<Path> homes = Files.list(jvm)) {
            for (Path h : homes.toList()) {
                Path release = h.resolve("release");
                if (Files.isRegularFile(release) && Files.isExecutable(h.resolve("bin/java"))
                        && Files.readString(release).contains("JAVA_VERSION=\"" + feature + ".")) {
                    return h;
                }
                if (Files.isRegularFile(release) && Files.isExecutable(h.resolve("bin/java"))
                        && Files.readString(release).contains("JAVA_VERSION=\"" + feature + "\"")) {
                    return h;
                }
            }
        }
        return null;
    }
}

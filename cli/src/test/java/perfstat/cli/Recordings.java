package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;

/**
 * The recordings the end-to-end tests read, made once per suite through perfstat.jar and shared, as
 * HdrHistogram's tests read real logs: each is made on first use under {@code target/it-recordings} (emptied
 * when the suite's JVM first asks, so no recording of an older jar is read) and only read after; a test that
 * needs one in a directory of its own copies it. A new check of a table reads these with
 * {@link Processes#read}, in the test's JVM, rather than starting a JVM to make or read one; the tests that
 * start JVMs of their own are those of launching, attaching and signals. Each is made once even where two IT
 * classes ask for it at the same time (the second waits for the first's); different ones are made side by side.
 */
public final class Recordings {
    /** The short runs: 1 s measured after 300 ms of warm-up, counters every 250 ms. */
    public static final List<String> SHORT = List.of("--duration", "1s", "--warmup", "300ms", "--interval", "250ms");

    /** A recording (or a directory of them) and what the command that made it printed. */
    public record Made(Path path, Processes.Result result) {
    }

    /** How long perfstat.itapp.Mix runs in the shared recordings of it (ms). */
    private static final String MIX_MS = "1500";

    private static final Map<String, CompletableFuture<Made>> MADE = new ConcurrentHashMap<>();
    private static Path dir;

    private Recordings() {
    }

    /** {@code perfstat run fstime --variant VARIANT -o VARIANT.jfr} (short): one run of the write-path model. */
    public static Made fstime(String variant) throws Exception {
        return made("fstime-" + variant, variant + ".jfr", "run", "fstime", "--variant", variant, "-o", variant + ".jfr");
    }

    /**
     * {@code perfstat compare fstime --variants unpatched,piggin -r 2 -o cmp} (short): two runs a variant,
     * interleaved, kept as {@code cmp/fstime-VARIANT-N.jfr}.
     */
    public static Made fstimeCompare() throws Exception {
        return made("compare", "cmp", "compare", "fstime", "--variants", "unpatched,piggin", "-r", "2", "-o", "cmp");
    }

    /**
     * perfstat.itapp.Mix (a user's program: four workers that allocate and contend, a main thread doing file I/O) for
     * 1.5 s under {@code java} with plain JFR's {@code settings} ({@code default} or {@code profile}), recorded with
     * {@code -XX:StartFlightRecording}; the path is the recording's.
     */
    public static Made mixJfr(String java, String settings) throws Exception {
        String file = "mix-" + settings + "-" + Integer.toHexString(real(java).hashCode()) + ".jfr";
        return command("mix-jfr-" + settings + "-" + real(java), file,
                List.of(java, "-XX:StartFlightRecording=settings=" + settings + ",filename=" + file, "-cp", itapp(),
                        "perfstat.itapp.Mix", MIX_MS));
    }

    /** perfstat.itapp.Mix for 1.5 s under G1 and perfstat's agent with its defaults ({@code -javaagent:perfstat.jar=out=…}). */
    public static Made mixAgentG1() throws Exception {
        String file = "mix-agent-g1.jfr";
        return command("mix-agent-g1", file, List.of(Processes.java(), "-XX:+UseG1GC",
                "-javaagent:" + Processes.jar() + "=out=" + file, "-cp", itapp(), "perfstat.itapp.Mix", MIX_MS));
    }

    /** A program the tests run, run once in the shared directory: its result, and {@code file} there (null: none). */
    public static Made command(String key, String file, List<String> command) throws Exception {
        return once(key, () -> new Made(file == null ? null : dir().resolve(file), Processes.run(dir(), command)));
    }

    /** The folder of the test programs (perfstat.itapp), as a class path. */
    public static String itapp() throws Exception {
        return Path.of(perfstat.itapp.Mix.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** The real path of a {@code java} launcher: two names of one JDK make one key. */
    public static String real(String java) throws IOException {
        return Path.of(java).toRealPath().toString();
    }

    private static Made made(String key, String file, String... args) throws Exception {
        return once(key, () -> {
            List<String> cmd = new ArrayList<>(List.of(args));
            cmd.addAll(SHORT);
            Processes.Result r = Processes.perfstat(dir(), cmd.toArray(String[]::new));
            assertThat(r.code()).as("making the shared recording %s: %s", key, r.err()).isZero();
            return new Made(dir().resolve(file), r);
        });
    }

    /** Makes {@code key}'s recording on its first use, once; later uses (and one waiting beside it) get that one. */
    private static Made once(String key, Callable<Made> make) throws Exception {
        CompletableFuture<Made> mine = new CompletableFuture<>();
        CompletableFuture<Made> made = MADE.putIfAbsent(key, mine);
        if (made == null) {
            try {
                mine.complete(make.call());
            } catch (Exception | Error e) {
                mine.completeExceptionally(e);
                throw e;
            }
            return mine.get();
        }
        try {
            return made.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw (Exception) e.getCause();
        }
    }

    /** Copies a shared recording into a test's own directory, as {@code name}; returns the copy. */
    public static Path copy(Path recording, Path to, String name) throws IOException {
        Path target = to.resolve(name);
        Files.createDirectories(target.getParent());
        return Files.copy(recording, target);
    }

    /**
     * A copy of a recording that is not a copy to perfstat: its first chunk starts {@code ns} nanoseconds later (so every
     * event's time moves by that much), its counts the same. For tests that want several runs of equal values (a
     * spread of 0), which copies of one file no longer give: a side counts copies once.
     */
    public static Path distinctCopy(Path recording, Path target, long ns) throws IOException {
        byte[] b = Files.readAllBytes(recording);
        java.nio.ByteBuffer.wrap(b).putLong(32, java.nio.ByteBuffer.wrap(b).getLong(32) + ns); // the chunk's start
        Files.createDirectories(target.toAbsolutePath().getParent());
        return Files.write(target, b, java.nio.file.StandardOpenOption.CREATE_NEW);
    }

    private static synchronized Path dir() throws IOException {
        if (dir == null) {
            Path d = Path.of("target", "it-recordings").toAbsolutePath();
            if (Files.exists(d)) {
                try (Stream<Path> all = Files.walk(d)) {
                    for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            dir = Files.createDirectories(d);
        }
        return dir;
    }
}

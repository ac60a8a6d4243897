package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The recordings the end-to-end tests read, made once per suite through perfstat.jar and shared, as
 * HdrHistogram's tests read real logs: each is made on first use under {@code target/it-recordings} (emptied
 * when the suite's JVM first asks, so no recording of an older jar is read) and only read after; a test that
 * needs one in a directory of its own copies it. A new check of a table reads these with
 * {@link Processes#read}, in the test's JVM, rather than starting a JVM to make or read one; the tests that
 * start JVMs of their own are those of launching, attaching and signals.
 */
public final class Recordings {
    /** The short runs: 1 s measured after 300 ms of warm-up, counters every 250 ms. */
    public static final List<String> SHORT = List.of("--duration", "1s", "--warmup", "300ms", "--interval", "250ms");

    /** A recording (or a directory of them) and what the command that made it printed. */
    public record Made(Path path, Processes.Result result) {
    }

    private static final Map<String, Made> MADE = new HashMap<>();
    private static Path dir;

    private Recordings() {
    }

    /** {@code perfstat run fstime --variant VARIANT -o VARIANT.jfr} (short): one run of the write-path model. */
    public static synchronized Made fstime(String variant) throws Exception {
        return made("fstime-" + variant, variant + ".jfr", "run", "fstime", "--variant", variant, "-o", variant + ".jfr");
    }

    /**
     * {@code perfstat compare fstime --variants unpatched,piggin -r 2 -o cmp} (short): two runs a variant,
     * interleaved, kept as {@code cmp/fstime-VARIANT-N.jfr}.
     */
    public static synchronized Made fstimeCompare() throws Exception {
        return made("compare", "cmp", "compare", "fstime", "--variants", "unpatched,piggin", "-r", "2", "-o", "cmp");
    }

    private static Made made(String key, String file, String... args) throws Exception {
        Made m = MADE.get(key);
        if (m == null) {
            List<String> cmd = new ArrayList<>(List.of(args));
            cmd.addAll(SHORT);
            Processes.Result r = Processes.perfstat(dir(), cmd.toArray(String[]::new));
            assertThat(r.code()).as("making the shared recording %s: %s", key, r.err()).isZero();
            m = new Made(dir().resolve(file), r);
            MADE.put(key, m);
        }
        return m;
    }

    /** Copies a shared recording into a test's own directory, as {@code name}; returns the copy. */
    public static Path copy(Path recording, Path to, String name) throws IOException {
        Path target = to.resolve(name);
        Files.createDirectories(target.getParent());
        return Files.copy(recording, target);
    }

    private static Path dir() throws IOException {
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

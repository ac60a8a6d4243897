package perfstat.cli.jmh;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.ProfilerException;

/**
 * The profiler's role in the JMH host: each measurement fork gets perfstat's agent, writing its
 * own recording ({@code <benchmark>-<params>-fork<N>.jfr} in {@code dir}); warm-up forks get
 * none. A fork that dies before its trial ends is named on the console and by a {@code .died}
 * file beside where its recording would be.
 */
final class JmhHost {
    private final ProfilerOptions options;

    JmhHost(ProfilerOptions options) {
        this.options = options;
    }

    /**
     * A directory that already holds recordings would mix two runs in one configuration (and a
     * fork's recording would overwrite one of the earlier run's): refused before the run. Only
     * the first profiler of the run for a directory looks, before any fork has written there.
     */
    void refuseOldRecordings() throws ProfilerException {
        Path dir = options.dir();
        if (!Run.RUN.firstLookAt(dir) || !Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> s = Files.list(dir)) {
            if (s.map(f -> f.getFileName().toString()).anyMatch(f -> f.endsWith(".jfr") || f.endsWith(".died"))) {
                throw new ProfilerException("perfstat: " + dir + " already holds recordings of an earlier run;"
                        + " give each run its own directory (dir=...) or remove them");
            }
        } catch (IOException e) {
            throw new ProfilerException("perfstat: cannot read " + dir + ": " + e.getMessage());
        }
    }

    /** The JVM options of the fork about to start: the agent and its recording for a measurement fork. */
    List<String> forkOptions(BenchmarkParams params) {
        Run.RUN.checkPending();
        String name = BenchmarkNames.recordingName(params);
        int fork = Run.RUN.nextFork(name) - params.getWarmupForks();
        if (fork <= 0) {
            return List.of(JmhFork.marker("warmup")); // JMH discards a warm-up fork's results: no agent, no recording
        }
        Path dir = options.dir();
        Path file = dir.toAbsolutePath().resolve(name + "-fork" + fork + ".jfr");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalStateException("perfstat: cannot create " + dir + ": " + e.getMessage(), e);
        }
        Run.RUN.started(new PendingFork(params.getBenchmark(), fork, file));
        List<String> opts = new ArrayList<>();
        opts.add(JmhFork.marker(String.valueOf(fork)));
        if (Runtime.version().feature() >= 22) {
            opts.add("--enable-native-access=ALL-UNNAMED"); // perf_event_open through FFM in the fork
        }
        opts.add("-javaagent:" + selfJar() + "=" + options.agent().toBuilder().out(file.toString()).buildOrThrow().format());
        return opts;
    }

    /** JMH calls this only for a fork that ran to its end. */
    void trialEnded() {
        Run.RUN.ended();
    }

    private static String selfJar() {
        try {
            return Path.of(JmhHost.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A measurement fork started by the host, and the recording it should write. */
    private record PendingFork(String benchmark, int fork, Path recording) {
        /**
         * A measurement fork whose trial never ended died (JMH then drops the benchmark's results,
         * or, with -foe, the run): says so, and leaves a {@code .died} file beside its recording,
         * which {@code perfstat diff} reports and by which it leaves out what the fork may have
         * written. The other forks' recordings stand.
         */
        void reportDied() {
            String file = recording.getFileName().toString();
            String line = "fork " + fork + " of " + benchmark + " died before its trial ended; "
                    + (size(recording) > 0 ? file + " holds only what it wrote until then" : "it wrote no recording")
                    + " (perfstat diff leaves it out)";
            System.out.println("perfstat: " + line);
            try {
                Path marker = recording.resolveSibling(file.substring(0, file.length() - ".jfr".length()) + ".died");
                perfstat.agent.recording.RecordingSession.ownerOnly(marker); // the user's alone, as every file perfstat writes
                Files.writeString(marker, line + "\n");
            } catch (IOException | RuntimeException e) {
                System.out.println("perfstat: cannot mark the dead fork in " + recording.getParent() + ": " + e.getMessage());
            }
        }

        private static long size(Path f) {
            try {
                return Files.size(f);
            } catch (IOException e) {
                return 0;
            }
        }
    }

    /**
     * What the host knows across the whole run, the one place the profiler keeps static state,
     * because JMH's lifecycle spreads a run over many profiler instances: JMH makes a profiler
     * to check the options before the run, then a new one for every benchmark and parameter
     * set, so the directory check must happen once per run, not once per instance (the second
     * benchmark's would find the first one's recordings); the fork numbers name recordings in
     * a directory the whole run shares; and a fork that died is only noticed when the next fork
     * starts, perhaps another benchmark's under another instance, or when the host JVM exits.
     */
    private static final class Run {
        static final Run RUN = new Run();

        private final Set<Path> checkedDirs = ConcurrentHashMap.newKeySet();
        /** Forks started so far per benchmark and parameter set. */
        private final Map<String, AtomicInteger> forks = new ConcurrentHashMap<>();
        /** The measurement fork started last whose trial has not ended, or null. */
        private PendingFork pending;
        private boolean hookAdded;

        /** Whether {@code dir} is looked at for the first time in this run. */
        boolean firstLookAt(Path dir) {
            return checkedDirs.add(dir.toAbsolutePath().normalize());
        }

        int nextFork(String recordingName) {
            return forks.computeIfAbsent(recordingName, k -> new AtomicInteger()).incrementAndGet();
        }

        synchronized void started(PendingFork fork) {
            pending = fork;
            if (!hookAdded) {
                hookAdded = true;
                Runtime.getRuntime().addShutdownHook(new Thread(this::checkPending, "perfstat-jmh-forks"));
            }
        }

        synchronized void ended() {
            pending = null;
        }

        /** Reports the fork started last as dead if its trial never ended. */
        synchronized void checkPending() {
            PendingFork p = pending;
            pending = null;
            if (p != null) {
                p.reportDied();
            }
        }
    }
}

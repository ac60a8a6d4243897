package perfstat.cli.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import jdk.jfr.consumer.EventStream;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.cli.user.UserError;
import perfstat.format.RecordingFormat;

/**
 * Reads a JFR recording into {@link RunData}, in one streaming pass that hands each event to
 * the collector of its concern ({@link Collector}). Knows the recording format
 * (docs/recording-format.md, perfstat.format) and nothing of statistics or output.
 */
public final class RecordingReader {
    private RecordingReader() {
    }

    /** The event's format version (its field {@code field}), or a data error for one newer than this reader knows. */
    static int formatVersion(String name, RecordedEvent e, String field) {
        int v = e.getInt(field);
        if (v > RecordingFormat.VERSION) {
            throw UserError.data(name + ": recording format " + v + " is newer than this perfstat reads (up to "
                    + RecordingFormat.VERSION + "); read it with a newer perfstat");
        }
        return v;
    }

    /**
     * Reads the recording {@code name}: a JFR file, or one compressed with gzip (as JMC writes
     * them), which is decompressed to a temporary file that is always removed. Any failure of
     * the JDK's parser, an {@link Error} included, is one data error naming the file.
     */
    public static RunData read(String name) {
        java.util.concurrent.CompletableFuture<RunData> ahead = PREFETCHED.remove(name);
        if (ahead != null) {
            try {
                return ahead.join();
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw e;
            }
        }
        return readNow(name);
    }

    /** Recordings being read ahead, by the name they will be asked for. */
    private static final Map<String, java.util.concurrent.CompletableFuture<RunData>> PREFETCHED =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Starts reading the first of these recordings ({@link #AHEAD} at most), one after another, on a thread of their own,
     * while the command line is still being parsed (picocli's start-up costs about 0.1 s; on a machine of two cores or
     * more the reading overlaps it); {@link #readAll} reads the rest. A later {@link #read} of the same name takes the
     * result, or the error, from there. Only names of existing files are read ahead.
     */
    public static void prefetch(List<String> names) {
        List<String> files = names.stream().flatMap(n -> {
            try {
                return Files.exists(Path.of(n)) ? recordings(n).stream().map(Path::toString) : java.util.stream.Stream.empty();
            } catch (RuntimeException e) {
                return java.util.stream.Stream.empty(); // not a path, or an empty directory: the command says so
            }
        }).filter(n -> Files.isRegularFile(Path.of(n))).distinct().limit(AHEAD).toList();
        if (files.isEmpty() || Runtime.getRuntime().availableProcessors() < 2) {
            return;
        }
        List<java.util.concurrent.CompletableFuture<RunData>> futures = new ArrayList<>();
        for (String f : files) {
            java.util.concurrent.CompletableFuture<RunData> future = new java.util.concurrent.CompletableFuture<>();
            PREFETCHED.put(f, future);
            futures.add(future);
        }
        Thread t = new Thread(() -> {
            for (int i = 0; i < files.size(); i++) {
                try {
                    futures.get(i).complete(readNow(files.get(i)));
                } catch (RuntimeException | Error e) {
                    futures.get(i).completeExceptionally(e);
                }
            }
        }, "perfstat-read-ahead");
        t.setDaemon(true);
        t.start();
    }

    /** Recordings {@link #prefetch} reads while the command line is parsed: as many as that 0.1 s overlaps. */
    static final int AHEAD = 4;

    /**
     * One recording as {@link #readAll} read it: its summary, or the data error that refused it.
     *
     * @param name  the name as given
     * @param run   what it holds, or null where it was refused
     * @param error why it was refused (a data or usage error), or null
     */
    public record Read(String name, RunData run, UserError error) {
    }

    /**
     * Reads recordings several at once where the machine has the cores (one thread a core, four at most: each read
     * holds one chunk's parse), and gives them back in the order named. Each recording is read into its summary and let
     * go, so that memory grows by the summaries only ({@link Shared}). {@code progress} is told, in order, how many
     * are read. A data or usage error refuses that recording alone; an {@link Error} (memory run out) ends the read.
     */
    public static List<Read> readAll(List<String> names, java.util.function.IntConsumer progress) {
        int threads = Math.max(1, Math.min(Math.min(Runtime.getRuntime().availableProcessors(), 4), names.size()));
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "perfstat-read");
            t.setDaemon(true);
            return t;
        });
        try {
            List<java.util.concurrent.Future<RunData>> futures = new ArrayList<>();
            for (String n : names) {
                futures.add(pool.submit(() -> read(n)));
            }
            List<Read> out = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                perfstat.cli.user.OutOfMemory.doing("reading " + names.get(i) + " (" + (i + 1) + " of " + names.size() + " recordings)");
                try {
                    out.add(new Read(names.get(i), futures.get(i).get(), null));
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof UserError u) {
                        out.add(new Read(names.get(i), null, u));
                    } else if (e.getCause() instanceof RuntimeException r) {
                        throw r;
                    } else if (e.getCause() instanceof Error err) {
                        throw err;
                    } else {
                        throw new IllegalStateException(e.getCause());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw UserError.data("interrupted while reading " + names.get(i));
                }
                progress.accept(i + 1);
            }
            perfstat.cli.user.OutOfMemory.doing("");
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The names being read ahead and not yet taken (for tests). */
    static java.util.Set<String> readingAhead() {
        return java.util.Set.copyOf(PREFETCHED.keySet());
    }

    /**
     * A file, or the recordings of a directory in name order (the names {@link #read} then takes): every *.jfr and
     * *.jfr.gz file, as perfstat reads both.
     */
    public static List<Path> recordings(String name) {
        Path p = Path.of(name);
        if (!Files.isDirectory(p)) {
            return List.of(p); // the reader says what is wrong with it, if anything
        }
        try (java.util.stream.Stream<Path> s = Files.list(p)) {
            List<Path> jfrs = s.filter(f -> (f.getFileName().toString().endsWith(".jfr") || f.getFileName().toString()
                    .endsWith(".jfr.gz")) && Files.isRegularFile(f)).sorted(RecordingReader::byName).toList();
            if (jfrs.isEmpty()) {
                throw UserError.data("no recordings (*.jfr, *.jfr.gz) in " + name);
            }
            return jfrs;
        } catch (IOException e) {
            throw UserError.data("cannot list " + name + ": " + e.getMessage());
        }
    }

    /**
     * Files in the order a person numbers them: runs of digits compared as numbers, so that {@code A.2.jfr} comes before
     * {@code A.10.jfr} (compare's runs in the order they ran), the rest as text.
     */
    static int byName(Path a, Path b) {
        String x = a.getFileName().toString();
        String y = b.getFileName().toString();
        int i = 0;
        int j = 0;
        while (i < x.length() && j < y.length()) {
            char cx = x.charAt(i);
            char cy = y.charAt(j);
            if (Character.isDigit(cx) && Character.isDigit(cy)) {
                int ei = i;
                int ej = j;
                while (ei < x.length() && Character.isDigit(x.charAt(ei))) {
                    ei++;
                }
                while (ej < y.length() && Character.isDigit(y.charAt(ej))) {
                    ej++;
                }
                int c = new java.math.BigInteger(x.substring(i, ei)).compareTo(new java.math.BigInteger(y.substring(j, ej)));
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else if (cx != cy) {
                return Character.compare(cx, cy);
            } else {
                i++;
                j++;
            }
        }
        int c = Integer.compare(x.length() - i, y.length() - j);
        return c != 0 ? c : x.compareTo(y);
    }

    private static RunData readNow(String name) {
        Path path = Path.of(name);
        if (!Files.exists(path)) {
            throw UserError.data("no such file: " + name);
        }
        if (!Files.isRegularFile(path)) {
            throw UserError.data("not a file: " + name);
        }
        if (!gzip(path)) {
            return read(name, path);
        }
        Path plain = null;
        try {
            plain = Files.createTempFile("perfstat-gunzip-", ".jfr");
            plain.toFile().deleteOnExit(); // also when the JVM exits during the read (a read ahead, below)
            try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(path), 1 << 16);
                 java.io.OutputStream out = Files.newOutputStream(plain)) {
                in.transferTo(out);
            }
            return read(name, plain);
        } catch (IOException e) {
            throw UserError.data(name + " is gzip-compressed but does not decompress (" + e.getMessage() + ")");
        } finally {
            if (plain != null) {
                try {
                    Files.deleteIfExists(plain);
                } catch (IOException e) {
                    // the temporary directory's own clean-up then
                }
            }
        }
    }

    private static boolean gzip(Path path) {
        try (java.io.InputStream in = Files.newInputStream(path)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        } catch (IOException e) {
            return false; // the reader says what is wrong with it
        }
    }

    /** Refuses a file that is no recording, or one cut short, before the parser meets it. */
    private static void whole(String name, Path path) {
        if (!ChunkHeaders.flightRecorderFile(path)) {
            throw UserError.data(name + " is not a readable JFR recording (not a Flight Recorder file)");
        }
        if (!ChunkHeaders.complete(path)) {
            // before the parser, which may meet the cut first and say only IndexOutOfBoundsException
            throw UserError.data(name + " is truncated: it ends inside a chunk (a recording still being written, or a copy"
                    + " cut short), so perfstat cannot read it");
        }
    }

    /**
     * One streaming pass over the recording: each collector's handlers by event type, so that
     * the JDK's parser skips every other type. A new concern is a collector (and its part of
     * {@link RunData}); a new JDK total is one line of {@link JdkTotal}.
     */
    private static RunData read(String name, Path path) {
        whole(name, path);
        Pass p = new Pass(name, ChunkHeaders.span(path)); // the recording's own span; the events' where the headers cannot say
        try (EventStream es = EventStream.openFile(path)) {
            es.setReuse(false); // some events are kept past their handler (the latest per probe)
            es.setOrdered(false); // no handler depends on the order: the latest is chosen by time
            es.onMetadata(p.settings::metadata); // the event types' names, which jdk.ActiveSetting names by id
            // the stream would log a handler's exception and go on: an event a handler cannot use is
            // skipped and counted; a data error or an Error is kept, the first one, and thrown after
            Map<String, Consumer<RecordedEvent>> byName = new HashMap<>();
            p.handlers().forEach((type, handler) -> {
                long[] count = p.counter(type);
                byName.put(type, e -> {
                    try {
                        p.seen(e);
                        count[0]++;
                        handler.accept(e);
                    } catch (UserError x) {
                        p.failure = x;
                    } catch (RuntimeException x) {
                        p.skipped.add(type, x);
                    } catch (Error x) {
                        p.failure = x;
                    }
                });
            });
            // registered by name, so that the parser reads only these types; but the stream finds an event's handlers by
            // its type's id, cached from the first chunk that had it, and a chunk from another JVM (the score that
            // stat and compare append) may give that id to another type: each event goes by its own type's name
            Consumer<RecordedEvent> route = e -> {
                Consumer<RecordedEvent> h = byName.get(e.getEventType().getName());
                if (p.failure == null && h != null) {
                    h.accept(e);
                }
            };
            byName.keySet().forEach(type -> es.onEvent(type, route));
            es.start();
        } catch (UserError | OutOfMemoryError e) {
            throw e; // memory run out is the reader's, not the file's: Main says so in one line
        } catch (IOException | RuntimeException | Error e) {
            // the JDK's parser throws InternalError on some corrupt metadata
            throw UserError.data(name + " is not a readable JFR recording (" + e + ")", e);
        }
        if (p.failure instanceof UserError u) {
            throw u;
        }
        if (p.failure instanceof OutOfMemoryError o) {
            throw o;
        }
        if (p.failure != null) {
            throw UserError.data(name + " is not a readable JFR recording (" + p.failure + ")", p.failure);
        }
        return p.result().withContent(ChunkHeaders.content(path));
    }

    /** One pass: its collectors, one per concern, and what the pass itself keeps (the span, events per type, a failure). */
    private static final class Pass {
        private final String name;
        /** The recording's span from its chunk headers, or null; then the events' first start and last end give it. */
        private final Duration span;
        private final AgentCollector agent;
        private final WorkloadCollector workload;
        private final IterationCollector iterations;
        private final MomentCollector moments = new MomentCollector();
        private final JmhCollector jmh;
        private final CounterCollector counters;
        private final ProbeCollector probes;
        private final JvmCollector jvm;
        private final ContentionCollector contention;
        private final HotMethodsCollector hot = new HotMethodsCollector();
        private final JdkTotalsCollector jdkTotals = new JdkTotalsCollector();
        private final ThreadRoleCollector roles = new ThreadRoleCollector();
        private final ThreadCpuLoadCollector threadLoads = new ThreadCpuLoadCollector();
        private final CompilationCollector compilations = new CompilationCollector();
        private final SettingsCollector settings = new SettingsCollector();
        private final SetupCollector setup = new SetupCollector();
        private final MachineCollector machine = new MachineCollector();
        private final LateWindowCollector lateWindow = new LateWindowCollector();
        /** The events a handler could not use. */
        private final SkippedEvents skipped = new SkippedEvents();
        /** Events read per type: the JDK's under their own names (a JDK 9/10 alias adds to its jdk. name). */
        private final Map<String, long[]> typeCounts = new HashMap<>();
        /** The first failure inside a handler, thrown once the pass is over. */
        private Throwable failure;
        private boolean any;
        private Instant first;
        private Instant last;

        Pass(String name, Duration span) {
            this.name = name;
            this.span = span;
            this.agent = new AgentCollector(name);
            this.workload = new WorkloadCollector(name);
            this.iterations = new IterationCollector(name);
            this.jmh = new JmhCollector(name);
            this.counters = new CounterCollector();
            this.probes = new ProbeCollector(name);
            this.jvm = new JvmCollector();
            this.contention = new ContentionCollector();
        }

        /** Every event type this reader reads, and what it does with one. */
        Map<String, Consumer<RecordedEvent>> handlers() {
            Handlers h = new Handlers();
            for (Collector c : List.of(agent, workload, iterations, moments, jmh, counters, probes, jvm, contention, hot, jdkTotals, roles,
                    threadLoads, compilations, settings, setup, machine, lateWindow)) {
                c.register(h);
            }
            return h.all();
        }

        /** The span of the events read, where the chunk headers cannot say. */
        void seen(RecordedEvent e) {
            any = true;
            if (span != null) {
                return; // the headers gave it: no two Instants per event
            }
            Instant t = e.getEndTime();
            first = first == null || e.getStartTime().isBefore(first) ? e.getStartTime() : first;
            last = last == null || t.isAfter(last) ? t : last;
        }

        /** The count an event type's handler adds to, one array per type looked up once (not per event). */
        long[] counter(String type) {
            return typeCounts.computeIfAbsent(Handlers.countedAs(type), k -> new long[1]);
        }

        RunData result() {
            if (!any && span == null) {
                throw UserError.data(name + " is a JFR recording with no events perfstat reads");
            }
            // a window's own recording holds its opening and closing totals but not the agent's start;
            // the agent's main recording holds all three, and its totals are the whole run's
            boolean window = (probes.hasWindowEnd() || counters.hasWindowEnd()) && !counters.agentStartSeen();
            // the agent's own recording whose counters' window opened late (--delay, --from): its counts from there on
            RunData.LateWindow late = lateWindow.result();
            boolean fromLate = !window && late != null && late.opened() && counters.hasLateStart();
            boolean jmhRun = jmh.any() && workload.workload() == null;
            List<double[]> scores = new ArrayList<>(workload.scores());
            scores.addAll(jmh.scores());
            scores.sort((a, b) -> Double.compare(a[0], b[0]));
            CounterCollector.Part c = counters.result(window, fromLate, agent.startCpuNs());
            if (fromLate && c.start() != null) { // the JDK's rows from the late opening on, as the counters
                jvm.from(c.start().time());
                contention.from(c.start().time());
            }
            RunData run = RunData.of(name).withWorkload(jmhRun ? jmh.workload() : workload.workload())
                    .withResult(jmhRun ? jmh.result() : workload.result()).withIntervalScores(scores.stream().map(s -> s[1]).toList())
                    .withModelCounters(workload.modelCounters()).withCounters(c.start(), c.end())
                    .withProbes(probes.probes(window, fromLate)).withAgent(agent.options(), agent.timerOverheadNs())
                    .withJdk(jdkSummary(c)).withPerfCounters(c.totals()).withPerThread(c.perThread()).withCounterWindow(c.window())
                    .withProbePatterns(probes.patterns()).withLosses(losses()).withProbeCandidates(probes.candidates())
                    .withProgram(agent.program().isEmpty() ? jvm.program() : agent.program())
                    .withRoles(roles(window, fromLate, c)).withProgramScore(programScore())
                    .withMachine(machine.result(window, fromLate)).withLateWindow(late);
            return derivedRoles(run);
        }

        /**
         * The command's own score: the numbers it printed ({@code --score}, {@code --iteration-score}), else the
         * iterations of the method the agent timed ({@code --iteration}), else null.
         */
        private RunData.ProgramScore programScore() {
            if (workload.programScore() != null) {
                return workload.programScore();
            }
            RunData.IterationSeries s = iterations.result(agent.options());
            return s == null ? null : RunData.ProgramScore.of(s.withMoments(moments.result()));
        }

        /**
         * A recording made without perfstat, which has no perfstat.ThreadRole: its roles estimated from jdk.ThreadCPULoad
         * where it has that; a recording with perfstat's events keeps what it measured (never both).
         */
        private RunData derivedRoles(RunData run) {
            if (run.hasPerfstatEvents() || !run.roles().counts().isEmpty() || run.roles().note() != null) {
                return run;
            }
            RunData.Roles derived = threadLoads.result();
            return derived.counts().isEmpty() ? run : run.withRoles(derived);
        }

        /** The counts by thread role in the window, with the window's compilations. */
        private RunData.Roles roles(boolean window, boolean fromLate, CounterCollector.Part c) {
            return roles.result(window, fromLate).withCompiles(compilations.result(c.start() == null ? null : c.start().time(),
                    c.end() == null ? null : c.end().time()));
        }

        /** The events skipped, and the agent's own counts of what it lost. */
        private RunData.Losses losses() {
            ProbeCollector.Installer i = probes.installer();
            return new RunData.Losses(skipped.result(), i.errors(), i.classesInvisible(), i.probesDropped(),
                    probes.failures(), counters.readFailures(), probes.notProbed());
        }

        /** The JDK's part; the method samples those inside the counters' window {@code c}, where it has one. */
        private RunData.JdkSummary jdkSummary(CounterCollector.Part c) {
            TreeMap<String, Long> jdkCounts = new TreeMap<>();
            typeCounts.forEach((type, n) -> {
                if (type.startsWith("jdk.") && n[0] > 0) {
                    jdkCounts.put(type, n[0]);
                }
            });
            Duration recorded = span != null ? span : first == null ? Duration.ZERO : Duration.between(first, last);
            RunData.Settings set = settings.result();
            Instant from = c.start() == null ? null : c.start().time();
            Instant to = c.end() == null ? null : c.end().time();
            return RunData.JdkSummary.NONE.withEventCounts(jdkCounts).withSpan(recorded).withGc(jvm.gcCount(), jvm.gcPause())
                    .withMeanJvmCpuLoad(jvm.meanCpuLoad())
                    .withContention(contention.monitors(), contention.parks(), contention.topSites(), agent.contentionThreshold())
                    .withDerivedCpu(jvm.derivedCpuNs(), jvm.cpuLoadCovered(), jvm.cpuLoadShare(recorded))
                    .withMachineContextSwitches(jvm.machineContextSwitches()).withTotals(jdkTotals.result(set))
                    .withHot(hot.result(from, to)).withGcNames(jvm.gcNames()).withSettings(set).withSetup(setup.result(set));
        }
    }
}

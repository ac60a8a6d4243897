package perfstat.cli.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.EventStream;
import org.HdrHistogram.Histogram;
import perfstat.agent.events.HistogramCodec;
import perfstat.cli.UserError;
import perfstat.format.RecordingFormat;

/**
 * Reads a JFR recording into {@link RunData}. Knows the recording format
 * (docs/recording-format.md) and nothing of statistics or output.
 */
public final class RecordingReader {
    private RecordingReader() {
    }

    /** The event's format version, or a data error for one newer than this reader knows. */
    static int formatVersion(String name, RecordedEvent e) {
        int v = e.getInt("formatVersion");
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
     * Starts reading these recordings, one after another, on a thread of their own, while the
     * command line is still being parsed (picocli's start-up costs about 0.1 s; on a machine of
     * two cores or more the reading overlaps it). A later {@link #read} of the same name takes
     * the result, or the error, from there. Only names of existing files are read ahead.
     */
    public static void prefetch(List<String> names) {
        List<String> files = names.stream().flatMap(n -> {
            try {
                return Files.exists(Path.of(n)) ? recordings(n).stream().map(Path::toString) : java.util.stream.Stream.empty();
            } catch (RuntimeException e) {
                return java.util.stream.Stream.empty(); // not a path, or an empty directory: the command says so
            }
        }).filter(n -> Files.isRegularFile(Path.of(n))).distinct().toList();
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

    /** The names being read ahead and not yet taken (for tests). */
    static java.util.Set<String> readingAhead() {
        return java.util.Set.copyOf(PREFETCHED.keySet());
    }

    /** A file, or the *.jfr files of a directory in name order (the names {@link #read} then takes). */
    public static List<Path> recordings(String name) {
        Path p = Path.of(name);
        if (!Files.isDirectory(p)) {
            return List.of(p); // the reader says what is wrong with it, if anything
        }
        try (java.util.stream.Stream<Path> s = Files.list(p)) {
            List<Path> jfrs = s.filter(f -> f.getFileName().toString().endsWith(".jfr") && Files.isRegularFile(f))
                    .sorted().toList();
            if (jfrs.isEmpty()) {
                throw UserError.data("no recordings (*.jfr) in " + name);
            }
            return jfrs;
        } catch (IOException e) {
            throw UserError.data("cannot list " + name + ": " + e.getMessage());
        }
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

    /**
     * One streaming pass over the recording: a handler per event type this reader needs, so
     * that the JDK's parser skips every other type. A new row of the table is one handler here
     * (and one line where the measurements are made).
     */
    private static RunData read(String name, Path path) {
        if (!ChunkHeaders.flightRecorderFile(path)) {
            throw UserError.data(name + " is not a readable JFR recording (not a Flight Recorder file)");
        }
        Pass p = new Pass(name, ChunkHeaders.span(path)); // the recording's own span; the events' where the headers cannot say
        try (EventStream es = EventStream.openFile(path)) {
            es.setReuse(false); // some events are kept past their handler (the latest per probe)
            es.setOrdered(false); // no handler depends on the order: the latest is chosen by time
            // the stream would log a handler's exception and go on: the first one is kept and thrown after
            p.handlers().forEach((type, handler) -> {
                long[] count = p.counter(type);
                es.onEvent(type, e -> {
                    if (p.failure != null) {
                        return;
                    }
                    try {
                        p.seen(e);
                        count[0]++;
                        handler.accept(e);
                    } catch (RuntimeException | Error x) {
                        p.failure = x;
                    }
                });
            });
            es.start();
        } catch (UserError e) {
            throw e;
        } catch (IOException | RuntimeException | Error e) {
            // the JDK's parser throws InternalError on some corrupt metadata, and may run out of memory
            throw UserError.data(name + " is not a readable JFR recording (" + e + ")", e);
        }
        if (p.failure instanceof UserError u) {
            throw u;
        }
        if (p.failure != null) {
            throw UserError.data(name + " is not a readable JFR recording (" + p.failure + ")", p.failure);
        }
        if (!ChunkHeaders.complete(path)) {
            throw UserError.data(name + " is not a readable JFR recording (it ends inside a chunk: truncated?)");
        }
        return p.result();
    }

    /** What one pass accumulates, with a handler per event type. */
    private static final class Pass {
        private final String name;
        /** The first failure inside a handler, thrown once the pass is over. */
        private Throwable failure;
        private RunData.Workload workload;
        private RunData.Result result;
        private final List<double[]> scores = new ArrayList<>();
        private final Map<String, Long> modelCounters = new LinkedHashMap<>();
        private RunData.Counters start;
        private RunData.Counters end;
        private final Map<String, RecordedEvent> latestProbe = new HashMap<>();
        // a window opened on a JVM that already ran the agent: totals as it opened and as it closed
        private final Map<String, RecordedEvent> windowStartProbe = new HashMap<>();
        private final Map<String, RecordedEvent> windowEndProbe = new HashMap<>();
        private RunData.Counters windowStart;
        private RunData.Counters windowEnd;
        private final List<RunData.PerfCounter> perfWindowStart = new ArrayList<>();
        private final List<RunData.PerfCounter> perfWindowEnd = new ArrayList<>();
        private boolean agentStartSeen;
        private String agentOptions;
        private final Map<String, Long> probePatterns = new LinkedHashMap<>(); // the latest per pattern
        private long timerOverheadNs;
        private long agentStartCpuNs = -1;
        /** The recording's span from its chunk headers, or null; then the events' first start and last end give it. */
        private final Duration span;
        private boolean any;
        private Instant first;
        private Instant last;
        private long gcCount;
        private Duration gcPause = Duration.ZERO;
        private double cpuSum;
        private long cpuN;
        private final List<double[]> cpuLoads = new ArrayList<>(); // {epoch ns, jvmUser + jvmSystem}
        private final List<double[]> switchRates = new ArrayList<>(); // {epoch ns, switches per second, whole machine}
        private int hwThreads;
        private final List<RunData.PerfCounter> perfEnd = new ArrayList<>();
        private RecordedEvent counterReader;
        private final long[] monitor = new long[2];
        private final long[] park = new long[2];
        private final Map<String, long[]> sites = new HashMap<>();

        Pass(String name, Duration span) {
            this.name = name;
            this.span = span;
        }

        /** Every event type this reader reads, and what it does with one. */
        Map<String, java.util.function.Consumer<RecordedEvent>> handlers() {
            Map<String, java.util.function.Consumer<RecordedEvent>> h = new LinkedHashMap<>();
            h.put("perfstat.Workload", this::workload);
            h.put("perfstat.Result", e -> result = new RunData.Result(e.getDouble("score"), e.getLong("units"),
                    Duration.ofNanos(e.getLong("elapsedNs"))));
            h.put("perfstat.Score", e -> scores.add(new double[] {e.getInt("interval"), e.getDouble("score")}));
            h.put("perfstat.JmhIteration", this::jmhIteration);
            h.put("perfstat.ModelCounter", e -> modelCounters.put(e.getString("name"), e.getLong("value")));
            h.put("perfstat.Counters", this::counters);
            h.put("perfstat.Probe", this::probe);
            h.put("perfstat.PerfCounter", this::perfCounter);
            h.put("perfstat.CounterReader", e -> {
                if (counterReader == null || e.getLong("windowNs") > counterReader.getLong("windowNs")) {
                    counterReader = e;
                }
            });
            h.put("perfstat.ProbePattern", e -> probePatterns.merge(e.getString("pattern"), e.getLong("methods"), Math::max));
            h.put("perfstat.Agent", this::agent);
            h.put("jdk.GarbageCollection", e -> {
                gcCount++;
                gcPause = gcPause.plus(e.getDuration("sumOfPauses"));
            });
            h.put("jdk.JavaMonitorEnter", e -> blocked(e, monitor, "monitor ", monitorStacks));
            h.put("jdk.ThreadPark", e -> blocked(e, park, "park ", parkStacks));
            h.put("jdk.CPULoad", e -> {
                double load = e.getFloat("jvmUser") + e.getFloat("jvmSystem");
                cpuSum += load;
                cpuN++;
                cpuLoads.add(new double[] {epochNs(e.getEndTime()), load});
            });
            h.put("jdk.ThreadContextSwitchRate", e -> {
                switchRates.add(new double[] {epochNs(e.getEndTime()), e.getFloat("switchRate")});
            });
            h.put("jdk.CPUInformation", e -> {
                if (e.hasField("hwThreads")) {
                    hwThreads = e.getInt("hwThreads");
                }
            });
            h.put("jdk.ExecutionSample", e -> sample(e, false));
            h.put("jdk.NativeMethodSample", e -> sample(e, true));
            // the JDK's totals, one handler each: a sum over events, or the growth of a cumulative counter
            sum(h, "jdk.ObjectAllocationSample", "weight", "allocation-bytes");
            sum(h, "jdk.FileRead", "bytesRead", "file-read-bytes");
            sum(h, "jdk.FileWrite", "bytesWritten", "file-write-bytes");
            sum(h, "jdk.SocketRead", "bytesRead", "socket-read-bytes");
            sum(h, "jdk.SocketWrite", "bytesWritten", "socket-write-bytes");
            sum(h, "jdk.SafepointBegin", null, "safepoints");
            sum(h, "jdk.Compilation", null, "compilations");
            growth(h, "jdk.ExceptionStatistics", "throwables", "exceptions");
            growth(h, "jdk.JavaThreadStatistics", "accumulatedCount", "threads-started");
            growth(h, "jdk.ClassLoadingStatistics", "loadedClassCount", "classes-loaded");
            // JDK 9 and 10 wrote the same events under another prefix
            for (String type : new ArrayList<>(h.keySet())) {
                if (type.startsWith("jdk.")) {
                    h.put("com.oracle." + type, h.get(type));
                }
            }
            return h;
        }

        private long samples;
        private long nativeSamples;
        private final Map<String, Long> self = new HashMap<>();
        private final Map<String, Long> total = new HashMap<>();
        private final Map<String, Long> nativeSelf = new HashMap<>();

        /**
         * The parser hands out one object per stack trace (and per method) of a chunk's constant
         * pool, shared by every event that refers to it, so what is derived from a stack is
         * derived once per stack and looked up by identity after that (RecordedObject keeps
         * Object's equals); weak keys let a finished chunk's stacks go.
         */
        private final Map<jdk.jfr.consumer.RecordedStackTrace, String[]> sampleStacks = new java.util.WeakHashMap<>();
        private final Map<jdk.jfr.consumer.RecordedMethod, String> methodNames = new java.util.WeakHashMap<>();

        /** A method sample: its top frame's method counts as self, every method on its stack once as total. */
        private void sample(RecordedEvent e, boolean nativeSample) {
            jdk.jfr.consumer.RecordedStackTrace st = e.getStackTrace();
            if (st == null) {
                return;
            }
            String[] methods = sampleStacks.computeIfAbsent(st, this::distinctMethods); // the top frame's first
            if (methods.length == 0) {
                return;
            }
            if (nativeSample) {
                nativeSamples++;
                nativeSelf.merge(methods[0], 1L, Long::sum);
                return;
            }
            samples++;
            self.merge(methods[0], 1L, Long::sum);
            for (String m : methods) {
                total.merge(m, 1L, Long::sum);
            }
        }

        /** The methods on a stack, each once, the top frame's first. */
        private String[] distinctMethods(jdk.jfr.consumer.RecordedStackTrace st) {
            java.util.Set<String> onStack = new java.util.LinkedHashSet<>();
            for (jdk.jfr.consumer.RecordedFrame f : st.getFrames()) {
                onStack.add(methodNames.computeIfAbsent(f.getMethod(), Pass::method));
            }
            return onStack.toArray(new String[0]);
        }

        private static String method(jdk.jfr.consumer.RecordedMethod m) {
            // a hidden class (a lambda's, a proxy's) ends in an address, a new one each run: leave it out
            String type = m.getType().getName().replaceFirst("[./]?0x[0-9a-fA-F]+$", "");
            return (type.isEmpty() ? "(hidden class)" : type) + "::" + m.getName();
        }

        /** Totals by name: sums, and per cumulative counter its smallest and largest value. */
        private final Map<String, Double> totals = new LinkedHashMap<>();
        private final Map<String, double[]> ranges = new LinkedHashMap<>();

        /** Adds {@code field} of every event (or 1 per event, for a null field) to total {@code key}. */
        private void sum(Map<String, java.util.function.Consumer<RecordedEvent>> h, String type, String field, String key) {
            h.put(type, e -> {
                totals.merge(key, field == null ? 1.0 : e.getLong(field), Double::sum);
            });
        }

        /** Total {@code key} is how much cumulative counter {@code field} grew over the recording (two samples at least). */
        private void growth(Map<String, java.util.function.Consumer<RecordedEvent>> h, String type, String field, String key) {
            h.put(type, e -> {
                double v = e.getLong(field);
                ranges.merge(key, new double[] {v, v, 1},
                        (a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1]), a[2] + b[2]});
            });
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

        /** Events read per type: the JDK's under their own names (a JDK 9/10 alias adds to its jdk. name). */
        private final Map<String, long[]> typeCounts = new HashMap<>();

        /** The count an event type's handler adds to, one array per type looked up once (not per event). */
        long[] counter(String type) {
            return typeCounts.computeIfAbsent(type.startsWith("com.oracle.jdk.") ? type.substring("com.oracle.".length()) : type,
                    k -> new long[1]);
        }

        private Map<String, Double> jdkTotals() {
            Map<String, Double> out = new LinkedHashMap<>(totals);
            ranges.forEach((k, r) -> {
                if (r[2] >= 2) { // one sample tells no growth
                    out.put(k, r[1] - r[0]);
                }
            });
            return java.util.Collections.unmodifiableMap(out);
        }

        private void workload(RecordedEvent e) {
            workload = new RunData.Workload(formatVersion(name, e),
                    e.getString("model"), e.getString("variant"), e.getString("workload"),
                    e.getInt("threads"), e.getInt("cpus"), e.getInt("cores"), e.getString("jvmVersion"),
                    Duration.ofNanos(e.getLong("durationNs")), Duration.ofNanos(e.getLong("warmupNs")),
                    Duration.ofNanos(e.getLong("intervalNs")), e.getString("scoreName"),
                    e.getString("scoreUnit"), e.getBoolean("higherIsBetter"), e.getString("options"),
                    e.hasField("fixedWork") && e.getBoolean("fixedWork"),
                    e.hasField("simulated") && e.getBoolean("simulated"));
        }

        private void counters(RecordedEvent e) {
            RunData.Counters c = RecordingReader.counters(e);
            if ("window-start".equals(e.getString("phase"))) {
                windowStart = c;
            } else if ("window-end".equals(e.getString("phase"))) {
                windowEnd = c;
            } else if ("start".equals(e.getString("phase"))) {
                agentStartSeen = true;
                start = start == null ? c : start;
            } else if (end == null || c.time().isAfter(end.time())) {
                end = c;
            }
        }

        private void probe(RecordedEvent e) {
            String phase = e.hasField("phase") && e.getString("phase") != null ? e.getString("phase") : "";
            switch (phase) {
                case "window-start" -> windowStartProbe.put(e.getString("probe"), e);
                case "window-end" -> windowEndProbe.put(e.getString("probe"), e);
                default -> latestProbe.merge(e.getString("probe"), e, (a, b) -> b.getEndTime().isBefore(a.getEndTime()) ? a : b);
            }
        }

        private void perfCounter(RecordedEvent e) {
            // interval reads stay in the recording for other tools; tables use the totals
            switch (e.getString("phase")) {
                case "end" -> perfEnd.add(RecordingReader.perfCounter(e));
                case "window-start" -> perfWindowStart.add(RecordingReader.perfCounter(e));
                case "window-end" -> perfWindowEnd.add(RecordingReader.perfCounter(e));
                default -> {
                }
            }
        }

        private void agent(RecordedEvent e) {
            formatVersion(name, e);
            agentOptions = e.getString("options");
            timerOverheadNs = e.hasField("timerOverheadNs") ? e.getLong("timerOverheadNs") : 0;
            agentStartCpuNs = e.hasField("startCpuNs") ? e.getLong("startCpuNs") : -1;
        }

        /** Per kind of blocking, each stack's site accumulator (see sampleStacks). */
        private final Map<jdk.jfr.consumer.RecordedStackTrace, long[]> monitorStacks = new java.util.WeakHashMap<>();
        private final Map<jdk.jfr.consumer.RecordedStackTrace, long[]> parkStacks = new java.util.WeakHashMap<>();

        private void blocked(RecordedEvent e, long[] agg, String kind, Map<jdk.jfr.consumer.RecordedStackTrace, long[]> stacks) {
            long ns = e.getDuration().toNanos();
            agg[0]++;
            agg[1] += ns;
            jdk.jfr.consumer.RecordedStackTrace st = e.getStackTrace();
            long[] site = st == null ? sites.computeIfAbsent(kind + site(null), k -> new long[2])
                    : stacks.computeIfAbsent(st, k -> sites.computeIfAbsent(kind + site(k), x -> new long[2]));
            site[0]++;
            site[1] += ns;
        }

        /** A JMH fork's measurement iterations (perfstat's JMH profiler): the first, and operations and time in all. */
        private RecordedEvent jmhFirst;
        private long jmhOperations;
        private long jmhElapsedNs;

        /**
         * A measurement iteration of a JMH benchmark: the benchmark (with its parameters) is the
         * workload, its iterations are the score's intervals, and their mean is the fork's score.
         */
        private void jmhIteration(RecordedEvent e) {
            formatVersion(name, e);
            if (jmhFirst == null) {
                jmhFirst = e;
            }
            scores.add(new double[] {e.getInt("iteration"), e.getDouble("score")});
            jmhOperations += e.getLong("operations");
            jmhElapsedNs += e.getDuration().toNanos();
        }

        RunData result() {
            if (!any && span == null) {
                throw UserError.data(name + " is a JFR recording with no events perfstat reads");
            }
            scores.sort((a, b) -> Double.compare(a[0], b[0]));
            if (jmhFirst != null && workload == null) {
                RecordedEvent e = jmhFirst;
                String params = e.getString("params") == null ? "" : e.getString("params");
                Duration measured = Duration.ofNanos(jmhElapsedNs);
                workload = new RunData.Workload(e.getInt("formatVersion"), "jmh", "",
                        e.getString("benchmark") + (params.isEmpty() ? "" : " " + params), e.getInt("threads"), 0, 0, "",
                        measured, Duration.ZERO, Duration.ZERO, e.getString("mode"), e.getString("scoreUnit"),
                        e.getBoolean("higherIsBetter"), params, false, false);
                result = new RunData.Result(scores.stream().mapToDouble(x -> x[1]).average().orElse(Double.NaN), jmhOperations, measured);
            }
            // a window's own recording holds its opening and closing totals but not the agent's start;
            // the agent's main recording holds all three, and its totals are the whole run's
            boolean window = (!windowEndProbe.isEmpty() || windowEnd != null || !perfWindowEnd.isEmpty()) && !agentStartSeen;
            TreeMap<String, RunData.Probe> probes = new TreeMap<>();
            for (RecordedEvent e : (window ? windowEndProbe : latestProbe).values()) {
                Histogram h = histogram(name, e);
                long calls = e.getLong("calls");
                long timed = e.getLong("timedCalls");
                RecordedEvent before = window ? windowStartProbe.get(e.getString("probe")) : null;
                if (before != null) {
                    // the window's share: totals as it closed less totals as it opened
                    h = h.copy();
                    h.subtract(histogram(name, before));
                    calls -= before.getLong("calls");
                    timed -= before.getLong("timedCalls");
                }
                probes.put(e.getString("probe"), new RunData.Probe(e.getString("probe"), calls, timed,
                        e.getString("timing"), e.getLong("sampleMeanGap"), h));
            }
            if (window && windowStart != null && windowEnd != null) {
                start = windowStart;
                end = windowEnd;
            }
            List<RunData.BlockedSite> top = sites.entrySet().stream()
                    .sorted((x, y) -> Long.compare(y.getValue()[1], x.getValue()[1])).limit(10)
                    .map(en -> {
                        String[] kindSite = en.getKey().split(" ", 2);
                        return new RunData.BlockedSite(kindSite[1], kindSite[0], en.getValue()[0], Duration.ofNanos(en.getValue()[1]));
                    }).toList();
            TreeMap<String, Long> jdkCounts = new TreeMap<>();
            typeCounts.forEach((type, n) -> {
                if (type.startsWith("jdk.") && n[0] > 0) {
                    jdkCounts.put(type, n[0]);
                }
            });
            RunData.JdkSummary jdk = new RunData.JdkSummary(jdkCounts, span != null ? span : first == null ? Duration.ZERO : Duration.between(first, last), gcCount, gcPause,
                    cpuN == 0 ? Double.NaN : cpuSum / cpuN, new RunData.Contention(monitor[0], Duration.ofNanos(monitor[1])),
                    new RunData.Contention(park[0], Duration.ofNanos(park[1])), top,
                    hwThreads > 0 ? integral(cpuLoads, hwThreads * 1e9) : Double.NaN, integral(switchRates, 1), jdkTotals(),
                    new RunData.HotMethods(samples, Map.copyOf(self), Map.copyOf(total), nativeSamples, Map.copyOf(nativeSelf)));
            // every chunk ends with the totals so far: the latest batch wins
            long lastWindow = perfEnd.stream().mapToLong(RunData.PerfCounter::windowNs).max().orElse(-1);
            List<RunData.PerfCounter> totals = perfEnd.stream().filter(c -> c.windowNs() == lastWindow && c.tid() == 0).toList();
            List<RunData.PerfCounter> perThread = perfEnd.stream().filter(c -> c.windowNs() == lastWindow && c.tid() != 0).toList();
            long counterWindowNs = counterReader == null ? 0 : counterReader.getLong("windowNs");
            if (window && !perfWindowEnd.isEmpty()) {
                totals = windowDeltas(perfWindowStart, perfWindowEnd);
                perThread = List.of(); // per-thread values are the whole run's
                counterWindowNs = totals.isEmpty() ? 0 : totals.get(0).windowNs();
            }
            RunData.CounterWindow counterWindow = counterReader == null ? null : new RunData.CounterWindow(
                    counterReader.getString("mode"), counterReader.getString("note"),
                    Duration.ofNanos(counterReader.getLong("intervalNs")), Duration.ofNanos(counterWindowNs),
                    counterReader.getLong("userNs"), counterReader.getLong("systemNs"), counterReader.getLong("reads"),
                    counterReader.getInt("descriptors"), counterReader.getLong("readerCpuNs"),
                    counterReader.hasField("readerFirstReadCpuNs") ? counterReader.getLong("readerFirstReadCpuNs") : -1,
                    agentStartCpuNs);
            return new RunData(name, workload, result, scores.stream().map(s -> s[1]).toList(),
                    java.util.Collections.unmodifiableMap(modelCounters), start, end, probes, agentOptions, timerOverheadNs, jdk,
                    totals, perThread, counterWindow, java.util.Collections.unmodifiableMap(probePatterns));
        }
    }

    private static Histogram histogram(String name, RecordedEvent e) {
        try {
            return HistogramCodec.decode(e.getString("histogram"));
        } catch (IllegalArgumentException | NullPointerException ex) {
            throw UserError.data(name + ": the histogram of probe " + e.getString("probe") + " does not decode", ex);
        }
    }

    /** A window's counter values: each event's total as the window closed less its total as it opened. */
    private static List<RunData.PerfCounter> windowDeltas(List<RunData.PerfCounter> start, List<RunData.PerfCounter> end) {
        Map<String, RunData.PerfCounter> before = new HashMap<>();
        start.forEach(c -> before.put(c.event(), c));
        List<RunData.PerfCounter> out = new ArrayList<>();
        for (RunData.PerfCounter e : end) {
            RunData.PerfCounter b = before.get(e.event());
            if (b == null) {
                out.add(e);
                continue;
            }
            out.add(new RunData.PerfCounter(e.event(), e.value() - b.value(), e.enabledNs() - b.enabledNs(),
                    e.runningNs() - b.runningNs(), e.status(), e.source(), e.windowNs() - b.windowNs(), 0, ""));
        }
        return out;
    }

    private static double epochNs(Instant t) {
        return t.getEpochSecond() * 1e9 + t.getNano();
    }

    /**
     * The integral of periodic samples {time, rate} over time in seconds, times {@code scale}: each
     * sample's rate holds for the time since the previous one (the first sample's interval is
     * unknown, so not counted). NaN with fewer than two samples.
     */
    private static double integral(List<double[]> samples, double scale) {
        if (samples.size() < 2) {
            return Double.NaN;
        }
        samples.sort((a, b) -> Double.compare(a[0], b[0]));
        double sum = 0;
        for (int i = 1; i < samples.size(); i++) {
            sum += samples.get(i)[1] * (samples.get(i)[0] - samples.get(i - 1)[0]) / 1e9;
        }
        return sum * scale;
    }

    /** The first frame outside the JDK, as Class.method:line; "(no stack)" without a stack trace. */
    private static String site(jdk.jfr.consumer.RecordedStackTrace st) {
        if (st == null || st.getFrames().isEmpty()) {
            return "(no stack)";
        }
        for (jdk.jfr.consumer.RecordedFrame f : st.getFrames()) {
            String cls = f.getMethod().getType().getName();
            if (!cls.startsWith("java.") && !cls.startsWith("jdk.") && !cls.startsWith("sun.")) {
                return cls + "." + f.getMethod().getName() + ":" + f.getLineNumber();
            }
        }
        jdk.jfr.consumer.RecordedFrame f = st.getFrames().get(0);
        return f.getMethod().getType().getName() + "." + f.getMethod().getName() + ":" + f.getLineNumber();
    }

    private static RunData.PerfCounter perfCounter(RecordedEvent e) {
        return new RunData.PerfCounter(e.getString("event"), e.getLong("value"), e.getLong("enabledNs"),
                e.getLong("runningNs"), e.getString("status"), e.getString("source"), e.getLong("windowNs"),
                e.getInt("tid"), e.getString("threadName"));
    }

    private static RunData.Counters counters(RecordedEvent e) {
        return new RunData.Counters(e.getEndTime(), e.getLong("taskClockNs"), e.getLong("voluntaryContextSwitches"),
                e.getLong("involuntaryContextSwitches"), e.getLong("cpuMigrations"), e.getLong("minorFaults"),
                e.getLong("majorFaults"), e.getString("source"));
    }
}

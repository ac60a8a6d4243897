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
import jdk.jfr.consumer.RecordingFile;
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

    private static RunData read(String name, Path path) {
        RunData.Workload workload = null;
        RunData.Result result = null;
        List<double[]> scores = new ArrayList<>();
        Map<String, Long> modelCounters = new LinkedHashMap<>();
        RunData.Counters start = null;
        RunData.Counters end = null;
        Map<String, RecordedEvent> latestProbe = new HashMap<>();
        // a window opened on a JVM that already ran the agent: totals as it opened and as it closed
        Map<String, RecordedEvent> windowStartProbe = new HashMap<>();
        Map<String, RecordedEvent> windowEndProbe = new HashMap<>();
        RunData.Counters windowStart = null;
        RunData.Counters windowEnd = null;
        List<RunData.PerfCounter> perfWindowStart = new ArrayList<>();
        List<RunData.PerfCounter> perfWindowEnd = new ArrayList<>();
        boolean agentStartSeen = false;
        String agentOptions = null;
        Map<String, Long> probePatterns = new LinkedHashMap<>(); // the latest per pattern
        long timerOverheadNs = 0;
        long agentStartCpuNs = -1;
        TreeMap<String, Long> jdkCounts = new TreeMap<>();
        Instant first = null;
        Instant last = null;
        long gcCount = 0;
        Duration gcPause = Duration.ZERO;
        double cpuSum = 0;
        long cpuN = 0;
        List<double[]> cpuLoads = new ArrayList<>(); // {epoch ns, jvmUser + jvmSystem}
        List<double[]> switchRates = new ArrayList<>(); // {epoch ns, switches per second, whole machine}
        int hwThreads = 0;
        List<RunData.PerfCounter> perfEnd = new ArrayList<>();
        RecordedEvent counterReader = null;
        long[] monitor = new long[2];
        long[] park = new long[2];
        Map<String, long[]> sites = new HashMap<>();
        try (RecordingFile rf = new RecordingFile(path)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                String type = e.getEventType().getName();
                Instant t = e.getEndTime();
                first = first == null || e.getStartTime().isBefore(first) ? e.getStartTime() : first;
                last = last == null || t.isAfter(last) ? t : last;
                switch (type) {
                    case "perfstat.Workload" -> workload = new RunData.Workload(formatVersion(name, e),
                            e.getString("model"), e.getString("variant"), e.getString("workload"),
                            e.getInt("threads"), e.getInt("cpus"), e.getInt("cores"), e.getString("jvmVersion"),
                            Duration.ofNanos(e.getLong("durationNs")), Duration.ofNanos(e.getLong("warmupNs")),
                            Duration.ofNanos(e.getLong("intervalNs")), e.getString("scoreName"),
                            e.getString("scoreUnit"), e.getBoolean("higherIsBetter"), e.getString("options"),
                            e.hasField("fixedWork") && e.getBoolean("fixedWork"),
                            e.hasField("simulated") && e.getBoolean("simulated"));
                    case "perfstat.Result" -> result = new RunData.Result(e.getDouble("score"), e.getLong("units"),
                            Duration.ofNanos(e.getLong("elapsedNs")));
                    case "perfstat.Score" -> scores.add(new double[] {e.getInt("interval"), e.getDouble("score")});
                    case "perfstat.ModelCounter" -> modelCounters.put(e.getString("name"), e.getLong("value"));
                    case "perfstat.Counters" -> {
                        RunData.Counters c = counters(e);
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
                    case "perfstat.Probe" -> {
                        String phase = e.hasField("phase") && e.getString("phase") != null ? e.getString("phase") : "";
                        switch (phase) {
                            case "window-start" -> windowStartProbe.put(e.getString("probe"), e);
                            case "window-end" -> windowEndProbe.put(e.getString("probe"), e);
                            default -> latestProbe.merge(e.getString("probe"), e,
                                    (a, b) -> b.getEndTime().isBefore(a.getEndTime()) ? a : b);
                        }
                    }
                    case "perfstat.PerfCounter" -> {
                        // interval reads stay in the recording for other tools; tables use the totals
                        switch (e.getString("phase")) {
                            case "end" -> perfEnd.add(perfCounter(e));
                            case "window-start" -> perfWindowStart.add(perfCounter(e));
                            case "window-end" -> perfWindowEnd.add(perfCounter(e));
                            default -> {
                            }
                        }
                    }
                    case "perfstat.CounterReader" -> {
                        if (counterReader == null || e.getLong("windowNs") > counterReader.getLong("windowNs")) {
                            counterReader = e;
                        }
                    }
                    case "perfstat.ProbePattern" -> probePatterns.merge(e.getString("pattern"), e.getLong("methods"), Math::max);
                    case "perfstat.Agent" -> {
                        formatVersion(name, e);
                        agentOptions = e.getString("options");
                        timerOverheadNs = e.hasField("timerOverheadNs") ? e.getLong("timerOverheadNs") : 0;
                        agentStartCpuNs = e.hasField("startCpuNs") ? e.getLong("startCpuNs") : -1;
                    }
                    default -> {
                        if (!type.startsWith("perfstat.")) {
                            jdkCounts.merge(type, 1L, Long::sum);
                        }
                        if (type.equals("jdk.GarbageCollection")) {
                            gcCount++;
                            gcPause = gcPause.plus(e.getDuration("sumOfPauses"));
                        } else if (type.equals("jdk.JavaMonitorEnter") || type.equals("jdk.ThreadPark")) {
                            boolean isMonitor = type.equals("jdk.JavaMonitorEnter");
                            long ns = e.getDuration().toNanos();
                            long[] agg = isMonitor ? monitor : park;
                            agg[0]++;
                            agg[1] += ns;
                            long[] site = sites.computeIfAbsent((isMonitor ? "monitor " : "park ") + site(e), k -> new long[2]);
                            site[0]++;
                            site[1] += ns;
                        } else if (type.equals("jdk.CPULoad")) {
                            double load = e.getFloat("jvmUser") + e.getFloat("jvmSystem");
                            cpuSum += load;
                            cpuN++;
                            cpuLoads.add(new double[] {epochNs(t), load});
                        } else if (type.equals("jdk.ThreadContextSwitchRate")) {
                            switchRates.add(new double[] {epochNs(t), e.getFloat("switchRate")});
                        } else if (type.equals("jdk.CPUInformation") && e.hasField("hwThreads")) {
                            hwThreads = e.getInt("hwThreads");
                        }
                    }
                }
            }
        } catch (UserError e) {
            throw e;
        } catch (IOException | RuntimeException | Error e) {
            // the JDK's parser throws InternalError on some corrupt metadata, and may run out of memory
            throw UserError.data(name + " is not a readable JFR recording (" + e + ")", e);
        }
        if (first == null) {
            throw UserError.data(name + " is a JFR recording with no events");
        }
        scores.sort((a, b) -> Double.compare(a[0], b[0]));
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
        Duration span = ChunkHeaders.span(path); // the recording's own span; the events' where the headers cannot say
        RunData.JdkSummary jdk = new RunData.JdkSummary(jdkCounts, span != null ? span : Duration.between(first, last), gcCount, gcPause,
                cpuN == 0 ? Double.NaN : cpuSum / cpuN, new RunData.Contention(monitor[0], Duration.ofNanos(monitor[1])),
                new RunData.Contention(park[0], Duration.ofNanos(park[1])), top,
                hwThreads > 0 ? integral(cpuLoads, hwThreads * 1e9) : Double.NaN, integral(switchRates, 1));
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
    private static String site(RecordedEvent e) {
        jdk.jfr.consumer.RecordedStackTrace st = e.getStackTrace();
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

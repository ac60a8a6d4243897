package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.cli.read.RunData;

/**
 * The README's commands on short runs: the runs through {@code java -jar perfstat.jar}, the shared ones made once
 * ({@link Recordings}); the tables of recordings read in this JVM ({@link Processes#read}), but for one diff through
 * the jar.
 */
class CliIT {
    @TempDir
    static Path dir;

    private static final String[] SHORT = Recordings.SHORT.toArray(String[]::new);

    /** perfstat run of each variant, as the shared recordings were made: its table printed, its recording written. */
    @BeforeAll
    static void record() throws Exception {
        for (String v : List.of("unpatched", "patched")) {
            Recordings.Made made = Recordings.fstime(v);
            Processes.Result r = made.result();
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).contains("Performance counter stats for 'fstime'").contains("fstime (KB/s)")
                    .contains("task-clock (msecs)").contains("write calls");
            assertThat(r.err()).contains("recording written to " + v + ".jfr");
            Recordings.copy(made.path(), dir, v + ".jfr");
        }
    }

    private static String[] concat(String[] a, String[] b) {
        String[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void diffPrintsBothColumnsWithDeltas() throws Exception {
        Processes.Result r = Processes.perfstat(dir, "diff", "unpatched.jfr", "patched.jfr");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("unpatched |").contains("patched").contains("fstime (KB/s)")
                .containsPattern("fstime \\(KB/s\\)\\s+([+-]\\d+\\.\\d\\d%|~)").contains("time elapsed (msecs)");
    }

    @Test
    @SuppressWarnings("unchecked")
    void diffAsJsonParses() throws Exception {
        Processes.Result r = Processes.read(dir, "diff", "--format", "json", "unpatched.jfr", "patched.jfr");
        assertThat(r.code()).isZero();
        Map<String, Object> doc = (Map<String, Object>) Json.parse(r.out());
        List<Map<String, Object>> metrics = (List<Map<String, Object>>) doc.get("metrics");
        Map<String, Object> score = metrics.stream().filter(m -> m.get("name").equals("score")).findFirst().orElseThrow();
        assertThat(score).containsEntry("unit", "KB/s").containsEntry("better", "higher");
        assertThat((List<Object>) score.get("deltas")).hasSize(2).element(1).isInstanceOf(Double.class);
    }

    @Test
    void reportAndCompare() throws Exception {
        Processes.Result report = Processes.read(dir, "report", "patched.jfr");
        assertThat(report.code()).isZero();
        assertThat(report.out()).contains("CPUs utilized").contains(" intervals");
        Recordings.Made cmp = Recordings.fstimeCompare();
        Processes.Result compare = cmp.result();
        assertThat(compare.code()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("unpatched |").contains("piggin");
        assertThat(cmp.path().resolve("fstime-piggin-2.jfr")).isRegularFile();
        assertThat(compare.out()).contains("2 runs each");
    }

    @Test
    @org.junit.jupiter.api.Tag("heavy") // a third compare of the suite (10 s): bin/test -Pheavy
    void theObserverCheckComparesEachVariantWithAndWithoutProbes() throws Exception {
        Processes.Result r = Processes.perfstat(dir, concat(new String[] {"compare", "fstime", "--variants", "unpatched,patched",
                "-r", "1", "--observer-check", "--format", "json"}, SHORT));
        assertThat(r.code()).as(r.err()).isZero();
        @SuppressWarnings("unchecked")
        List<String> summary = ((List<Map<String, Object>>) ((Map<String, Object>) Json.parse(r.out())).get("summary")).stream()
                .map(s -> (String) s.get("text")).toList();
        assertThat(summary).hasSize(4);
        assertThat(summary.get(1)).startsWith("unpatched with probes vs unpatched without probes:");
        assertThat(summary.get(2)).startsWith("patched with probes vs patched without probes:");
        assertThat(summary.get(3)).startsWith("patched without probes vs unpatched without probes:");
        assertThat(r.out()).contains("\"probe\": \"perfstat.models.writepath.Vfs::write\"");
    }

    /** Recordings made with -XX:StartFlightRecording (profile settings) of two programs: hot methods side by side. */
    @Test
    void hotMethodsOfTwoJdkRecordingsAreDiffed() throws Exception {
        String classes = Path.of(perfstat.itapp.JdkUser.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        for (String[] run : new String[][] {{"a.jfr", "2000000"}, {"b.jfr", "4000000"}}) {
            Processes.Result r = Processes.run(dir, List.of(Processes.java(),
                    "-XX:StartFlightRecording:filename=" + run[0] + ",settings=profile", "-cp", classes, "perfstat.itapp.JdkUser", run[1]));
            assertThat(r.code()).as(r.err()).isZero();
        }
        Processes.Result diff = Processes.read(dir, "diff", "a.jfr", "b.jfr", "--hot", "5", "--all");
        assertThat(diff.code()).as(diff.err()).isZero();
        assertThat(diff.out()).contains("hot methods, self (% of ").contains("hot methods, total (% of ")
                .contains("JdkUser::round").containsPattern("[0-9.]+% +[0-9.]+% +\\S+::\\S+ +([+-][0-9.]+ pp|~)");
        Processes.Result json = Processes.read(dir, "diff", "a.jfr", "b.jfr", "--format", "json");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> hot = (List<Map<String, Object>>) ((Map<String, Object>) Json.parse(json.out())).get("hot");
        assertThat(hot).extracting(h -> h.get("kind")).contains("self", "total");
        assertThat(Processes.read(dir, "diff", "a.jfr", "b.jfr", "--hot", "0").out()).doesNotContain("hot methods");
    }

    @Test
    void aRecordingWithoutPerfstatEventsShowsWhatTheJdkGivesAndSaysWhatIsMissing() throws Exception {
        Path f = dir.resolve("plain.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.GarbageCollection");
            r.start();
            System.gc();
            r.stop();
            r.dump(f);
        }
        Processes.Result res = Processes.read(dir, "report", "plain.jfr");
        assertThat(res.code()).isZero();
        assertThat(res.out()).contains("GCs").contains("<not counted>  cpu-migrations").contains("no perfstat events")
                .doesNotContainPattern("\\| +- +\\|");
        assertThat(res.err()).isEmpty();
        // the same recording compressed (JMC writes them so), against itself: read, and said to be the same
        Path gz = dir.resolve("plain.jfr.gz");
        try (var out = new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(gz))) {
            java.nio.file.Files.copy(f, out);
        }
        Processes.Result diff = Processes.read(dir, "diff", "plain.jfr.gz", "plain.jfr.gz");
        assertThat(diff.code()).as(diff.err()).isZero();
        assertThat(diff.err()).isEmpty();
        assertThat(diff.out()).contains("every configuration is the same recording");
    }

    /**
     * Like with like: a diff says what its sides were recorded with and run under. JFR's profile settings against its
     * default: the contention rows' thresholds differ, so those rows are named and not judged; one program under G1
     * against Parallel, recorded by perfstat's agent: the header's "what differs" names the GC.
     */
    @Test
    void aDiffSaysWhatDiffersBetweenItsSidesAndJudgesNoRowThatDifferenceInvalidates() throws Exception {
        // plain JFR's two settings and the agent under G1: the shared recordings of Mix (JmcRulesIT and PlainJfrIT read them too)
        Map<String, Recordings.Made> shared = Map.of("like-default.jfr", Recordings.mixJfr(Processes.java(), "default"),
                "like-profile.jfr", Recordings.mixJfr(Processes.java(), "profile"), "like-g1.jfr", Recordings.mixAgentG1());
        for (Map.Entry<String, Recordings.Made> m : shared.entrySet()) {
            assertThat(m.getValue().result().code()).as(m.getValue().result().err()).isZero();
            Recordings.copy(m.getValue().path(), dir, m.getKey());
        }
        Processes.Result r = Processes.run(dir, List.of(Processes.java(), "-XX:+UseParallelGC",
                "-javaagent:" + Processes.jar() + "=out=like-parallel.jfr", "-cp", Recordings.itapp(), "perfstat.itapp.Mix", "1500"));
        assertThat(r.code()).as(r.err()).isZero();
        Processes.Result settings = Processes.read(dir, "diff", "like-default.jfr", "like-profile.jfr");
        System.out.println(settings.out());
        assertThat(settings.code()).as(settings.err()).isZero();
        assertThat(settings.out()).contains("\n what differs: JFR settings\n")
                .containsPattern("monitor blocks +\\? \\(not comparable\\)")
                .doesNotContainPattern("monitor blocks +[+-][0-9.]+%")
                .contains("# JFR settings of jdk.JavaMonitorEnter, jdk.ThreadPark differ: like-default: threshold 20 ms,"
                        + " like-profile: threshold 10 ms; so monitor blocks, monitor blocked (msecs)");
        Processes.Result gc = Processes.read(dir, "diff", "like-g1.jfr", "like-parallel.jfr");
        System.out.println(gc.out());
        assertThat(gc.code()).as(gc.err()).isZero();
        assertThat(gc.out()).containsPattern("\n what differs: GC[,\n]").contains("# GC differs: like-g1: G1, like-parallel: Parallel")
                .doesNotContain("not comparable");
        Processes.Result json = Processes.read(dir, "diff", "like-g1.jfr", "like-parallel.jfr", "--format", "json");
        @SuppressWarnings("unchecked")
        Map<String, Object> c = (Map<String, Object>) ((Map<String, Object>) Json.parse(json.out())).get("comparability");
        assertThat(c.get("differs").toString()).contains("GC");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> setups = (List<Map<String, Object>>) c.get("setups");
        assertThat(setups).extracting(x -> (Object) ((Map<?, ?>) x.get("setup")).get("GC")).containsExactly("G1", "Parallel");
        for (Map<String, Object> x : setups) {
            assertThat(((Map<?, ?>) x.get("setup")).keySet().toString()).contains("JDK", "JDK vendor", "CPU", "CPUs the JVM saw",
                    "heap", "JIT", "perfstat format");
        }
    }

    private static Path root() {
        return Path.of(System.getProperty("perfstat.root")).toAbsolutePath().normalize();
    }

    /**
     * {@code --iteration-score}: each printed iteration is one, each run judged by its steady state (the score row the
     * steady segment's mean, the warm-up a row of its own) and a note per side on how its runs were classed.
     */
    @Test
    void iterationsAreJudgedInSteadyState() throws Exception {
        List<String> app = List.of(Processes.java(), "-cp", Recordings.itapp(), "perfstat.itapp.Loop", "200", "200000");
        List<String> cmd = new java.util.ArrayList<>(List.of("compare", "-r", "2", "--iteration-score", "iteration us=([0-9.]+)",
                "--score-unit", "us", "--lower-is-better", "--all", "--"));
        cmd.addAll(app);
        cmd.add(":::");
        cmd.addAll(app);
        Processes.Result r = Processes.perfstat(dir, cmd.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        // how the runs are classed depends on the machine (a loaded one makes levels), that they are does not
        assertThat(r.out()).contains("  iteration us, steady (us)").contains("  iteration us warm-up (iterations)")
                .containsPattern("A(, B)?: 2 runs of 200 iterations \\(median\\): ");
    }

    /**
     * --iteration: the agent times each call of the loop's method; the steady rows come with the iteration's CPU and
     * bytes, a method never called says so on its row, and a bad pattern stops before any run.
     */
    @Test
    void aMethodsCallsAreTheIterations() throws Exception {
        List<String> app = List.of(Processes.java(), "-cp", Recordings.itapp(), "perfstat.itapp.Loop", "120", "200000");
        List<String> cmd = new java.util.ArrayList<>(List.of("compare", "-r", "2", "--iteration", "perfstat.itapp.Loop::step",
                "--all", "--"));
        cmd.addAll(app);
        cmd.add(":::");
        cmd.addAll(app);
        Processes.Result r = Processes.perfstat(dir, cmd.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("  Loop::step, steady (ms)").contains("  Loop::step warm-up (iterations)")
                .contains("  Loop::step CPU, steady (ms)").contains("  Loop::step allocated, steady (bytes)")
                .containsPattern("A(, B)?: 2 runs of 120 iterations \\(median\\): ");
        Processes.Result never = Processes.perfstat(dir, "stat", "--iteration", "perfstat.itapp.Loop::never", "--",
                Processes.java(), "-cp", Recordings.itapp(), "perfstat.itapp.Loop", "5", "10");
        assertThat(never.code()).as(never.err()).isZero();
        assertThat(never.err()).contains("<not counted> ms   Loop::never, steady").contains("0 iterations");
        Processes.Result bad = Processes.perfstat(dir, "stat", "--iteration", "no method", "--", Processes.java(), "-version");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).startsWith("perfstat stat: --iteration").doesNotContain("\n");
        Processes.Result both = Processes.perfstat(dir, "stat", "--iteration", "a.B::c", "--score", "x=([0-9]+)", "--",
                Processes.java(), "-version");
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("--iteration and --score name one score");
    }

    /** The gate: the committed pair holds a real regression (unpatched against patched), a recording against itself none. */
    @Test
    void theGateFailsOnARealRegressionOnlyAndNamesIt() throws Exception {
        String patched = root().resolve("recordings/fstime-patched.jfr").toString();
        String unpatched = root().resolve("recordings/fstime-unpatched.jfr").toString();
        // each recording twice a side, the second a distinct copy (a copy counts once): runs without spread, so every
        // interval is its point
        String patched2 = Recordings.distinctCopy(Path.of(patched), dir.resolve("gate/patched-2.jfr"), 1).toString();
        String unpatched2 = Recordings.distinctCopy(Path.of(unpatched), dir.resolve("gate/unpatched-2.jfr"), 1).toString();
        Processes.Result fail = Processes.read(dir, "diff", patched, patched2, "--", unpatched, unpatched2, "--fail-on", "score:-5%");
        assertThat(fail.code()).as(fail.out() + fail.err()).isEqualTo(1);
        assertThat(fail.err().strip()).startsWith("perfstat diff: regression: fstime (KB/s) -9.67% [-9.7%, -9.7%]")
                .contains("in unpatched against patched, beyond -5.0%").doesNotContain("\n");
        Processes.Result threshold = Processes.read(dir, "diff", patched, patched2, "--", unpatched, unpatched2, "--threshold", "5%");
        assertThat(threshold.code()).isEqualTo(1);
        Processes.Result same = Processes.read(dir, "diff", unpatched, unpatched2, "--", unpatched, unpatched2, "--threshold", "1%",
                "--fail-on", "score:-1%");
        assertThat(same.code()).as(same.err()).isZero();
        assertThat(same.err()).contains("within: --fail-on 'score:-1.0%'").contains("shown within -1.0%");
        // copies: no spread but the values' rounding (Estimate), an interval of +-0.0%
        assertThat(same.out()).containsPattern("fstime \\(KB/s\\)\\s+~ \\[[-+]0\\.0%, \\+0\\.0%\\] within -1\\.0%");
        // one recording a side: a run is the unit, so the gate cannot judge: 125, as git bisect run skips
        Processes.Result one = Processes.read(dir, "diff", patched, unpatched, "--fail-on", "score:-5%");
        assertThat(one.code()).isEqualTo(125);
        assertThat(one.err()).contains("undecided");
        Processes.Result bad = Processes.read(dir, "diff", patched, unpatched, "--threshold", "five");
        assertThat(bad.code()).isEqualTo(2);
    }

    @Test
    void severalRecordingsASideAndRefusalOfUnrelatedOnes() throws Exception {
        // the shared comparison's runs, two a side, each side in a directory of its own
        Path cmp = Recordings.fstimeCompare().path();
        for (int i = 1; i <= 2; i++) {
            Recordings.copy(cmp.resolve("fstime-unpatched-" + i + ".jfr"), dir, "side-a/" + i + ".jfr");
            Recordings.copy(cmp.resolve("fstime-piggin-" + i + ".jfr"), dir, "side-b/" + i + ".jfr");
        }
        Processes.Result dirs = Processes.read(dir, "diff", "side-a", "side-b");
        assertThat(dirs.code()).as(dirs.err()).isZero();
        assertThat(dirs.out()).contains("2 runs each").contains("unpatched |").contains("piggin").containsPattern("\\[[-+][0-9.]+%, [-+][0-9.]+%\\]");
        Processes.Result sides = Processes.read(dir, "diff", "side-a/1.jfr", "side-a/2.jfr", "--", "side-b/1.jfr",
                "side-b/2.jfr", "--labels", "before,after", "--format", "markdown");
        assertThat(sides.code()).as(sides.err()).isZero();
        assertThat(sides.out()).contains("| metric | before | after | Δ after |");
        Processes.Result csv = Processes.read(dir, "diff", "side-a", "side-b", "--format", "csv");
        assertThat(csv.out().lines().findFirst().orElseThrow()).startsWith("# value,unit,event,variance");
        assertThat(csv.out()).containsPattern("\\n[0-9.]+,KB/s,score,[0-9.]+%,piggin,2,");
        Processes.Result three = Processes.read(dir, "diff", "--baseline", "side-a", "side-b", "patched.jfr");
        assertThat(three.code()).as(three.err()).isZero();
        assertThat(three.out()).contains("unpatched |").contains("piggin |").contains("patched");

        String lat = root().resolve("recordings/lat_mmap-patched.jfr").toString();
        Processes.Result unrelated = Processes.read(dir, "diff", "unpatched.jfr", lat);
        assertThat(unrelated.code()).isEqualTo(2);
        assertThat(unrelated.err().strip()).contains("do not belong together").contains("--force").doesNotContain("\n");
        assertThat(Processes.read(dir, "diff", "unpatched.jfr", lat, "--force").code()).isZero();
    }

    /** The first column's numeric values of a JSON table, by metric name. */
    @SuppressWarnings("unchecked")
    private static Map<String, Double> firstColumn(String json) {
        Map<String, Object> doc = (Map<String, Object>) Json.parse(json);
        Map<String, Double> v = new java.util.HashMap<>();
        for (Map<String, Object> m : (List<Map<String, Object>>) doc.get("metrics")) {
            Object value = ((List<Map<String, Object>>) m.get("values")).get(0).get("value");
            if (value instanceof Number n) {
                v.put((String) m.get("name"), n.doubleValue());
            }
        }
        return v;
    }

    /** The rwsem probes count like tracepoints: their call counts equal the model's own counters. */
    @Test
    @org.junit.jupiter.api.Tag("heavy") // a model run of its own (8 s); the probes' exact counts: bin/test -Pheavy
    void rwsemProbesAgreeWithTheModelsCounters() throws Exception {
        Processes.Result r = Processes.perfstat(dir, "run", "xfs_repair", "--variant", "unpatched", "--threads", "4",
                "--warmup", "200ms", "--option", "ops=20000", "--option", "slice-us=200", "-o", "xfs.jfr", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        Map<String, Double> v = firstColumn(r.out());
        assertThat(v.get("model:ops_done")).isEqualTo(80_000.0);
        assertThat(v.get("probe:RwSemaphore::readerSleep:calls")).isEqualTo(v.get("model:reader_sleeps"));
        assertThat(v.get("probe:RwSemaphore::writerSleep:calls")).isEqualTo(v.get("model:writer_sleeps"));
        assertThat(v.get("probe:RwSemaphore::optimisticSpin:calls")).isEqualTo(v.get("model:contended_writes"));
        assertThat(v.getOrDefault("probe:Osq::unqueue:calls", 0.0)).isEqualTo(v.get("model:osq_unqueues"));
        assertThat(v.get("model:spin_ms")).isPositive();
        // the JDK's contention events, folded in: sleeping waiters park, and report names where
        assertThat(v.get("park-blocked")).isPositive();
        Processes.Result report = Processes.read(dir, "report", "xfs.jfr");
        assertThat(report.out()).containsPattern("\\n +[0-9]+ +parks +# +jdk.ThreadPark >= 10us")
                .containsPattern("# blocked at perfstat\\.models\\.rwsem\\.Task\\.(schedule|sleepFor):[0-9]+ \\(park\\)");
    }

    /**
     * The block model's probes sit on its trace points (seed 001): their call counts equal the
     * model's blkparse-like counters exactly, and a simulated run says its score is in simulated time.
     */
    @Test
    @org.junit.jupiter.api.Tag("heavy") // a model run of its own (8 s); the probes' exact counts: bin/test -Pheavy
    void blockProbesAgreeWithTheModelsCountersExactly() throws Exception {
        Processes.Result r = Processes.perfstat(dir, "run", "tiobench", "--variant", "cfq-2.6.29", "--threads", "8",
                "--size", "256", "--timing", "exact", "-o", "tio.jfr", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        Map<String, Double> v = firstColumn(r.out());
        assertThat(v.get("model:bytes_written")).isEqualTo(256.0 * 1024 * 1024);
        assertThat(v.get("probe:RequestQueue::issue:calls")).isEqualTo(v.get("model:write_dispatches")).isPositive();
        assertThat(v.get("probe:RequestQueue::completeRequest:calls")).isEqualTo(v.get("model:writes_completed"));
        assertThat(v.get("probe:RequestQueue::backMerge:calls")).isEqualTo(v.get("model:back_merges")).isPositive();
        assertThat(v.getOrDefault("probe:RequestQueue::frontMerge:calls", 0.0)).isEqualTo(v.get("model:front_merges"));
        assertThat(v.get("probe:RequestQueue::blkUnplug:calls")).isEqualTo(v.get("model:io_unplugs")).isPositive();
        assertThat(v.getOrDefault("probe:RequestQueue::unplugTimerFired:calls", 0.0)).isEqualTo(v.get("model:timer_unplugs"));
        assertThat(v.getOrDefault("probe:RequestQueue::plug:calls", 0.0)).isEqualTo(v.get("model:plugs"));
        assertThat(v.getOrDefault("probe:RequestQueue::sleepForRequest:calls", 0.0)).isEqualTo(v.get("model:sleep_requests"));
        Processes.Result report = Processes.read(dir, "report", "tio.jfr");
        assertThat(report.code()).as(report.err()).isZero();
        assertThat(report.out()).contains("'tiobench' (8 tasks, simulated)").contains("tiobench write (MB/s)")
                .contains("is a discrete-event simulation");
        assertThat(Processes.perfstat(dir, "run", "fstime", "--size", "10").err()).contains("--size is an option of tiobench");
    }

    /** A model runs until stopped, and SIGTERM (as Ctrl-C) ends it cleanly: the score and counters are recorded. */
    @Test
    void aRunUntilStoppedEndsCleanlyOnSigterm() throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Processes.java(), "-jar", Processes.jar().toString(), "run", "fstime",
                "--duration", "forever", "--warmup", "300ms", "--interval", "250ms", "-o", "forever.jfr"));
        Process cli = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("forever.out").toFile()).start();
        ProcessHandle model = null;
        long end = System.nanoTime() + 60_000_000_000L;
        while (model == null && System.nanoTime() < end) {
            model = cli.descendants().filter(h -> h.info().commandLine().orElse("").contains("ModelMain")).findFirst().orElse(null);
            Thread.sleep(100);
        }
        assertThat(model).as("the model's JVM").isNotNull();
        Thread.sleep(2500);
        // perfstat attach on a JVM whose agent already runs (perfstat run): a window of its own
        Processes.Result w = Processes.perfstat(dir, "attach", Long.toString(model.pid()), "--duration", "2500ms", "-I", "500",
                "-o", "w.jfr");
        assertThat(w.code()).as(w.err()).isZero();
        assertThat(w.out()).contains("write calls").contains("task-clock");
        assertThat(w.err()).contains("already runs perfstat's agent");
        // interval rows count from the window's opening totals, not from the run's start
        List<Double> rows = w.err().lines().filter(l -> l.matches(" +[0-9]+\\.[0-9]{9} +[0-9.]+ msec task-clock.*"))
                .map(l -> Double.parseDouble(l.trim().split(" +")[1])).toList();
        assertThat(rows).as(w.err()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(rows.get(0)).as("the first row is one interval's, not the run's so far").isLessThan(1500.0);
        RunData window = perfstat.cli.read.RecordingReader.read(dir.resolve("w.jfr").toString());
        long windowCalls = window.probes().get("perfstat.models.writepath.Vfs::write").calls();
        assertThat(windowCalls).isPositive();
        assertThat(window.counterWindow().window().toMillis()).as("the window's counters cover the window").isBetween(2400L, 4500L);
        Thread.sleep(500);
        model.destroy(); // SIGTERM
        assertThat(cli.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(dir.resolve("forever.out"));
        assertThat(cli.exitValue()).as(out).isZero();
        assertThat(out).contains("(1 thread, until stopped)").contains("fstime (KB/s)");
        RunData run = perfstat.cli.read.RecordingReader.read(dir.resolve("forever.jfr").toString());
        assertThat(run.result()).isNotNull();
        assertThat(run.result().score()).isPositive();
        assertThat(run.modelCounters()).containsKey("bytes_written");
        // the run's own recording keeps the whole run's totals, the window's marks notwithstanding
        assertThat(run.probes().get("perfstat.models.writepath.Vfs::write").calls()).isGreaterThan(windowCalls + windowCalls / 4);
        assertThat(run.counterWindow().window().toMillis()).isGreaterThan(window.counterWindow().window().toMillis() + 2000L);
    }

    @Test
    void theCommittedRecordingsDiff() throws Exception {
        Path root = Path.of(System.getProperty("perfstat.root")).toAbsolutePath().normalize();
        for (String pair : List.of("fstime", "lat_mmap")) {
            Path a = root.resolve("recordings/" + pair + "-unpatched.jfr");
            Path b = root.resolve("recordings/" + pair + "-patched.jfr");
            assertThat(a).isRegularFile();
            Processes.Result r = Processes.read(dir, "diff", a.toString(), b.toString());
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).contains("Performance counter stats for '" + pair + "'");
            String bytes = new String(Files.readAllBytes(a), java.nio.charset.StandardCharsets.ISO_8859_1);
            assertThat(bytes).doesNotContain("/tmp/").doesNotContain("/root/").doesNotContain("/home/");
        }
    }
}

package perfstat.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -prof perfstat} as a JMH user runs it: the benchmarks' jar and perfstat.jar on one class path. */
class JmhProfilerIT {
    @TempDir
    static Path dir;

    private record Out(int code, String text) {
    }

    /** The two runs the diff reads ("before" and "after"), made once for the tests that read them. */
    private static final java.util.Map<String, Out> RUNS = new java.util.HashMap<>();

    /** {@code -prof perfstat} on both benchmarks, two forks of two measurement iterations, into the directory {@code run}. */
    private static synchronized Out run(String run) throws Exception {
        Out r = RUNS.get(run);
        if (r == null) {
            r = jmh("ProbeCostBenchmark", "-prof", "perfstat:probes=perfstat.bench.Target::work;dir=" + run,
                    "-f", "2", "-wi", "1", "-i", "2", "-w", "200ms", "-r", "200ms");
            RUNS.put(run, r);
        }
        return r;
    }

    private static Out jmh(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("benchmarks.jar") + File.pathSeparator + Path.of(System.getProperty("perfstat.jar")).toAbsolutePath(),
                "org.openjdk.jmh.Main"));
        cmd.addAll(List.of(args));
        Path log = dir.resolve("jmh.log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new Out(p.exitValue(), Files.readString(log));
    }

    /** The "before" run's results: 2 forks x 2 measurement iterations = 4 samples a row. */
    @Test
    void perOperationCountersAndProbeCallsForMeasurementIterationsOnly() throws Exception {
        Out r = run("before");
        assertThat(r.code()).as(r.text()).isZero();
        // one probed call per operation: counted in the measurement iterations only, per operation
        assertThat(r.text()).containsPattern("call:Target::work calls/op +avgt +4 +1\\.000 ")
                .containsPattern("call:task-clock/op +avgt +4 +[0-9.]+ .*ns/op")
                .contains("call:page-faults/op").contains("call:context-switches/op");
        // task-clock by thread role per operation, the roles' keys as perfstat's other rows have them
        for (String role : List.of("application", "gc", "jit", "jvm-runtime", "observer")) {
            assertThat(r.text()).containsPattern("call:task-clock:" + role + "/op +avgt +4 .*ns/op");
        }
        try (Stream<Path> files = Files.list(dir.resolve("before"))) {
            assertThat(files.map(f -> f.getFileName().toString()).filter(f -> f.contains(".call-")).sorted())
                    .containsExactly("perfstat.bench.ProbeCostBenchmark.call-fork1.jfr", "perfstat.bench.ProbeCostBenchmark.call-fork2.jfr");
        }
    }

    @Test
    void listedAndExplainedAndBadOptionsStopTheRun() throws Exception {
        assertThat(jmh("-lprof").text()).contains("perfstat: perfstat: perf's counters").contains("(discovered)");
        Out bad = jmh("ProbeCostBenchmark.call", "-prof", "perfstat:probes=a..b::");
        assertThat(bad.text()).contains("perfstat: option 'probes'").contains("Profilers failed to initialize");
        assertThat(bad.code()).isNotZero();
        assertThat(jmh("-prof", "perfstat:help").text()).contains("events=EVENT").contains("dir=DIR").contains("probeset=NAME");
        Out set = jmh("ProbeCostBenchmark.call", "-prof", "perfstat:probeset=nosuch");
        assertThat(set.text()).contains("perfstat: ").contains("nosuch").contains("Profilers failed to initialize");
    }

    private static Out perfstat(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                Path.of(System.getProperty("perfstat.jar")).toAbsolutePath().toString()));
        cmd.addAll(List.of(args));
        Path log = dir.resolve("perfstat.log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return new Out(p.exitValue(), Files.readString(log));
    }

    @Test
    void twoRunsDiffBenchmarkByBenchmarkWithTheForksAsSamples() throws Exception {
        for (String side : List.of("before", "after")) {
            Out r = run(side);
            assertThat(r.code()).as(r.text()).isZero();
            assertThat(r.text()).containsPattern("call:Target::work p50 +avgt +4 ");
        }
        try (Stream<Path> files = Files.list(dir.resolve("after"))) {
            assertThat(files.map(f -> f.getFileName().toString()).sorted()).containsExactly(
                    "perfstat.bench.ProbeCostBenchmark.call-fork1.jfr", "perfstat.bench.ProbeCostBenchmark.call-fork2.jfr",
                    "perfstat.bench.ProbeCostBenchmark.timerPair-fork1.jfr", "perfstat.bench.ProbeCostBenchmark.timerPair-fork2.jfr");
        }
        Out diff = perfstat("diff", "before", "after");
        assertThat(diff.code()).as(diff.text()).isZero();
        // one table per benchmark, the score judged over the two forks a side
        assertThat(diff.text()).contains("Performance counter stats for 'perfstat.bench.ProbeCostBenchmark.call' (1 thread,")
                .contains("Performance counter stats for 'perfstat.bench.ProbeCostBenchmark.timerPair' (1 thread,")
                .contains("2 runs each") // the forks, one run each: every row judged with its interval over them
                // a bound beyond +1000% prints as >+1000% (a loaded machine's forks can be that far apart)
                .containsPattern("avgt \\(ns/op\\) +.*\\[[-+][0-9.]+%, >?[-+][0-9.]+%\\]")
                .containsPattern("  GC \\(msecs\\) +.*(\\[|~)").containsPattern("  JIT compiler \\(msecs\\) +.*\\[[-+][0-9.]+%")
                .contains("before |").contains("after");
        // a directory that already holds recordings is refused before the run
        Out again = jmh("ProbeCostBenchmark.call", "-prof", "perfstat:dir=after", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms");
        assertThat(again.text()).contains("already holds recordings").contains("Profilers failed to initialize");
        assertThat(again.code()).isNotZero();
    }

    @Test
    void aForkThatDiesIsNamedAndTheOthersStand() throws Exception {
        Out r = jmh("DyingForkBenchmark", "-prof", "perfstat:dir=rec", "-f", "3", "-wi", "0", "-i", "1", "-r", "200ms");
        assertThat(r.text()).contains("<forked VM failed with exit code 3>")
                .contains("perfstat: fork 2 of perfstat.bench.DyingForkBenchmark.work died before its trial ended; it wrote no recording");
        // fork 2's recording file was opened as it started and is empty; the marker names the fork
        assertThat(Files.size(dir.resolve("rec/perfstat.bench.DyingForkBenchmark.work-fork2.died"))).isPositive();
        assertThat(Files.size(dir.resolve("rec/perfstat.bench.DyingForkBenchmark.work-fork1.jfr"))).isPositive();
        Out report = perfstat("diff", "rec", "rec");
        assertThat(report.code()).as(report.text()).isZero();
        assertThat(report.text()).contains("rec: fork 2 of perfstat.bench.DyingForkBenchmark.work died");
    }
}

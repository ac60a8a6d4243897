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
    Path dir;

    private record Out(int code, String text) {
    }

    private Out jmh(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("benchmarks.jar") + File.pathSeparator + Path.of(System.getProperty("perfstat.jar")).toAbsolutePath(),
                "org.openjdk.jmh.Main"));
        cmd.addAll(List.of(args));
        Path log = dir.resolve("jmh.log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new Out(p.exitValue(), Files.readString(log));
    }

    @Test
    void perOperationCountersAndProbeCallsForMeasurementIterationsOnly() throws Exception {
        Out r = jmh("ProbeCostBenchmark.call", "-prof", "perfstat:probes=perfstat.bench.Target::work;dir=rec",
                "-f", "1", "-wi", "1", "-i", "2", "-w", "300ms", "-r", "300ms");
        assertThat(r.code()).as(r.text()).isZero();
        // one probed call per operation: counted in the measurement iterations only, per operation
        assertThat(r.text()).containsPattern("call:Target::work calls/op +avgt +2 +1\\.000 ")
                .containsPattern("call:task-clock/op +avgt +2 +[0-9.]+ .*ns/op")
                .contains("call:page-faults/op").contains("call:context-switches/op");
        try (Stream<Path> files = Files.list(dir.resolve("rec"))) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("perfstat.bench.ProbeCostBenchmark.call-fork1.jfr");
        }
    }

    @Test
    void listedAndExplainedAndBadOptionsStopTheRun() throws Exception {
        assertThat(jmh("-lprof").text()).contains("perfstat: perfstat: perf's counters").contains("(discovered)");
        Out bad = jmh("ProbeCostBenchmark.call", "-prof", "perfstat:probes=a..b::");
        assertThat(bad.text()).contains("perfstat: option 'probes'").contains("Profilers failed to initialize");
        assertThat(bad.code()).isNotZero();
        assertThat(jmh("-prof", "perfstat:help").text()).contains("events=EVENT").contains("dir=DIR");
    }
}

package perfstat.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own JMH project (examples/jmh-jackson: jmh-core, jmh-generator-annprocess and
 * Jackson from Maven Central), built with Maven apart from perfstat's build, run with
 * {@code -prof perfstat} before and after a change to one of its benchmarks, and the two
 * result directories diffed: one table per benchmark, with verdicts over the forks.
 */
class UserJmhProjectIT {
    @TempDir
    Path dir;

    private String run(Path log, List<String> cmd, int minutes) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.resolve("project").toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(minutes, TimeUnit.MINUTES)).as(String.join(" ", cmd)).isTrue();
        String out = Files.readString(log);
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    private void build(String name) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("mvn", "-B", "-o", "-q", "-DskipTests", "package")
                .directory(dir.resolve("project").toFile()).redirectErrorStream(true).redirectOutput(dir.resolve(name).toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve(name))).isZero();
    }

    private String jmh(String name, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                "target/benchmarks.jar" + File.pathSeparator + Path.of(System.getProperty("perfstat.jar")).toAbsolutePath(),
                "org.openjdk.jmh.Main"));
        cmd.addAll(List.of(args));
        return run(dir.resolve(name), cmd, 5);
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    private void copy(Path from, Path to) throws Exception {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.filter(f -> !f.toString().contains(File.separator + "target")).toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }

    @Test
    void twoRunsOfAUsersProjectDiffWithVerdicts() throws Exception {
        Assumptions.assumeTrue(onPath("mvn"), "Maven (mvn) is not on the PATH: the user's project cannot be built");
        copy(Path.of(System.getProperty("example.project")), dir.resolve("project"));
        build("build-before.log");
        assertThat(jmh("lprof.log", "-lprof")).contains("perfstat").contains("(discovered)");
        String prof = "perfstat:probes=com.fasterxml.jackson.databind.ObjectMapper::writeValueAsString;dir=";
        String before = jmh("before.log", "JsonBenchmark", "-prof", prof + "../before", "-f", "4", "-wi", "1", "-i", "2",
                "-w", "200ms", "-r", "200ms");
        // per operation, for each benchmark: the counters, and the probe's calls (one write per write())
        for (String b : List.of("write", "read")) {
            assertThat(before).containsPattern("JsonBenchmark\\." + b + ":task-clock/op +avgt")
                    .containsPattern("JsonBenchmark\\." + b + ":context-switches/op +avgt")
                    .containsPattern("JsonBenchmark\\." + b + ":page-faults/op +avgt");
        }
        assertThat(before).containsPattern("JsonBenchmark\\.write:ObjectMapper::writeValueAsString calls/op +avgt +8 +1\\.000 ");

        // the change: write() reuses one mapper instead of making one per call
        Path src = dir.resolve("project/src/main/java/com/example/bench/JsonBenchmark.java");
        String code = Files.readString(src);
        assertThat(code).contains("return new ObjectMapper(); // MAPPER");
        Files.writeString(src, code.replace("return new ObjectMapper(); // MAPPER", "return shared; // MAPPER"));
        build("build-after.log");
        jmh("after.log", "JsonBenchmark", "-prof", prof + "../after", "-f", "4", "-wi", "1", "-i", "2", "-w", "200ms", "-r", "200ms");

        Path log = dir.resolve("diff.log");
        String diff = run(log, List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                Path.of(System.getProperty("perfstat.jar")).toAbsolutePath().toString(), "diff", "../before", "../after"), 2);
        assertThat(diff).contains("Performance counter stats for 'com.example.bench.JsonBenchmark.read' (1 thread,")
                .contains("Performance counter stats for 'com.example.bench.JsonBenchmark.write' (1 thread,");
        // write got faster by orders of magnitude: every after-fork beats every before-fork, its interval far below 0
        String write = diff.substring(diff.indexOf("JsonBenchmark.write'"));
        assertThat(write).containsPattern("avgt \\(ns/op\\) +-9\\d\\.\\d\\d% \\[-9\\d\\.\\d%, -9\\d\\.\\d%\\]")
                .containsPattern("after vs before: avgt \\(ns/op\\) -9\\d\\.\\d\\d% \\["); // the score heads the summary
    }
}

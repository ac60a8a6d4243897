package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/**
 * perfstat's counters against {@code perf stat} over the same window: perf starts with its
 * events disabled ({@code --delay=-1}) and the agent enables and disables them through perf's
 * control FIFO when its own window opens and closes, waiting for perf's acknowledgement (without
 * it, perf on a busy machine opened its window milliseconds late and missed the JVM's start:
 * +8% switches, 3 migrations). The workload busy-loops, sleeps, touches pages and starts
 * threads mid-run. Needs {@code perf} (Debian's linux-perf; .ci/run installs
 * it): without it, or where perf cannot count here, the test is skipped and says why.
 */
@Isolated("perf and perfstat within 2% on one window: alone, not beside another IT class")
class CounterAccuracyIT {
    private static final List<String> EVENTS = List.of("task-clock", "context-switches", "cpu-migrations", "page-faults");

    @TempDir
    Path dir;

    @Test
    void perfstatAgreesWithPerfStatOverTheSameWindow() throws Exception {
        Processes.Result probe = Processes.run(dir, List.of("sh", "-c", "command -v perf && perf stat -e task-clock true"));
        assumeTrue(probe.code() == 0, "perf is not installed or cannot count here (apt-get install linux-perf): "
                + probe.err().strip());
        Path fifo = dir.resolve("ctl");
        Path ack = dir.resolve("ack");
        assumeTrue(Processes.run(dir, List.of("mkfifo", fifo.toString(), ack.toString())).code() == 0, "mkfifo failed");
        String classes = Path.of(perfstat.itapp.CounterWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Processes.Result r = Processes.run(dir, List.of("perf", "stat", "-x", ",", "-o", "perf.csv", "--delay=-1",
                "--control", "fifo:" + fifo + "," + ack, "-e", String.join(",", EVENTS), "--",
                Processes.java(), "--enable-native-access=ALL-UNNAMED",
                "-javaagent:" + Processes.jar() + "=out=x.jfr,events=" + String.join(";", EVENTS) + ",perf-ctl=" + fifo + ",perf-ack=" + ack,
                "-cp", classes, "perfstat.itapp.CounterWorkload", "1500"));
        assertThat(r.code()).as(r.err()).isZero();

        Map<String, Double> perf = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("perf.csv"))) {
            String[] f = line.split(",");
            if (f.length > 2 && EVENTS.contains(f[2])) {
                perf.put(f[2], Double.parseDouble(f[0]) * (f[2].equals("task-clock") ? 1e6 : 1));
            }
        }
        RunData run = RecordingReader.read(dir.resolve("x.jfr").toString());
        assertThat(run.counterWindow().mode()).isEqualTo("perf_event_open");
        Map<String, Double> ours = new HashMap<>();
        for (RunData.PerfCounter c : run.perfCounters()) {
            ours.put(c.event(), c.scaled());
        }
        StringBuilder report = new StringBuilder("perfstat vs perf stat over one window:");
        for (String e : EVENTS) {
            report.append(String.format(Locale.ROOT, "%n  %-17s perfstat %14.0f  perf %14.0f  %+6.2f%%", e, ours.get(e),
                    perf.get(e), 100 * (ours.get(e) / perf.get(e) - 1)));
        }
        System.out.println(report);
        assertThat(perf.keySet()).as(report.toString()).containsAll(EVENTS);
        assertThat(ours.get("task-clock")).as(report.toString()).isCloseTo(perf.get("task-clock"),
                org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(ours.get("page-faults")).as(report.toString()).isCloseTo(perf.get("page-faults"),
                org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(ours.get("context-switches")).as(report.toString()).isCloseTo(perf.get("context-switches"),
                org.assertj.core.data.Percentage.withPercentage(10));
        // migrations are a dozen per window: up to two at each of its edges (perf's enable and disable against our
        // reads) differ; a clean-clone CI run saw 20 against 17 (four runs here: 14/13, 13/13, 19/18, 18/17)
        double migPerf = perf.get("cpu-migrations");
        assertThat(Math.abs(ours.get("cpu-migrations") - migPerf)).as(report.toString())
                .isLessThanOrEqualTo(Math.max(4, 0.15 * migPerf));
        assertThat(ours.get("page-faults")).as("the workload touches 56 MiB of fresh pages").isGreaterThan(14_000);
        // two busy threads for 1.5 s, three more mid-run: about 3 s of CPU on an idle machine, less
        // on a loaded one; at least half a second, so that the 2% above is of a real amount of work
        assertThat(ours.get("task-clock")).as("two busy threads, three more mid-run").isGreaterThan(0.5e9);
    }
}

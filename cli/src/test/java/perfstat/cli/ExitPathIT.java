package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;

/**
 * The recording at exit, always: short JVMs under the agent (10 in the default suite, 200 with
 * {@code -Pheavy}), ending in every way
 * a JVM ends (main returning after its pool, System.exit from main or from another thread, an
 * uncaught exception, an exit as main starts), two at a time beside two CPU burners, each must
 * leave a recording that reads with its probe's calls; a JVM that leaves none fails the test,
 * even where the agent said why.
 */
@Isolated("its CPU burners would load another IT class: alone")
class ExitPathIT {
    private static final List<String> MODES = List.of("return", "exit", "exit-thread", "throw", "exit-early");
    private static final int JVMS = Integer.getInteger("perfstat.exitJvms", 5);

    @TempDir
    Path dir;

    @Test
    void everyJvmLeavesItsRecording() throws Exception {
        String classes = Path.of(perfstat.itapp.ExitApp.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<Thread> burners = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<String>> outcomes = new ArrayList<>();
        try {
            for (int b = 0; b < 2; b++) { // a busy machine: the JVMs' threads compete for the CPUs
                Thread t = new Thread(() -> {
                    long x = 0;
                    while (!Thread.currentThread().isInterrupted()) {
                        x = x * 31 + 7;
                    }
                    if (x == 42) {
                        System.out.println(x);
                    }
                });
                t.setDaemon(true);
                t.start();
                burners.add(t);
            }
            for (int i = 0; i < JVMS; i++) {
                String mode = MODES.get(i % MODES.size());
                Path out = dir.resolve("r" + i + ".jfr");
                outcomes.add(pool.submit(() -> {
                    Processes.Result r = Processes.run(dir, List.of(Processes.java(),
                            "-javaagent:" + Processes.jar() + "=out=" + out + ",probes=perfstat.itapp.HostApp$Worker::step",
                            "-cp", classes, "perfstat.itapp.ExitApp", mode));
                    List<String> agentLines = r.err().lines().filter(l -> l.startsWith("perfstat agent:")).toList();
                    if (!Files.isRegularFile(out)) {
                        return agentLines.size() == 1 ? "said why: " + agentLines.get(0) : "LOST (" + mode + "): " + r.err();
                    }
                    RunData run = RecordingReader.read(out.toString());
                    long calls = run.probes().values().stream().filter(p -> p.name().endsWith("::step")).mapToLong(RunData.Probe::calls).sum();
                    boolean complete = mode.equals("exit-early") || mode.equals("exit-thread") ? run.countersEnd() != null
                            : calls == 600_000 && run.countersEnd() != null;
                    Files.delete(out);
                    return complete ? "recorded" : "INCOMPLETE (" + mode + "): calls=" + calls + " end=" + run.countersEnd();
                }));
            }
            List<String> bad = new ArrayList<>();
            int recorded = 0;
            for (Future<String> f : outcomes) {
                String o = f.get(10, TimeUnit.MINUTES);
                if (o.equals("recorded")) {
                    recorded++;
                } else {
                    bad.add(o);
                }
            }
            System.out.printf("ExitPathIT: %d JVMs, %d recordings%n", JVMS, recorded);
            assertThat(bad).isEmpty();
            assertThat(recorded).as("every JVM leaves its recording").isEqualTo(JVMS);
        } finally {
            pool.shutdownNow();
            burners.forEach(Thread::interrupt);
        }
    }
}

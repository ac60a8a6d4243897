package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.cli.read.RecordingReader;
import perfstat.cli.read.RunData;
import perfstat.format.ProbeNames;

/**
 * The code a probe writes into a method has a line of its own ({@link ProbeNames#PROBE_LINE}), so that method samples
 * taken in it count as [perfstat probes], and the method's own code keeps its lines: a tiny method called hot with
 * exact timing, in a forked JVM of this JDK (the ClassFile API's probes), compiled with debug information at every
 * instruction, as a profiler asks for it, so that a sample's frame in compiled code has the line of its instruction.
 * The samples JFR could only take at the next safepoint (biased) are counted as such, for the note that says how many.
 */
class ProbeLinesIT {
    private static final String APP = "perfstat.itapp.ProbeLines";
    private static final String TINY = APP + "::tiny";
    private static final List<String> PROBED = List.of(TINY, APP + "::fail", APP + "::outer");

    @TempDir
    Path dir;

    private Processes.Result run(String agentArgs) throws Exception {
        List<String> agent = agentArgs == null ? List.of() : List.of("-javaagent:" + Processes.jar() + "=" + agentArgs);
        List<String> cmd = new java.util.ArrayList<>(List.of(Processes.java(), "-XX:+UnlockDiagnosticVMOptions",
                "-XX:+DebugNonSafepoints"));
        cmd.addAll(agent);
        cmd.addAll(List.of("-cp", Recordings.itapp(), APP, "30000000"));
        return Processes.run(dir, cmd);
    }

    @Test
    void samplesInTheProbesCodeArePerfstatsAndTheHostsLinesAreKept() throws Exception {
        Processes.Result bare = run(null);
        Processes.Result probed = run("out=r.jfr,timing=exact,probes=" + String.join(";", PROBED));
        assertThat(probed.code()).as(probed.err()).isZero();
        // the same result, and the exceptions' frames at the same lines: the probed method's own, and its caller's
        assertThat(probed.out()).isEqualTo(bare.out()).contains("thrown at " + APP + ".fail(ProbeLines.java:")
                .contains("from " + APP + ".outer(ProbeLines.java:").doesNotContain(":" + ProbeNames.PROBE_LINE + ")");

        int atProbeLine = 0;
        int biased = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(dir.resolve("r.jfr"))) {
            if (e.getStackTrace() == null || !e.getEventType().getName().matches("jdk\\.(CPUTime|Execution)Sample")) {
                continue;
            }
            biased += e.hasField("biased") && e.getBoolean("biased") ? 1 : 0;
            List<RecordedFrame> frames = e.getStackTrace().getFrames();
            for (int i = 0; i < frames.size(); i++) {
                RecordedFrame f = frames.get(i);
                if (f.getLineNumber() == ProbeNames.PROBE_LINE) {
                    atProbeLine++;
                    assertThat(f.getMethod().getType().getName() + "::" + f.getMethod().getName()).isIn(PROBED);
                    // what the probe's code calls (its runtime, the clock, the JDK resolving its cells' constant), never
                    // the host's own code
                    if (i > 0) {
                        assertThat(frames.get(i - 1).getMethod().getType().getName()).doesNotStartWith("perfstat.itapp.");
                    }
                }
            }
        }
        assertThat(atProbeLine).as("samples with the probed method at the probes' line").isPositive();
        RunData.HotMethods hot = RecordingReader.read(dir.resolve("r.jfr").toString()).jdk().hot();
        assertThat(hot.self()).containsKey(RunData.HotMethods.PERFSTAT_PROBES);
        // JDK 25 takes most samples of the timed exits' clock reads at the next safepoint, in the caller (biased): the
        // reader counts those of the window (the file's also has the JVM's start and exit), for the note on them
        assertThat(hot.biased()).as("biased samples, of %d in the file", biased).isPositive().isLessThanOrEqualTo(biased);
        assertThat(hot.folded()).allSatisfy((k, v) -> assertThat(k).doesNotContain(RunData.HotMethods.PERFSTAT_PROBES + ";"));
    }
}

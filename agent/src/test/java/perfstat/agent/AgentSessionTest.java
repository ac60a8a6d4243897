package perfstat.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.agent.probe.Probes;
import perfstat.testapp.Target;

/** The agent's whole lifecycle in this JVM: open, probe, window, close, open again; no forked JVM needed. */
class AgentSessionTest {
    private static Instrumentation inst;

    @TempDir
    Path dir;

    @BeforeAll
    static void instrumentation() {
        inst = ByteBuddyAgent.install();
    }

    private AgentOptions attached(String out, String probe) throws AgentOptions.BadOption {
        return AgentOptions.builder().out(dir.resolve(out).toString()).attached(true).probe(probe)
                .timing(perfstat.format.Timing.EXACT).eventNames(List.of("task-clock")).build();
    }

    private static List<RecordedEvent> events(Path f, String type) throws Exception {
        return RecordingFile.readAllEvents(f).stream().filter(e -> e.getEventType().getName().equals(type)).toList();
    }

    @Test
    void aSessionCountsWhileOpenAndLeavesNothingBehindWhenClosed() throws Exception {
        for (int round = 1; round <= 2; round++) { // a second session in the same JVM works as the first
            Path out = dir.resolve("s" + round + ".jfr");
            AgentSession s = AgentSession.open(attached(out.getFileName().toString(), "perfstat.testapp.Target::twice"), inst);
            int sum = 0;
            for (int i = 0; i < 1000 * round; i++) {
                sum += Target.twice(i);
            }
            assertThat(sum).isEqualTo(round == 1 ? 999_000 : 3_998_000); // the host's results are unchanged
            assertThat(out).doesNotExist(); // an attached session's file appears when it closes, whole
            s.close();

            assertThat(out).isRegularFile();
            assertThat(Files.getPosixFilePermissions(out)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            RecordedEvent probe = events(out, "perfstat.Probe").stream()
                    .filter(e -> e.getString("probe").equals("perfstat.testapp.Target::twice")).reduce((a, b) -> b).orElseThrow();
            assertThat(probe.getLong("calls")).isEqualTo(1000L * round);
            assertThat(events(out, "perfstat.Agent")).singleElement()
                    .satisfies(e -> assertThat(e.getInt("formatVersion")).isEqualTo(perfstat.format.RecordingFormat.VERSION));
            assertThat(events(out, "perfstat.Agent")).singleElement() // format 5: the contention threshold is a field
                    .satisfies(e -> assertThat(e.getLong("contentionThresholdNs")).isEqualTo(AgentOptions.DEFAULT_CONTENTION_NS));
            assertThat(events(out, "perfstat.Counters")).extracting(e -> e.getString("phase")).contains("start", "end");

            Target.twice(1); // after close: the class is restored and nothing counts
            assertThat(Probes.snapshot()).noneMatch(p -> p.name().endsWith("::twice") && p.calls() > 0);
            s.close(); // twice is harmless
        }
    }

    @Test
    void aSessionWithoutProbesCountsAndTimesOnlyWhatItProbes() throws Exception {
        Path bare = dir.resolve("bare.jfr");
        AgentSession s = AgentSession.open(AgentOptions.builder().out(bare.toString()).attached(true)
                .eventNames(List.of("task-clock")).build(), inst);
        s.close();
        assertThat(events(bare, "perfstat.Counters")).extracting(e -> e.getString("phase")).contains("start", "end");
        assertThat(events(bare, "perfstat.PerfCounter")).isNotEmpty();
        assertThat(events(bare, "perfstat.Probe")).isEmpty();
        assertThat(events(bare, "perfstat.Agent")).singleElement().satisfies(e -> {
            assertThat(e.getLong("instrumentedMethods")).isZero();
            assertThat(e.getLong("timerOverheadNs")).isZero(); // nothing timed, nothing calibrated
            assertThat(e.getLong("startCpuNs")).isNotNegative();
        });

        Path probed = dir.resolve("probed.jfr");
        AgentSession p = AgentSession.open(attached("probed.jfr", "perfstat.testapp.Target::twice"), inst);
        Target.twice(2);
        p.close();
        assertThat(events(probed, "perfstat.Agent")).singleElement()
                .satisfies(e -> assertThat(e.getLong("timerOverheadNs")).isPositive());
    }

    /**
     * from=: the counters' window opens at the method's first call, before that call is counted: the totals then are
     * the baseline (phase late-start) of probes, counters, roles and the machine; perfstat.LateWindow says it opened.
     */
    @Test
    void aWindowFromAMethodTakesItsBaselineAtTheFirstCall() throws Exception {
        Path out = dir.resolve("late.jfr");
        AgentOptions o = AgentOptions.builder().out(out.toString()).attached(true).probe("perfstat.testapp.Target::twice")
                .timing(perfstat.format.Timing.EXACT).eventNames(List.of("task-clock")).text(AgentOptions.FROM,
                        "perfstat.testapp.Target::add").build();
        AgentSession s = AgentSession.open(o, inst);
        Target t = new Target();
        for (int i = 0; i < 5; i++) {
            Target.twice(i);
        }
        assertThat(t.add(2)).isEqualTo(2); // the host's result is unchanged
        t.add(3);
        for (int i = 0; i < 7; i++) {
            Target.twice(i);
        }
        s.close();
        List<RecordedEvent> probes = events(out, "perfstat.Probe");
        assertThat(calls(probes, "perfstat.testapp.Target::twice", "late-start")).isEqualTo(5);
        assertThat(calls(probes, "perfstat.testapp.Target::add", "late-start")).isZero(); // its first call is the window's
        assertThat(calls(probes, "perfstat.testapp.Target::twice", "")).isEqualTo(12);
        assertThat(calls(probes, "perfstat.testapp.Target::add", "")).isEqualTo(2);
        assertThat(events(out, "perfstat.LateWindow")).last().satisfies(e -> {
            assertThat(e.getBoolean("opened")).isTrue();
            assertThat(e.getString("trigger")).isEqualTo("from");
            assertThat(e.getString("target")).isEqualTo("perfstat.testapp.Target::add");
            assertThat(e.getLong("openedAfterNs")).isPositive();
            assertThat(e.getString("threadName")).isEqualTo(Thread.currentThread().getName());
        });
        for (String type : List.of("perfstat.Counters", "perfstat.PerfCounter", "perfstat.Machine")) {
            assertThat(events(out, type)).as(type).extracting(e -> e.getString("phase")).contains("late-start", "end");
        }
    }

    @Test
    void aWindowFromAMethodNeverCalledNeverOpens() throws Exception {
        Path out = dir.resolve("never.jfr");
        AgentSession s = AgentSession.open(AgentOptions.builder().out(out.toString()).attached(true)
                .probe("perfstat.testapp.Target::twice").eventNames(List.of("task-clock"))
                .text(AgentOptions.FROM, "perfstat.testapp.Target::throwIfPositive").build(), inst);
        Target.twice(1);
        s.close();
        assertThat(events(out, "perfstat.LateWindow")).last().satisfies(e -> {
            assertThat(e.getBoolean("opened")).isFalse();
            assertThat(e.getLong("openedAfterNs")).isEqualTo(-1);
        });
        assertThat(events(out, "perfstat.Probe")).extracting(e -> e.getString("phase")).doesNotContain("late-start");
        assertThat(events(out, "perfstat.Counters")).extracting(e -> e.getString("phase")).doesNotContain("late-start");
    }

    @Test
    void aDelayedWindowOpensAfterItsDelay() throws Exception {
        Path out = dir.resolve("delay.jfr");
        AgentSession s = AgentSession.open(AgentOptions.builder().out(out.toString()).attached(true)
                .eventNames(List.of("task-clock")).text(AgentOptions.DELAY, "50ms").build(), inst);
        Thread.sleep(300); // past the delay, on a busy machine too
        s.close();
        assertThat(events(out, "perfstat.LateWindow")).last().satisfies(e -> {
            assertThat(e.getBoolean("opened")).isTrue();
            assertThat(e.getString("trigger")).isEqualTo("delay");
            assertThat(e.getLong("openedAfterNs")).isGreaterThanOrEqualTo(50_000_000L);
        });
        assertThat(events(out, "perfstat.PerfCounter")).extracting(e -> e.getString("phase")).contains("late-start");
    }

    private static long calls(List<RecordedEvent> probes, String probe, String phase) {
        return probes.stream().filter(e -> e.getString("probe").equals(probe) && phase.equals(e.getString("phase")))
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError(probe + " " + phase)).getLong("calls");
    }

    @Test
    void aWindowOnAnOpenSessionHasItsOwnRecording() throws Exception {
        AgentSession s = AgentSession.open(attached("whole.jfr", "perfstat.testapp.Target::twice"), inst);
        try {
            Target.twice(1);
            s.openWindow(AgentOptions.builder().out(dir.resolve("window.jfr").toString()).attached(true).build());
            for (int i = 0; i < 10; i++) {
                Target.twice(i);
            }
            assertThat(s.closeWindow()).isTrue();
            assertThat(s.closeWindow()).isFalse();
        } finally {
            s.close();
        }
        List<RecordedEvent> probes = events(dir.resolve("window.jfr"), "perfstat.Probe").stream()
                .filter(e -> e.getString("probe").equals("perfstat.testapp.Target::twice")).toList();
        long start = probes.stream().filter(e -> e.getString("phase").equals("window-start")).findFirst().orElseThrow().getLong("calls");
        long end = probes.stream().filter(e -> e.getString("phase").equals("window-end")).findFirst().orElseThrow().getLong("calls");
        assertThat(end - start).isEqualTo(10);
        assertThat(events(dir.resolve("window.jfr"), "perfstat.Agent")).singleElement()
                .satisfies(e -> assertThat(e.getString("options")).endsWith(Agent.WINDOW_NOTE));
        assertThat(dir.resolve("whole.jfr")).isRegularFile();
    }

    @Test
    void aSessionThatCannotOpenLeavesNothingRunning() throws Exception {
        AgentOptions bad = AgentOptions.builder().out(dir.resolve("x.jfr").toString()).probeSet("nope").build();
        assertThatThrownBy(() -> AgentSession.open(bad, inst)).isInstanceOf(AgentOptions.BadOption.class);
        AgentOptions noDir = AgentOptions.builder().out(dir.resolve("no/such/dir/x.jfr").toString()).attached(true).build();
        assertThatThrownBy(() -> AgentSession.open(noDir, inst)).hasMessageContaining("no directory");
        assertThat(jdk.jfr.FlightRecorder.getFlightRecorder().getRecordings()).noneMatch(r -> r.getName().equals("perfstat")
                && r.getState() == jdk.jfr.RecordingState.RUNNING);
        // and a good one opens after them
        AgentSession s = AgentSession.open(attached("after.jfr", "perfstat.testapp.Target::twice"), inst);
        s.close();
        assertThat(dir.resolve("after.jfr")).isRegularFile();
    }

    @Test
    void whatTheInstallerCouldNotProbeIsInTheRecording() throws Exception {
        Path out = dir.resolve("losses.jfr");
        AgentSession s = AgentSession.open(attached("losses.jfr", "perfstat.testapp.Unseen2"), inst);
        try {
            // a class whose loader cannot see the probe runtime (its parent is the platform's): not probed, counted
            byte[] b = new net.bytebuddy.ByteBuddy().subclass(Object.class).name("perfstat.testapp.Unseen2").make().getBytes();
            new ClassLoader(ClassLoader.getPlatformClassLoader()) {
                {
                    defineClass("perfstat.testapp.Unseen2", b, 0, b.length);
                }
            };
        } finally {
            s.close();
        }
        assertThat(events(out, "perfstat.ProbePattern")).isNotEmpty().allSatisfy(e -> {
            assertThat(e.getLong("classesInvisible")).isEqualTo(1);
            assertThat(e.getLong("installerErrors")).isZero();
            assertThat(e.getLong("probesDropped")).isZero();
        });
        assertThat(events(out, "perfstat.CounterReader")).isNotEmpty()
                .allSatisfy(e -> assertThat(e.getLong("readFailures")).isZero());
    }
}

package perfstat.cli.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.agent.events.CountersEvent;
import perfstat.format.HistogramCodec;
import perfstat.agent.events.ProbeEvent;
import perfstat.cli.user.UserError;
import perfstat.cli.stats.Measurements;
import perfstat.cli.stats.Value;
import perfstat.models.events.ResultEvent;
import perfstat.models.events.ScoreEvent;
import perfstat.models.events.WorkloadEvent;

/** Real recordings made in this JVM with perfstat's event classes, read back. */
class RecordingReaderTest {
    @TempDir
    Path dir;

    private static void counters(String phase, long clockNs, long faults) {
        CountersEvent c = new CountersEvent();
        c.phase = phase;
        c.taskClockNs = clockNs;
        c.voluntaryContextSwitches = phase.equals("start") ? 10 : 40;
        c.involuntaryContextSwitches = phase.equals("start") ? 1 : 3;
        c.cpuMigrations = -1;
        c.minorFaults = faults;
        c.majorFaults = 0;
        c.source = "test";
        c.commit();
    }

    private Path perfstatRecording() throws Exception {
        Path f = dir.resolve("r.jfr");
        try (Recording r = new Recording()) {
            for (String e : new String[] {"perfstat.Workload", "perfstat.Result", "perfstat.Score", "perfstat.Counters",
                    "perfstat.Probe", "perfstat.ModelCounter"}) {
                r.enable(e);
            }
            r.start();
            WorkloadEvent w = new WorkloadEvent();
            w.model = "writepath";
            w.variant = "unpatched";
            w.workload = "fstime";
            w.threads = 2;
            w.durationNs = 1_000_000_000L;
            w.intervalNs = 500_000_000L;
            w.scoreName = "fstime";
            w.scoreUnit = "KB/s";
            w.higherIsBetter = true;
            w.commit();
            counters("start", 1_000_000_000L, 100);
            for (int i = 0; i < 2; i++) {
                ScoreEvent s = new ScoreEvent();
                s.interval = i;
                s.score = 100 + 10 * i;
                s.commit();
            }
            perfstat.models.events.ModelCounterEvent mc = new perfstat.models.events.ModelCounterEvent();
            mc.name = "violations";
            mc.value = 0;
            mc.commit();
            ResultEvent res = new ResultEvent();
            res.score = 105;
            res.elapsedNs = 2_000_000_000L;
            res.commit();
            Histogram h = new Histogram(3);
            for (int i = 1; i <= 100; i++) {
                h.recordValue(i * 10L);
            }
            for (long calls : new long[] {10, 1000}) { // two endChunk emissions: the later one wins
                ProbeEvent p = new ProbeEvent();
                p.probe = "perfstat.models.writepath.Vfs::write";
                p.calls = calls;
                p.timedCalls = h.getTotalCount();
                p.histogram = HistogramCodec.encode(h);
                p.commit();
                Thread.sleep(2);
            }
            counters("end", 3_500_000_000L, 150);
            r.stop();
            r.dump(f);
        }
        return f;
    }

    @Test
    void readsPerfstatEventsIntoMetrics() throws Exception {
        RunData run = RecordingReader.read(perfstatRecording().toString());
        assertThat(run.hasPerfstatEvents()).isTrue();
        assertThat(run.label()).isEqualTo("unpatched");
        assertThat(run.intervalScores()).containsExactly(100.0, 110.0);
        Map<String, Measurements.Measured> m = byKey(Measurements.of(run));
        assertThat(m.get("task-clock").value().value()).isEqualTo(2500.0);
        assertThat(m.get("context-switches").value().value()).isEqualTo(32.0);
        assertThat(m.get("cpu-migrations").value().status()).isEqualTo(Value.Status.NOT_SUPPORTED);
        assertThat(m.get("page-faults").value().value()).isEqualTo(50.0);
        assertThat(m.get("score").value().value()).isEqualTo(105.0);
        assertThat(m.get("score").value().samples()).isEqualTo(2);
        assertThat(m.get("model:violations").value().value()).isZero();
        assertThat(m.get("model:violations").metric().label()).isEqualTo("violations");
        assertThat(m.get("probe:Vfs::write:calls").value().value()).isEqualTo(1000.0);
        assertThat(m.get("probe:Vfs::write:p50").value().value()).isBetween(499.0, 501.0);
        assertThat(m.get("probe:Vfs::write:max").value().value()).isBetween(999.0, 1001.0);
        // time elapsed is the counters' window (start to end event), as perf's covers its command
        double elapsedMs = java.time.Duration.between(run.countersStart().time(), run.countersEnd().time()).toNanos() / 1e6;
        assertThat(m.get("time-elapsed").value().value()).isEqualTo(elapsedMs);
        assertThat(perfstat.cli.render.CommentText.of(m.get("task-clock").comment())).isEqualTo(String.format(java.util.Locale.ROOT, "%.3f CPUs utilized", 2500 / elapsedMs));
        assertThat(perfstat.cli.render.CommentText.of(m.get("score").comment())).isEqualTo("over 2.00 s, 2 intervals");
    }

    @jdk.jfr.Name("jdk.ExecutionSample")
    @jdk.jfr.StackTrace(true)
    static final class Sample extends jdk.jfr.Event {
    }

    private static void sampleHere() {
        new Sample().commit();
    }

    private static void sampleInApp() {
        sampleHere();
    }

    /**
     * Method samples count only inside the counters' window (the agent's start and JFR's exit
     * are left out, and counted); a stack through perfstat's code ends in one frame,
     * [perfstat probes], which is also its self.
     */
    @Test
    void samplesOutsideTheCountersWindowAreLeftOutAndCountedAndPerfstatsFramesAreOne() throws Exception {
        Path f = dir.resolve("samples.jfr");
        try (Recording r = new Recording()) {
            r.enable("perfstat.Counters");
            r.enable("jdk.ExecutionSample");
            r.start();
            sampleHere(); // the agent's start
            Thread.sleep(5);
            counters("start", 1_000_000_000L, 100);
            Thread.sleep(5);
            for (int i = 0; i < 3; i++) {
                sampleInApp();
            }
            perfstat.shaded.frames.Through.run(RecordingReaderTest::sampleInApp);
            Thread.sleep(5);
            counters("end", 3_500_000_000L, 150);
            Thread.sleep(5);
            sampleHere(); // JFR's exit
            sampleHere();
            r.stop();
            r.dump(f);
        }
        RunData.HotMethods hot = RecordingReader.read(f.toString()).jdk().hot();
        assertThat(hot.samples()).isEqualTo(4);
        assertThat(hot.outsideWindow()).isEqualTo(3);
        String app = RecordingReaderTest.class.getName() + "::sampleInApp";
        String probes = RunData.HotMethods.PERFSTAT_PROBES;
        assertThat(hot.self()).containsEntry(probes, 1L).doesNotContainKey(app);
        assertThat(hot.total()).containsEntry(app, 3L).containsEntry(probes, 1L);
        assertThat(hot.folded().keySet()).anySatisfy(k -> assertThat(k).endsWith(";perfstat.cli.read.RecordingReaderTest"
                + "::samplesOutsideTheCountersWindowAreLeftOutAndCountedAndPerfstatsFramesAreOne;" + probes));
        assertThat(hot.folded().keySet()).allSatisfy(k -> assertThat(k).doesNotContain(probes + ";"));
    }

    /**
     * A class as the agent's ClassFile probes leave one: {@code run(Runnable r, boolean probe)} calls {@code r} from an
     * instruction at line 7 where {@code probe} is false, and from one at the probes' reserved line where it is true.
     */
    private static Class<?> probedShape() throws Exception {
        net.bytebuddy.jar.asm.ClassWriter w = new net.bytebuddy.jar.asm.ClassWriter(net.bytebuddy.jar.asm.ClassWriter.COMPUTE_FRAMES);
        w.visit(net.bytebuddy.jar.asm.Opcodes.V17, net.bytebuddy.jar.asm.Opcodes.ACC_PUBLIC | net.bytebuddy.jar.asm.Opcodes.ACC_FINAL,
                "perfstat/cli/read/ProbedShape", null, "java/lang/Object", null);
        net.bytebuddy.jar.asm.MethodVisitor m = w.visitMethod(net.bytebuddy.jar.asm.Opcodes.ACC_PUBLIC
                | net.bytebuddy.jar.asm.Opcodes.ACC_STATIC, "run", "(Ljava/lang/Runnable;Z)V", null, null);
        m.visitCode();
        net.bytebuddy.jar.asm.Label own = new net.bytebuddy.jar.asm.Label();
        net.bytebuddy.jar.asm.Label probe = new net.bytebuddy.jar.asm.Label();
        m.visitLabel(own);
        m.visitLineNumber(7, own);
        m.visitVarInsn(net.bytebuddy.jar.asm.Opcodes.ILOAD, 1);
        m.visitJumpInsn(net.bytebuddy.jar.asm.Opcodes.IFNE, probe);
        for (net.bytebuddy.jar.asm.Label at : new net.bytebuddy.jar.asm.Label[] {null, probe}) {
            if (at != null) {
                m.visitLabel(at);
                m.visitLineNumber(perfstat.format.ProbeNames.PROBE_LINE, at);
            }
            m.visitVarInsn(net.bytebuddy.jar.asm.Opcodes.ALOAD, 0);
            m.visitMethodInsn(net.bytebuddy.jar.asm.Opcodes.INVOKEINTERFACE, "java/lang/Runnable", "run", "()V", true);
            m.visitInsn(net.bytebuddy.jar.asm.Opcodes.RETURN);
        }
        m.visitMaxs(0, 0);
        m.visitEnd();
        w.visitEnd();
        return java.lang.invoke.MethodHandles.lookup().defineClass(w.toByteArray());
    }

    /**
     * A frame at the line the agent gives the code it writes into a probed method is perfstat's: the sample's stack ends
     * in [perfstat probes] called from that method, whatever it called; the method's frames at its own lines are its.
     */
    @Test
    void framesAtTheProbesReservedLineArePerfstatsAndTheMethodsOwnLinesStayIts() throws Exception {
        java.lang.reflect.Method run = probedShape().getMethod("run", Runnable.class, boolean.class);
        Path f = dir.resolve("lines.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample");
            r.start();
            for (int i = 0; i < 5; i++) {
                run.invoke(null, (Runnable) RecordingReaderTest::sampleHere, i < 3);
            }
            r.stop();
            r.dump(f);
        }
        RunData.HotMethods hot = RecordingReader.read(f.toString()).jdk().hot();
        String probes = RunData.HotMethods.PERFSTAT_PROBES;
        String shape = "perfstat.cli.read.ProbedShape::run";
        String here = RecordingReaderTest.class.getName() + "::sampleHere";
        assertThat(hot.samples()).isEqualTo(5);
        assertThat(hot.self()).containsEntry(probes, 3L).containsEntry(here, 2L);
        assertThat(hot.total()).containsEntry(shape, 5L).containsEntry(probes, 3L).containsEntry(here, 2L);
        assertThat(hot.folded()).anySatisfy((k, v) -> assertThat(k).endsWith(shape + ";" + probes))
                .allSatisfy((k, v) -> assertThat(k).doesNotContain(probes + ";"));
    }

    @jdk.jfr.Name("jdk.CPUTimeSample")
    @jdk.jfr.StackTrace(true)
    static final class CpuSample extends jdk.jfr.Event {
        boolean biased;
    }

    private static void cpuHere(boolean biased) {
        CpuSample e = new CpuSample();
        e.biased = biased;
        e.commit();
    }

    private static void cpuInApp(boolean biased) {
        cpuHere(biased);
    }

    /**
     * A CPU-time sample JFR took at the thread's next safepoint (biased) counts as its stack's top frame's, as any
     * sample does (through perfstat's code, perfstat's), and is counted apart as well: a plain loop has half its samples
     * or more biased, and a row of their own hid where the time went.
     */
    @Test
    void aBiasedCpuTimeSampleCountsAtItsTopFrameAndIsCountedApart() throws Exception {
        Path f = dir.resolve("biased.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.CPUTimeSample").with("throttle", "1000s"); // the JDK's own sampler: none in this test's time
            r.start();
            cpuInApp(true);
            cpuInApp(true);
            cpuInApp(false);
            perfstat.shaded.frames.Through.run(() -> cpuInApp(true));
            r.stop();
            r.dump(f);
        }
        RunData.HotMethods hot = RecordingReader.read(f.toString()).jdk().hot();
        String here = RecordingReaderTest.class.getName() + "::cpuHere";
        String app = RecordingReaderTest.class.getName() + "::cpuInApp";
        assertThat(hot.sampleEvent()).isEqualTo("jdk.CPUTimeSample");
        assertThat(hot.samples()).isEqualTo(4);
        assertThat(hot.biased()).isEqualTo(3);
        assertThat(hot.self()).containsOnly(Map.entry(here, 3L), Map.entry(RunData.HotMethods.PERFSTAT_PROBES, 1L));
        assertThat(hot.total()).containsEntry(here, 3L).containsEntry(app, 3L);
        assertThat(hot.folded().keySet()).allSatisfy(k -> assertThat(k).doesNotContain("["  + "safepoint"));
    }

    /** Blocks on a monitor another thread holds for 30 ms. */
    private static void blockOnAMonitor() {
        Object lock = new Object();
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (lock) {
                held.countDown();
                try {
                    Thread.sleep(30);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        holder.start();
        try {
            held.await();
            synchronized (lock) {
                lock.notifyAll();
            }
            holder.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A monitor block with perfstat's code on its stack is the observer's (an attaching agent's own locks), not the program's. */
    @Test
    void aMonitorBlockInPerfstatsOwnCodeIsNotTheProgramsMonitorBlock() throws Exception {
        Path f = dir.resolve("blocks.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.JavaMonitorEnter").withThreshold(java.time.Duration.ZERO);
            r.start();
            blockOnAMonitor();
            perfstat.shaded.frames.Through.run(RecordingReaderTest::blockOnAMonitor);
            r.stop();
            r.dump(f);
        }
        long all = jdk.jfr.consumer.RecordingFile.readAllEvents(f).stream().filter(e -> e.getEventType().getName().equals("jdk.JavaMonitorEnter")
                && e.getDuration().toMillis() >= 10).count();
        assertThat(all).as("the two blocks, as JFR recorded them").isEqualTo(2);
        RunData run = RecordingReader.read(f.toString());
        RunData.Contention monitors = run.jdk().monitors();
        assertThat(monitors.count()).isEqualTo(1);
        assertThat(monitors.blocked().toMillis()).isBetween(10L, 1000L);
        // the one left out is counted apart, and the table says so (jfr summary counts both; the table had said nothing)
        assertThat(monitors.observerCount()).isPositive(); // with JFR's own shorter ones (threshold 0)
        assertThat(monitors.observerBlocked().toMillis()).isBetween(10L, 1000L);
        java.io.StringWriter table = new java.io.StringWriter();
        perfstat.cli.render.OutputFormat.TABLE.render(perfstat.cli.stats.Comparison.ofColumns(List.of(List.of(run))),
                new java.io.PrintWriter(table));
        assertThat(table.toString().lines().map(l -> l.replaceFirst("^ *# ", ""))).anySatisfy(n -> assertThat(n).matches("[0-9]+ monitor blocks? \\([0-9]+\\.[0-9]{3} ms\\) left out as"
                + " perfstat's or JFR's own \\(their code on the stack, such as JFR's periodic task\\): the JDK's tools \\(jfr"
                + " summary\\) count them, the table does not"));
    }

    /** A pattern that matched nothing carries the agent's nearest names (format 7): the table's note names them. */
    @Test
    void anUnmatchedPatternsCandidatesReachItsNote() throws Exception {
        Path f = dir.resolve("patterns.jfr");
        try (Recording r = new Recording()) {
            r.enable("perfstat.ProbePattern");
            r.start();
            for (String[] p : new String[][] {{"Tok::next", "com.example.Tok::next"}, {"com.example.Nope::x", ""}}) {
                perfstat.agent.events.ProbePatternEvent e = new perfstat.agent.events.ProbePatternEvent();
                e.pattern = p[0];
                e.candidates = p[1];
                e.commit();
            }
            r.stop();
            r.dump(f);
        }
        RunData run = RecordingReader.read(f.toString());
        assertThat(run.probeCandidates()).containsExactly(Map.entry("Tok::next", List.of("com.example.Tok::next")));
        assertThat(Measurements.notes(run, "a")).contains(new perfstat.cli.stats.Note.UnmatchedProbeNear("Tok::next",
                List.of("com.example.Tok::next")), new perfstat.cli.stats.Note.UnmatchedProbe("com.example.Nope::x"));
    }

    private static void role(String role, long ns, long windowNs, String note) {
        perfstat.agent.events.ThreadRoleEvent e = new perfstat.agent.events.ThreadRoleEvent();
        e.phase = perfstat.format.Phase.END;
        e.role = role;
        e.taskClockNs = ns;
        e.voluntaryContextSwitches = note.isEmpty() ? 5 : -1;
        e.involuntaryContextSwitches = note.isEmpty() ? 1 : -1;
        e.threads = 2;
        e.source = perfstat.format.CounterSource.PROCFS_SCHEDSTAT;
        e.windowNs = windowNs;
        e.note = note;
        e.commit();
    }

    /** A recording of the agent's counters: task-clock 1 s, with the roles of two batches (or the note why there are none). */
    private Path rolesRecording(String note) throws Exception {
        Path f = dir.resolve("roles.jfr");
        try (Recording r = new Recording()) {
            r.enable("perfstat.PerfCounter");
            r.enable("perfstat.CounterReader");
            r.enable("perfstat.ThreadRole");
            r.start();
            perfstat.agent.events.PerfCounterEvent c = new perfstat.agent.events.PerfCounterEvent();
            c.phase = perfstat.format.Phase.END;
            c.event = "task-clock";
            c.value = 1_000_000_000L;
            c.enabledNs = c.runningNs = c.windowNs = 2_000_000_000L;
            c.status = perfstat.format.CounterStatus.COUNTED.text();
            c.source = perfstat.format.CounterSource.PERF_EVENT_OPEN;
            c.threadName = "";
            c.commit();
            perfstat.agent.events.PerfCounterEvent cs = new perfstat.agent.events.PerfCounterEvent();
            cs.phase = perfstat.format.Phase.END;
            cs.event = "context-switches";
            cs.value = 40;
            cs.enabledNs = cs.runningNs = cs.windowNs = 2_000_000_000L;
            cs.status = perfstat.format.CounterStatus.COUNTED.text();
            cs.source = perfstat.format.CounterSource.PERF_EVENT_OPEN;
            cs.threadName = "";
            cs.commit();
            perfstat.agent.events.CounterReaderEvent w = new perfstat.agent.events.CounterReaderEvent();
            w.mode = perfstat.format.CounterSource.PERF_EVENT_OPEN;
            w.note = "";
            w.windowNs = 2_000_000_000L;
            w.commit();
            if (!note.isEmpty()) {
                role("", -1, 2_000_000_000L, note);
            } else {
                role("gc", 1, 1_000_000_000L, ""); // an earlier chunk's batch: the latest wins
                long[] ns = {700, 100, 150, 10, 30, 10};
                perfstat.format.ThreadRole[] roles = perfstat.format.ThreadRole.values();
                for (int i = 0; i < roles.length; i++) {
                    role(roles[i].text(), ns[i] * 1_000_000L, 2_000_000_000L, "");
                }
            }
            r.stop();
            r.dump(f);
        }
        return f;
    }

    private static void counter(String event, long value, perfstat.format.CounterStatus status, String source) {
        perfstat.agent.events.PerfCounterEvent c = new perfstat.agent.events.PerfCounterEvent();
        c.phase = perfstat.format.Phase.END;
        c.event = event;
        c.value = value;
        c.enabledNs = c.runningNs = c.windowNs = 2_000_000_000L;
        c.status = status.text();
        c.source = source;
        c.threadName = "";
        c.commit();
    }

    private static void roleCounter(String role, String event, long value) {
        perfstat.agent.events.ThreadRoleCounterEvent e = new perfstat.agent.events.ThreadRoleCounterEvent();
        e.phase = perfstat.format.Phase.END;
        e.role = role;
        e.event = event;
        e.value = value;
        e.source = perfstat.format.CounterSource.PERF_EVENT_OPEN;
        e.windowNs = 2_000_000_000L;
        e.commit();
    }

    /**
     * Other events by role (perfstat.ThreadRoleCounter, format 8) are read with the roles; stat prints them under
     * cycles and instructions where the machine counts those (here as a PMU would), never under an event that is not
     * supported, and not under page-faults, which the recording still has by role.
     */
    @Test
    void cyclesByRoleAreRowsWhereCounted() throws Exception {
        for (boolean pmu : new boolean[] {true, false}) {
            Path f = dir.resolve("role-events-" + pmu + ".jfr");
            try (Recording r = new Recording()) {
                r.enable("perfstat.PerfCounter");
                r.enable("perfstat.CounterReader");
                r.enable("perfstat.ThreadRole");
                r.enable(perfstat.format.Events.ThreadRoleCounter.NAME);
                r.start();
                String perf = perfstat.format.CounterSource.PERF_EVENT_OPEN;
                counter("task-clock", 1_000_000_000L, perfstat.format.CounterStatus.COUNTED, perf);
                counter("page-faults", 300, perfstat.format.CounterStatus.COUNTED, perf);
                counter("cycles", pmu ? 4_000_000 : 0, pmu ? perfstat.format.CounterStatus.COUNTED
                        : perfstat.format.CounterStatus.NOT_SUPPORTED, pmu ? perf : "perf_event_open: ENOENT");
                perfstat.agent.events.CounterReaderEvent w = new perfstat.agent.events.CounterReaderEvent();
                w.mode = perf;
                w.note = "";
                w.windowNs = 2_000_000_000L;
                w.commit();
                role("application", 900_000_000L, 2_000_000_000L, "");
                role("observer", 100_000_000L, 2_000_000_000L, "");
                roleCounter("application", "page-faults", 280);
                roleCounter("observer", "page-faults", 20);
                // (the agent writes none for an event not supported; were there any, the row's status still rules)
                roleCounter("application", "cycles", 3_000_000);
                roleCounter("observer", "cycles", 1_000_000);
                r.stop();
                r.dump(f);
            }
            RunData run = RecordingReader.read(f.toString());
            assertThat(run.roles().events()).hasSize(4)
                    .contains(new RunData.RoleEvent(perfstat.format.ThreadRole.OBSERVER, "page-faults", 20, perfstat.format.CounterSource.PERF_EVENT_OPEN));
            List<perfstat.cli.stats.StatSummary.Line> lines = perfstat.cli.stats.StatSummary.of("java X", List.of(run), List.of()).lines();
            List<String> events = lines.stream().map(perfstat.cli.stats.StatSummary.Line::event).toList();
            assertThat(events).doesNotContain("page-faults:application");
            if (pmu) {
                assertThat(events.subList(events.indexOf("cycles"), events.size())).containsExactly("cycles", "cycles:application", "cycles:observer");
                perfstat.cli.stats.StatSummary.Line app = lines.get(events.indexOf("cycles:application"));
                assertThat(app.value().value()).isEqualTo(3_000_000.0);
                assertThat(app.derived().value()).isEqualTo(75.0);
                assertThat(perfstat.cli.stats.RoleRows.role("cycles:application")).isEqualTo(perfstat.format.ThreadRole.APPLICATION);
            } else {
                assertThat(events).noneMatch(e -> e.startsWith("cycles:"));
            }
        }
    }

    @Test
    void theRolesAreRowsUnderTaskClockThatAddUpToIt() throws Exception {
        RunData run = RecordingReader.read(rolesRecording("").toString());
        assertThat(run.roles().counts()).hasSize(6);
        assertThat(run.roles().counts().get(1).voluntary()).isEqualTo(5);
        List<String> keys = Measurements.of(run).values().stream().map(x -> x.metric().key()).toList();
        assertThat(keys.subList(0, 7)).containsExactly("task-clock", "task-clock:application", "task-clock:gc", "task-clock:jit",
                "task-clock:jvm-runtime", "task-clock:observer", "task-clock:ended");
        Map<String, Measurements.Measured> m = byKey(Measurements.of(run));
        assertThat(m.get("task-clock:gc").value().value()).isEqualTo(100.0);
        assertThat(m.get("task-clock:gc").metric().label()).isEqualTo("  GC (msecs)");
        assertThat(perfstat.cli.render.CommentText.of(m.get("task-clock:gc").comment())).isEqualTo("10.00% of whole process");
        assertThat(m.get("task-clock:gc").metric().id().kind()).isEqualTo(perfstat.cli.stats.MetricId.Kind.COUNTER);
        double sum = keys.subList(1, 7).stream().mapToDouble(k -> m.get(k).value().value()).sum();
        // they add up to the whole process; the task-clock row is the process less the observer's threads
        assertThat(keys.get(7)).isEqualTo(perfstat.cli.stats.StatSummary.PROCESS);
        assertThat(sum).isEqualTo(m.get(perfstat.cli.stats.StatSummary.PROCESS).value().value());
        assertThat(m.get("task-clock").value().value()).isEqualTo(sum - m.get("task-clock:observer").value().value());
        assertThat(Measurements.notes(run)).anyMatch(n -> n instanceof perfstat.cli.stats.Note.RolesFrom);
        // stat's lines: the same rows under task-clock's
        List<String> events = perfstat.cli.stats.StatSummary.of("java X", List.of(run), List.of()).lines().stream()
                .map(perfstat.cli.stats.StatSummary.Line::event).toList();
        assertThat(events).containsExactly("task-clock", "task-clock:application", "task-clock:gc", "task-clock:jit",
                "task-clock:jvm-runtime", "task-clock:observer", "task-clock:ended", perfstat.cli.stats.StatSummary.PROCESS, "context-switches",
                "context-switches:application", "context-switches:gc", "context-switches:jit", "context-switches:jvm-runtime",
                "context-switches:observer", "context-switches:ended");
        // the switches by role: voluntary and involuntary of each role's threads, the involuntary share as comment
        perfstat.cli.stats.StatSummary.Line gc = perfstat.cli.stats.StatSummary.of("java X", List.of(run), List.of()).lines()
                .stream().filter(l -> l.event().equals("context-switches:gc")).findFirst().orElseThrow();
        assertThat(gc.value().value()).isEqualTo(6.0);
        assertThat(gc.derived().value()).isCloseTo(100.0 / 6, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(perfstat.cli.stats.RoleRows.role("context-switches:gc")).isEqualTo(perfstat.format.ThreadRole.GC);
        // what the threads' reads missed: the whole count (40) less the five roles' 6 each
        assertThat(perfstat.cli.stats.StatSummary.of("java X", List.of(run), List.of()).lines().stream()
                .filter(l -> l.event().equals("context-switches:ended")).findFirst().orElseThrow().value().value())
                .isEqualTo(10.0);
    }

    @Test
    void threadsThatCouldNotBeReadGiveOneNoteAndNoRows() throws Exception {
        RunData run = RecordingReader.read(rolesRecording("the threads of /proc/self/task cannot be listed").toString());
        assertThat(run.roles().counts()).isEmpty();
        assertThat(byKey(Measurements.of(run))).doesNotContainKey("task-clock:gc").containsKey("task-clock");
        assertThat(Measurements.notes(run)).containsOnlyOnce(new perfstat.cli.stats.Note.NoRoleSplit("roles",
                "the threads of /proc/self/task cannot be listed"));
        // a recording of an older format has neither
        RunData old = RecordingReader.read(perfstatRecording().toString());
        assertThat(old.roles()).isEqualTo(RunData.Roles.NONE);
    }

    /** The run's measurements by their stable output names (the keys JSON and CSV print), for assertions. */
    private static Map<String, Measurements.Measured> byKey(Map<perfstat.cli.stats.MetricId, Measurements.Measured> m) {
        Map<String, Measurements.Measured> out = new java.util.LinkedHashMap<>();
        m.values().forEach(x -> out.put(x.metric().key(), x));
        return out;
    }

    @Test
    void aRecordingWithoutPerfstatEventsReadsAsJdkOnly() throws Exception {
        Path f = dir.resolve("jdk.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.GarbageCollection");
            r.enable("jdk.CPULoad").withPeriod(java.time.Duration.ofMillis(100));
            r.enable("jdk.JVMInformation");
            r.start();
            System.gc();
            Thread.sleep(300);
            r.stop();
            r.dump(f);
        }
        RunData run = RecordingReader.read(f.toString());
        assertThat(run.hasPerfstatEvents()).isFalse();
        assertThat(run.jdk().gcCount()).isPositive();
        assertThat(byKey(Measurements.of(run)).get("task-clock").value().status()).isEqualTo(Value.Status.NOT_COUNTED);
        // the program, from jdk.JVMInformation's javaArguments: this JVM's main class or jar, by name only
        assertThat(run.program()).isNotEmpty().doesNotContain("/").doesNotContain(" ")
                .isEqualTo(perfstat.format.ProgramName.of(System.getProperty("sun.java.command")));
    }

    @jdk.jfr.Name("perfstat.Agent")
    static final class FutureAgentEvent extends jdk.jfr.Event {
        int formatVersion;
        String options;
    }

    /** One version for every writer (perfstat.format.RecordingFormat), checked by the reader: a newer one is one line. */
    @Test
    void aRecordingOfANewerFormatIsRefusedInOneLine() throws Exception {
        Path f = dir.resolve("future.jfr");
        try (jdk.jfr.Recording r = new jdk.jfr.Recording()) {
            r.start();
            FutureAgentEvent e = new FutureAgentEvent();
            e.formatVersion = perfstat.format.RecordingFormat.VERSION + 1;
            e.options = "";
            e.commit();
            r.stop();
            r.dump(f);
        }
        assertThatThrownBy(() -> RecordingReader.read(f.toString())).isInstanceOf(perfstat.cli.user.UserError.class)
                .hasMessageContaining("recording format " + (perfstat.format.RecordingFormat.VERSION + 1) + " is newer")
                .hasMessageNotContaining("\n");
        assertThat(RecordingReader.read(recordingWithFormat(f, perfstat.format.RecordingFormat.VERSION)).agentOptions()).isEmpty();
    }

    private String recordingWithFormat(Path base, int version) throws Exception {
        Path f = base.resolveSibling("v" + version + ".jfr");
        try (jdk.jfr.Recording r = new jdk.jfr.Recording()) {
            r.start();
            FutureAgentEvent e = new FutureAgentEvent();
            e.formatVersion = version;
            e.options = "";
            e.commit();
            r.stop();
            r.dump(f);
        }
        return f.toString();
    }

    @Test
    void aProbeWhoseHistogramDoesNotDecodeIsADataError() throws Exception {
        Path f = dir.resolve("badhist.jfr");
        try (Recording r = new Recording()) {
            r.enable("perfstat.Probe");
            r.start();
            ProbeEvent p = new ProbeEvent();
            p.probe = "a.B::c";
            p.calls = 1;
            p.histogram = "not base64 at all!";
            p.commit();
            r.stop();
            r.dump(f);
        }
        assertThatThrownBy(() -> RecordingReader.read(f.toString())).isInstanceOf(UserError.class)
                .hasMessageContaining("a.B::c").hasMessageContaining("does not decode");
    }

    @Test
    void badFilesAreDataErrors() throws Exception {
        assertThatThrownBy(() -> RecordingReader.read(dir.resolve("missing.jfr").toString()))
                .isInstanceOf(UserError.class).hasMessageContaining("no such file")
                .satisfies(e -> assertThat(((UserError) e).exitCode()).isEqualTo(1));
        Path text = Files.writeString(dir.resolve("text.jfr"), "this is not a recording\n");
        assertThatThrownBy(() -> RecordingReader.read(text.toString()))
                .isInstanceOf(UserError.class).hasMessageContaining("not a readable JFR recording");
        Path truncated = dir.resolve("cut.jfr");
        byte[] whole = Files.readAllBytes(perfstatRecording());
        Files.write(truncated, java.util.Arrays.copyOf(whole, whole.length / 3));
        assertThatThrownBy(() -> RecordingReader.read(truncated.toString())).isInstanceOf(UserError.class);
        assertThatThrownBy(() -> RecordingReader.read(dir.toString())).hasMessageContaining("not a file");
    }

    /** "time elapsed" of a recording without perfstat's counters is the recording's own span, from its chunk headers. */
    @Test
    void theSpanComesFromTheChunkHeaders() throws Exception {
        Path f = dir.resolve("span.jfr");
        long t0 = System.nanoTime();
        try (jdk.jfr.Recording r = new jdk.jfr.Recording()) {
            r.enable("jdk.GarbageCollection");
            r.start();
            Thread.sleep(400); // no event at all in this time: an events' span would be empty
            r.stop();
            r.dump(f);
        }
        long wallMs = (System.nanoTime() - t0) / 1_000_000;
        java.time.Duration span = ChunkHeaders.span(f);
        assertThat(span).isNotNull();
        assertThat(span.toMillis()).isBetween(390L, wallMs + 50);
        assertThat(ChunkHeaders.span(Files.writeString(dir.resolve("not.jfr"), "hello"))).isNull();
    }

    @jdk.jfr.Name("com.oracle.jdk.FileRead")
    static final class OldFileReadEvent extends jdk.jfr.Event {
        long bytesRead;
    }

    /** A JDK total is one handler: here a JDK 9/10 name (com.oracle.jdk.*) summed into the same row as jdk.FileRead. */
    @Test
    void theJdksTotalsAreRowsAndOldEventNamesMapToThem() throws Exception {
        Path f = dir.resolve("old.jfr");
        try (jdk.jfr.Recording r = new jdk.jfr.Recording()) {
            r.enable("com.oracle.jdk.FileRead");
            r.start();
            for (int i = 1; i <= 3; i++) {
                OldFileReadEvent e = new OldFileReadEvent();
                e.bytesRead = 1000L * i;
                e.commit();
            }
            r.stop();
            r.dump(f);
        }
        RunData run = RecordingReader.read(f.toString());
        assertThat(run.jdk().totals()).containsEntry(JdkTotal.FILE_READ, 6000.0);
        Map<String, Measurements.Measured> m = byKey(Measurements.of(run));
        assertThat(m.get("file-read-bytes").value().value()).isEqualTo(6000.0);
        assertThat(m.get("socket-read-bytes").value().status()).isEqualTo(Value.Status.NOT_COUNTED);
        assertThat(Measurements.notes(run)).anyMatch(n -> n instanceof perfstat.cli.stats.Note.JdkRowsNotCounted x
                && x.rows().contains(new perfstat.cli.stats.Note.JdkRow("socket read (bytes, over threshold)", "jdk.SocketRead")));
    }

    /** Never taken while the loop below warms it up: the compiled code traps (an uncommon trap) when it is. */
    private static long branchy(long x) {
        if (x < 0) {
            return -x * 31;
        }
        return x + 1;
    }

    private static long rarely(long x) {
        if (x < 0) {
            return -x * 17;
        }
        return x - 1;
    }

    private static long seldom(long x) {
        if (x < 0) {
            return -x * 13;
        }
        return x ^ 5;
    }

    /** Warms {@code f} until it is compiled, then takes the branch the compiled code left out. */
    private static long deoptimize(java.util.function.LongUnaryOperator f) {
        long sink = 0;
        for (long i = 0; i < 20_000_000L; i++) {
            sink += f.applyAsLong(i == 19_999_999L ? -1 : i & 0xffff);
        }
        return sink;
    }

    /**
     * A JDK total is one line of JdkTotal, which drives both the reader's handler and the row:
     * deoptimizations, the count of jdk.Deoptimization events, from code made to deoptimize here.
     */
    @Test
    void aJdkTotalIsOneLineOfTheTableDeoptimizationsCounted() throws Exception {
        Path f = dir.resolve("deopt.jfr");
        RunData run = null;
        try (Recording r = new Recording()) {
            r.enable("jdk.Deoptimization");
            r.start();
            long sink = 0;
            for (java.util.function.LongUnaryOperator op : List.<java.util.function.LongUnaryOperator>of(
                    RecordingReaderTest::branchy, RecordingReaderTest::rarely, RecordingReaderTest::seldom)) {
                sink += deoptimize(op);
                r.dump(f); // what the recording holds so far
                run = RecordingReader.read(f.toString());
                if (run.jdk().totals().containsKey(JdkTotal.DEOPTIMIZATIONS)) {
                    break;
                }
            }
            assertThat(sink).isNotZero();
            r.stop();
        }
        assertThat(run.jdk().eventCounts()).containsKey("jdk.Deoptimization");
        long events = run.jdk().eventCounts().get("jdk.Deoptimization");
        assertThat(run.jdk().totals()).containsEntry(JdkTotal.DEOPTIMIZATIONS, (double) events);
        Measurements.Measured row = byKey(Measurements.of(run)).get("deoptimizations");
        assertThat(row.metric().label()).isEqualTo("deoptimizations");
        assertThat(row.value().value()).isEqualTo((double) events).isPositive();
        assertThat(perfstat.cli.render.CommentText.of(row.comment())).isEqualTo("jdk.Deoptimization");
    }

    /** Accumulations of the table: the sum of a field, a count of events, a cumulative counter's largest sample. */
    @Test
    void theTablesAccumulationsSumCountAndCumulative() throws Exception {
        Path f = dir.resolve("totals.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ClassLoadingStatistics").withPeriod(java.time.Duration.ofMillis(50));
            r.enable("jdk.ObjectAllocationSample");
            r.start();
            Thread.sleep(300);
            r.stop();
            r.dump(f);
        }
        RunData run = RecordingReader.read(f.toString());
        long samples = run.jdk().eventCounts().getOrDefault("jdk.ClassLoadingStatistics", 0L);
        assertThat(samples).isGreaterThanOrEqualTo(2);
        // the JVM's count since it started, as its last sample holds it: this JVM has loaded its test classes
        assertThat(run.jdk().totals().get(JdkTotal.CLASSES_LOADED)).isEqualTo((double) lastSample(f, "jdk.ClassLoadingStatistics", "loadedClassCount"))
                .isGreaterThan(100.0);
        assertThat(run.jdk().totals()).doesNotContainKey(JdkTotal.DEOPTIMIZATIONS); // not enabled: no total, and <not counted>
        assertThat(byKey(Measurements.of(run)).get("deoptimizations").value().status()).isEqualTo(Value.Status.NOT_COUNTED);
    }

    /** The largest value of a field in the recording's events of one type, as the JDK's own parser reads them. */
    private static long lastSample(Path f, String type, String field) throws Exception {
        return jdk.jfr.consumer.RecordingFile.readAllEvents(f).stream().filter(e -> e.getEventType().getName().equals(type))
                .mapToLong(e -> e.getLong(field)).max().orElseThrow();
    }

    /**
     * JIT compilations and threads started are the JVM's totals (jdk.CompilerStatistics' compileCount,
     * jdk.JavaThreadStatistics' accumulatedCount), not the jdk.Compilation events over their threshold, nor the
     * growth between samples (0 where the threads started before the first).
     */
    @Test
    void compilationsAndThreadsAreTheJvmsTotalsNotEventsOverAThreshold() throws Exception {
        Path f = dir.resolve("jit.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.CompilerStatistics").withPeriod(java.time.Duration.ofMillis(100));
            r.enable("jdk.JavaThreadStatistics").withPeriod(java.time.Duration.ofMillis(100));
            r.enable("jdk.Compilation").withThreshold(java.time.Duration.ofMillis(100));
            r.start();
            Thread.sleep(350);
            r.stop();
            r.dump(f);
        }
        RunData run = RecordingReader.read(f.toString());
        double compiled = lastSample(f, "jdk.CompilerStatistics", "compileCount");
        assertThat(compiled).isGreaterThan(50.0); // a JVM that ran the tests this far has compiled many methods
        assertThat(run.jdk().totals()).containsEntry(JdkTotal.COMPILATIONS, compiled)
                .containsEntry(JdkTotal.THREADS_STARTED, (double) lastSample(f, "jdk.JavaThreadStatistics", "accumulatedCount"));
        assertThat(run.jdk().eventCounts().getOrDefault("jdk.Compilation", 0L)).isLessThan((long) compiled);
        assertThat(perfstat.cli.render.CommentText.of(byKey(Measurements.of(run)).get("compilations").comment()))
                .isEqualTo("jdk.CompilerStatistics, since the JVM started");
    }

    /**
     * One rule for every JDK row, from the recording's settings (jdk.ActiveSetting): an event type it enabled and saw
     * none of is 0, one it did not enable is not counted; a row of an event with a threshold says so in its label.
     */
    @Test
    void anEnabledEventWithoutEventsIsZeroAndOneNotEnabledIsNotCounted() throws Exception {
        Path f = dir.resolve("settings.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ActiveSetting");
            r.enable("jdk.SocketRead").withThreshold(java.time.Duration.ofMillis(20));
            r.enable("jdk.ThreadPark").withThreshold(java.time.Duration.ofSeconds(60));
            r.enable("jdk.SafepointBegin").withThreshold(java.time.Duration.ZERO);
            r.start();
            Thread.sleep(50);
            r.stop();
            r.dump(f);
        }
        RunData run = RecordingReader.read(f.toString());
        assertThat(run.jdk().settings().enabled("jdk.SocketRead")).contains(true);
        assertThat(run.jdk().settings().enabled("jdk.FileRead")).contains(false);
        assertThat(run.jdk().settings().value("jdk.SocketRead", "threshold")).contains("20000000 ns"); // as the Recording API writes it
        Map<String, Measurements.Measured> m = byKey(Measurements.of(run));
        assertThat(m.get("socket-read-bytes").value().value()).isZero();
        assertThat(m.get("socket-read-bytes").metric().label()).isEqualTo("socket read (bytes, over threshold)");
        assertThat(perfstat.cli.render.CommentText.of(m.get("socket-read-bytes").comment()))
                .isEqualTo("jdk.SocketRead, those of 20 ms or more");
        assertThat(m.get("safepoints").metric().label()).isEqualTo("safepoints"); // threshold 0: every one
        assertThat(m.get("file-read-bytes").value().status()).isEqualTo(Value.Status.NOT_COUNTED);
        assertThat(m.get("park-blocked").value().value()).isZero(); // as socket reads: enabled, none
        assertThat(m.get("monitor-blocked").value().value()).isZero();
        // a recording that does not say what it enabled: no events is not counted, as before
        assertThat(RunData.Settings.NONE.enabled("jdk.SocketRead")).isEmpty();
    }

    @jdk.jfr.Name("perfstat.Agent")
    static final class Format4AgentEvent extends jdk.jfr.Event {
        int formatVersion;
        String options;
    }

    private RunData agentRecording(String file, jdk.jfr.Event agent) throws Exception {
        Path f = dir.resolve(file);
        try (Recording r = new Recording()) {
            r.start();
            agent.commit();
            counters("start", 1_000_000_000L, 100);
            counters("end", 2_000_000_000L, 100);
            r.stop();
            r.dump(f);
        }
        return RecordingReader.read(f.toString());
    }

    /**
     * The contention threshold is perfstat.Agent's field (format 5); versions 2 to 4 wrote it
     * into the options; a recording without either says it is not recorded (format 1 assumed 10 ms).
     */
    @Test
    void theContentionThresholdIsAFieldAndARecordingWithoutItSaysSo() throws Exception {
        perfstat.agent.events.AgentEvent now = new perfstat.agent.events.AgentEvent();
        now.formatVersion = perfstat.format.RecordingFormat.VERSION;
        now.options = "timing=sampled";
        now.contentionThresholdNs = 20_000;
        now.program = "com.example.Tok";
        RunData v5 = agentRecording("v5.jfr", now);
        assertThat(v5.program()).isEqualTo("com.example.Tok"); // the agent's (version 7)
        assertThat(v5.jdk().contentionThreshold()).contains(java.time.Duration.ofNanos(20_000));
        assertThat(perfstat.cli.render.CommentText.of(byKey(Measurements.of(v5)).get("monitor-blocked").comment())).isEqualTo("jdk.JavaMonitorEnter >= 20us");

        Format4AgentEvent v4 = new Format4AgentEvent();
        v4.formatVersion = 4;
        v4.options = "probes=a.B::c,timing=sampled,contention=1000000ns";
        RunData old = agentRecording("v4.jfr", v4);
        assertThat(old.program()).isEmpty(); // before version 7: not recorded
        assertThat(old.jdk().contentionThreshold()).contains(java.time.Duration.ofMillis(1));
        assertThat(perfstat.cli.render.CommentText.of(byKey(Measurements.of(old)).get("park-blocked").comment())).isEqualTo("jdk.ThreadPark >= 1ms");

        Format4AgentEvent v1 = new Format4AgentEvent();
        v1.formatVersion = 1;
        v1.options = "probes=a.B::c,timing=sampled";
        RunData first = agentRecording("v1.jfr", v1);
        assertThat(first.jdk().contentionThreshold()).isEmpty();
        assertThat(perfstat.cli.render.CommentText.of(byKey(Measurements.of(first)).get("monitor-blocked").comment()))
                .isEqualTo("jdk.JavaMonitorEnter, threshold not recorded");
    }

    @Test
    void aRecordingReadAheadReadsAsOneReadNowAndErrorsComeThroughTheSame() throws Exception {
        Path good = Path.of("../recordings/fstime-patched.jfr");
        Path bad = dir.resolve("bad.jfr");
        Files.writeString(bad, "not a recording");
        RunData direct = RecordingReader.read(good.toString());
        String badMessage = null;
        try {
            RecordingReader.read(bad.toString());
        } catch (UserError e) {
            badMessage = e.getMessage();
        }
        RecordingReader.prefetch(java.util.List.of("report", "--hot", "3", good.toString(), bad.toString(), "no-such.jfr"));
        if (Runtime.getRuntime().availableProcessors() >= 2) { // on one CPU nothing is read ahead
            // the files named are read ahead, and nothing else on the command line
            assertThat(RecordingReader.readingAhead()).containsExactlyInAnyOrder(good.toString(), bad.toString());
        }
        RunData ahead = RecordingReader.read(good.toString());
        assertThat(ahead).isEqualTo(direct);
        assertThat(badMessage).isNotNull();
        assertThatThrownBy(() -> RecordingReader.read(bad.toString())).isInstanceOf(UserError.class).hasMessage(badMessage);
        // taken once: a second read of the name reads the file again
        assertThat(RecordingReader.readingAhead()).isEmpty();
        assertThat(RecordingReader.read(good.toString())).isEqualTo(direct);
    }
}

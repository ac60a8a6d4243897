package perfstat.cli.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.agent.events.CountersEvent;
import perfstat.cli.render.NoteText;
import perfstat.cli.stats.Measurements;
import perfstat.cli.stats.MetricId;
import perfstat.cli.stats.Note;
import perfstat.format.ThreadRole;

/**
 * The roles of a recording made without perfstat, derived from jdk.ThreadCPULoad. The two recordings under
 * {@code derived/} are bench/taskclock/Busy run under plain {@code -XX:StartFlightRecording} (settings=default on
 * JDK 25, settings=profile on JDK 17), cut to the events read; {@code derived/make.sh} makes them again.
 */
class ThreadCpuLoadCollectorTest {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void thePeriodIsTheMedianGapBetweenPasses() {
        assertThat(ThreadCpuLoadCollector.periodNs(new long[] {0, 10_444_000_000L, 20_100_000_000L, 30_300_000_000L}))
                .isEqualTo(10 * S);
        assertThat(ThreadCpuLoadCollector.periodNs(new long[] {0, 50_400_000L, 101_000_000L})).isEqualTo(50_000_000L);
        assertThat(ThreadCpuLoadCollector.periodNs(new long[] {5 * S})).isZero();
    }

    @Test
    void aThreadsOwnEventAsItEndsIsNoPass() {
        List<ThreadCpuLoadCollector.Load> loads = List.of(new ThreadCpuLoadCollector.Load(10 * S, 1, "main", 0.1),
                new ThreadCpuLoadCollector.Load(10 * S, 2, "busy", 0.2),
                new ThreadCpuLoadCollector.Load(12 * S + 1000, 2, "busy", 0.2), // its end, at 12 s
                new ThreadCpuLoadCollector.Load(20 * S, 1, "main", 0.1));
        assertThat(ThreadCpuLoadCollector.passes(loads, Map.of(2L, 12 * S))).containsExactly(10 * S, 20 * S);
        assertThat(ThreadCpuLoadCollector.passes(loads, Map.of())).containsExactly(10 * S, 12 * S + 1000, 20 * S);
    }

    @Test
    void anIntervalStartsAtThePassBeforeOrOnePeriodBackWhereAPassHadNoEvent() {
        long[] passes = {10 * S, 20 * S};
        assertThat(ThreadCpuLoadCollector.intervalStart(passes, 10 * S, 10 * S)).isEqualTo(Long.MIN_VALUE); // the first pass
        assertThat(ThreadCpuLoadCollector.intervalStart(passes, 20 * S, 10 * S)).isEqualTo(10 * S);
        assertThat(ThreadCpuLoadCollector.intervalStart(passes, 25 * S, 10 * S)).isEqualTo(20 * S); // a thread's end
        assertThat(ThreadCpuLoadCollector.intervalStart(passes, 40 * S, 10 * S)).isEqualTo(30 * S); // the pass at 30 s: none
        assertThat(ThreadCpuLoadCollector.intervalStart(passes, 40 * S, 0)).isEqualTo(20 * S); // no period known
    }

    @Test
    void aPlainJdk25RecordingGetsDerivedRolesWithoutGcAndARestThatAddUpToTaskClock() {
        RunData run = RecordingReader.read(resource("busy-default-25.jfr"));
        assertDerivedBusy(run, 10 * S);
    }

    @Test
    void aPlainJdk17ProfileRecordingGetsThemToo() {
        RunData run = RecordingReader.read(resource("busy-profile-17.jfr"));
        assertDerivedBusy(run, 10 * S);
        assertThat(run.roles().counts()).anyMatch(c -> c.role() == ThreadRole.JIT && c.taskClockNs() > 0);
    }

    private static void assertDerivedBusy(RunData run, long periodNs) {
        assertThat(run.hasPerfstatEvents()).isFalse();
        RunData.Roles roles = run.roles();
        assertThat(roles.derived()).isTrue();
        assertThat(roles.estimate().periodNs()).isIn(0L, periodNs); // 0: one pass only
        assertThat(roles.estimate().cpus()).isPositive();
        // Busy's two threads do nearly all the work: the application's share of the Java threads' time
        long all = roles.counts().stream().mapToLong(RunData.RoleCount::taskClockNs).sum();
        long app = roles.counts().stream().filter(c -> c.role() == ThreadRole.APPLICATION).mapToLong(RunData.RoleCount::taskClockNs)
                .sum();
        assertThat(app).isGreaterThan(all * 9 / 10);
        assertThat(roles.counts()).noneMatch(c -> c.role() == ThreadRole.GC || c.role() == ThreadRole.ENDED);
        assertThat(roles.counts()).allMatch(c -> c.voluntary() == -1 && c.involuntary() == -1);

        Map<MetricId, Measurements.Measured> m = Measurements.of(run);
        Measurements.Measured taskClock = row(m, "task-clock");
        Measurements.Measured rest = row(m, "task-clock:derived:rest");
        double sum = rest.value().value();
        for (RunData.RoleCount c : roles.counts()) {
            Measurements.Measured r = row(m, "task-clock:derived:" + c.role().text());
            assertThat(r.metric().label()).contains("derived");
            sum += r.value().value();
        }
        // never a measured row's identity: a diff beside a perfstat recording cannot judge one against the other
        assertThat(m.values()).noneMatch(r -> perfstat.cli.stats.RoleRows.role(r.metric().key()) != null);
        assertThat(rest.metric().label()).contains("derived");
        assertThat(m.values()).noneMatch(r -> r.metric().key().endsWith(":gc"));
        assertThat(sum).isCloseTo(taskClock.value().value(), org.assertj.core.data.Offset.offset(0.01));

        List<Note> notes = Measurements.notes(run, "busy");
        Note.RolesDerived note = notes.stream().filter(Note.RolesDerived.class::isInstance).map(Note.RolesDerived.class::cast)
                .findFirst().orElseThrow();
        assertThat(NoteText.of(note)).contains("derived from jdk.ThreadCPULoad", "an estimate", "no GC row")
                .contains(note.periodNs() > 0 ? "sampled every 10 s" : "one periodic pass or none");
        assertThat(notes).noneMatch(n -> n instanceof Note.RolesFrom || n instanceof Note.GcOnVmThread);
    }

    @Test
    void theEstimateOfAThreadMatchesItsCpuTimeInThisJvm() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] spun = new long[1];
        long mainBefore = mx.getCurrentThreadCpuTime();
        Path f = dir.resolve("loads.jfr");
        try (Recording r = loads()) {
            r.start();
            Thread t = new Thread(() -> {
                spin(300_000_000L);
                spun[0] = mx.getCurrentThreadCpuTime();
            }, "spin");
            t.start();
            t.join();
            Thread.sleep(150); // a pass after the thread's end
            r.stop();
            r.dump(f);
        }
        long main = mx.getCurrentThreadCpuTime() - mainBefore;
        RunData run = RecordingReader.read(f.toString());
        assertThat(run.roles().derived()).isTrue();
        long app = run.roles().counts().stream().filter(c -> c.role() == ThreadRole.APPLICATION)
                .mapToLong(RunData.RoleCount::taskClockNs).sum();
        // the spinning thread's CPU time, and at most this thread's and a little of the other test threads' beside it; the
        // loads are shares of wall time between passes 50 ms apart, which a loaded machine (CI, a build beside it) stretches
        assertThat(app).isGreaterThan(spun[0] * 3 / 4).isLessThan(spun[0] + main + 300_000_000L);
    }

    @Test
    void aRecordingWithPerfstatsEventsGetsNoDerivedRoles() throws Exception {
        Path f = dir.resolve("both.jfr");
        try (Recording r = loads()) {
            r.enable("perfstat.Counters");
            r.start();
            CountersEvent c = new CountersEvent();
            c.phase = "end";
            c.source = "test";
            c.commit();
            Thread t = new Thread(() -> spin(150_000_000L), "spin");
            t.start();
            t.join();
            Thread.sleep(150);
            r.stop();
            r.dump(f);
        }
        RunData run = RecordingReader.read(f.toString());
        assertThat(run.hasPerfstatEvents()).isTrue();
        assertThat(run.roles().derived()).isFalse();
        assertThat(Measurements.of(run).values()).noneMatch(r -> r.metric().label().contains("derived")
                && r.metric().key().startsWith("task-clock:"));
    }

    /** A recording of the events the estimate reads, the loads every 50 ms. */
    private static Recording loads() {
        Recording r = new Recording();
        r.enable("jdk.ThreadCPULoad").withPeriod(Duration.ofMillis(50));
        r.enable("jdk.ThreadStart");
        r.enable("jdk.ThreadEnd");
        r.enable("jdk.ActiveSetting");
        r.enable("jdk.CPUInformation");
        return r;
    }

    private static volatile long sink;

    /** About {@code ns} of CPU time on this thread. */
    private static void spin(long ns) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + ns;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x += i * 31L ^ (x >>> 3);
            }
        }
        sink = x;
    }

    private static Measurements.Measured row(Map<MetricId, Measurements.Measured> m, String key) {
        return m.values().stream().filter(r -> r.metric().key().equals(key)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + key + " in " + m.keySet()));
    }

    private static String resource(String name) {
        return Path.of("src/test/resources/derived", name).toAbsolutePath().toString();
    }
}

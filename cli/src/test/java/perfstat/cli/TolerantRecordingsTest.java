package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import jdk.jfr.Event;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.agent.events.CounterReaderEvent;
import perfstat.format.HistogramCodec;
import perfstat.agent.events.ProbeEvent;
import perfstat.agent.events.ProbePatternEvent;

/**
 * A corpus of recordings that the JDK's own reader reads but that hold events perfstat cannot
 * use, beside the truncated and bit-flipped copies of {@link CorruptRecordingsTest}: stack
 * frames without a method (as JFR writes them: a method reference of 0), events named like the
 * JDK's or perfstat's without a field the reader reads, or with a field of another type. Each
 * gets a table (exit 0, nothing on stderr) and one note that says what was skipped and why.
 * Also the agent's own counts of what it lost (recording format 6), as notes.
 */
class TolerantRecordingsTest {
    @TempDir
    Path dir;

    @Name("jdk.ExecutionSample")
    @StackTrace(true)
    static final class Sample extends Event {
    }

    @Name("jdk.JavaMonitorEnter")
    @StackTrace(true)
    static final class MonitorEnter extends Event {
    }

    @Name("jdk.GarbageCollection")
    @StackTrace(false)
    static final class Gc extends Event {
        @Timespan(Timespan.NANOSECONDS)
        long sumOfPauses;
    }

    @Name("jdk.GarbageCollection")
    @StackTrace(false)
    static final class GcWithoutPauses extends Event {
        String name;
    }

    @Name("perfstat.Probe")
    @StackTrace(false)
    static final class ProbeWithoutCalls extends Event {
        String probe;
    }

    @Name("perfstat.Probe")
    @StackTrace(false)
    static final class ProbeWithTextCalls extends Event {
        String probe;
        String calls;
    }

    @Name("jdk.ObjectAllocationSample")
    @StackTrace(false)
    static final class AllocationWithTextWeight extends Event {
        String weight;
    }

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    /** report and diff both print a table, nothing on stderr, and the note: once a column (diff f f has two, f#1 and f#2). */
    private static void readsWithNote(Path f, String note) {
        List<Result> results = List.of(run("report", f.toString()), run("diff", f.toString(), f.toString(), "--all"));
        for (int i = 0; i < results.size(); i++) {
            Result r = results.get(i);
            assertThat(r.err()).isEmpty();
            assertThat(r.code()).isZero();
            assertThat(r.out()).contains("Performance counter stats").contains(note);
            // diff's two columns say it in one line that names both
            assertThat(r.out().lines().filter(l -> l.contains("could not use")).count()).as(r.out()).isEqualTo(1);
        }
    }

    private Path record(String name, Runnable commits) throws Exception {
        Path f = dir.resolve(name);
        try (Recording r = new Recording()) {
            // by class: the JDK's own events of these names stay off
            for (Class<? extends Event> e : List.of(Sample.class, MonitorEnter.class, Gc.class, GcWithoutPauses.class,
                    ProbeWithoutCalls.class, ProbeWithTextCalls.class, AllocationWithTextWeight.class)) {
                r.enable(e);
            }
            r.start();
            commits.run();
            r.stop();
            r.dump(f);
        }
        return f;
    }

    private static void sampleHere() {
        new Sample().commit();
    }

    private static void blockHere() {
        MonitorEnter m = new MonitorEnter();
        m.begin();
        m.end();
        m.commit();
    }

    @Test
    void stackFramesWithoutAMethodAreSkippedAndCounted() throws Exception {
        Path f = record("frames.jfr", () -> {
            for (int i = 0; i < 3; i++) {
                sampleHere();
            }
            for (int i = 0; i < 2; i++) {
                blockHere();
            }
            Gc gc = new Gc();
            gc.sumOfPauses = 2_000_000;
            gc.commit();
        });
        Path crafted = withoutTopMethods(f);
        // the JDK's reader reads every event of it, as jfr summary does
        assertThat(RecordingFile.readAllEvents(crafted)).hasSize(RecordingFile.readAllEvents(f).size());
        readsWithNote(crafted, "events perfstat could not use, left out of the table: 3 jdk.ExecutionSample (a stack "
                + "frame without a method), 2 jdk.JavaMonitorEnter (a stack frame without a method)");
        assertThat(run("report", crafted.toString()).out()).contains("GCs");
    }

    @Test
    void eventsWithoutAFieldAreSkippedAndCounted() throws Exception {
        Path f = record("missing.jfr", () -> {
            ProbeWithoutCalls p = new ProbeWithoutCalls();
            p.probe = "a.B::c";
            p.commit();
            GcWithoutPauses gc = new GcWithoutPauses();
            gc.name = "G1New";
            gc.commit();
        });
        readsWithNote(f, "events perfstat could not use, left out of the table: 1 jdk.GarbageCollection (no field "
                + "sumOfPauses), 1 perfstat.Probe (no field calls)");
    }

    @Test
    void fieldsOfAnotherTypeAreSkippedAndCounted() throws Exception {
        Path f = record("types.jfr", () -> {
            ProbeWithTextCalls p = new ProbeWithTextCalls();
            p.probe = "a.B::c";
            p.calls = "many";
            p.commit();
            AllocationWithTextWeight a = new AllocationWithTextWeight();
            a.weight = "heavy";
            a.commit();
        });
        readsWithNote(f, "events perfstat could not use, left out of the table: 1 jdk.ObjectAllocationSample (field "
                + "weight of another type), 1 perfstat.Probe (field calls of another type)");
    }

    @Test
    void whatTheAgentLostIsANote() throws Exception {
        Path f = dir.resolve("losses.jfr");
        try (Recording r = new Recording()) {
            r.enable("perfstat.Probe");
            r.enable("perfstat.ProbePattern");
            r.enable("perfstat.CounterReader");
            r.start();
            ProbePatternEvent pattern = new ProbePatternEvent();
            pattern.pattern = "a.B";
            pattern.methods = 1;
            pattern.installerErrors = 2;
            pattern.classesInvisible = 1;
            pattern.probesDropped = 3;
            pattern.commit();
            Histogram h = new Histogram(3);
            h.recordValue(100);
            ProbeEvent p = new ProbeEvent();
            p.probe = "a.B::c";
            p.calls = 10;
            p.timedCalls = 1;
            p.histogram = HistogramCodec.encode(h);
            p.failures = 4;
            p.commit();
            CounterReaderEvent c = new CounterReaderEvent();
            c.mode = "procfs";
            c.note = "";
            c.intervalNs = 1_000_000_000L;
            c.windowNs = 2_000_000_000L;
            c.readFailures = 5;
            c.commit();
            r.stop();
            r.dump(f);
        }
        String note = "the agent counted 2 classes the probe installer failed to transform (not probed); 1 class whose"
                + " class loader cannot see perfstat's probes (not probed); 3 methods past the limit of probes (not probed);"
                + " 4 errors inside probes (suppressed; a timed call's latency lost each); 5 counter reads that failed"
                + " (an interval's row lost each)";
        for (Result r : List.of(run("report", f.toString()), run("diff", f.toString(), f.toString()))) {
            assertThat(r.err()).isEmpty();
            assertThat(r.out()).contains(note);
        }
    }

    /**
     * A copy of the recording in which the top frame of every stack trace of the test's own
     * events refers to method 0, which JFR writes for a frame whose method it has not (the
     * parser then gives a frame whose {@code getMethod()} is null). A frame of the stack trace
     * pool is its method reference, line number, bytecode index and frame type, each a
     * variable-length integer: the method's is found before the line and index the JDK's
     * reader gives, and rewritten as a zero of the same length, so that nothing else moves.
     */
    private static Path withoutTopMethods(Path f) throws Exception {
        byte[] bytes = Files.readAllBytes(f);
        Set<List<Integer>> tops = new LinkedHashSet<>();
        int events = RecordingFile.readAllEvents(f).size();
        for (RecordedEvent e : RecordingFile.readAllEvents(f)) {
            if (e.getStackTrace() != null && ours(e)) {
                RecordedFrame top = e.getStackTrace().getFrames().get(0);
                tops.add(List.of(top.getLineNumber(), top.getBytecodeIndex()));
            }
        }
        assertThat(tops).hasSize(2);
        Path out = f.resolveSibling("crafted-" + f.getFileName());
        int nulls = 0;
        for (List<Integer> top : tops) {
            byte[] pattern = concat(varint(top.get(0)), varint(top.get(1)));
            boolean done = false;
            for (int i = 1; i + pattern.length < bytes.length && !done; i++) {
                if (!Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length) || (bytes[i - 1] & 0x80) != 0) {
                    continue;
                }
                int start = i - 1;
                while (start > 0 && (bytes[start - 1] & 0x80) != 0 && i - start < 9) {
                    start--;
                }
                byte[] b = bytes.clone();
                Arrays.fill(b, start, i - 1, (byte) 0x80);
                b[i - 1] = 0;
                Files.write(out, b);
                int n = nullTops(out, events);
                if (n > nulls) { // this one was the frame's method: keep it
                    bytes = b;
                    nulls = n;
                    done = true;
                }
            }
            assertThat(done).as("found the frame of " + top).isTrue();
        }
        Files.write(out, bytes);
        assertThat(nullTops(out, events)).isEqualTo(5);
        return out;
    }

    /** Events whose top frame has no method; -1 where the JDK's reader fails on the file or loses events. */
    private static int nullTops(Path f, int expected) {
        try {
            List<RecordedEvent> events = RecordingFile.readAllEvents(f);
            int n = 0;
            for (RecordedEvent e : events) {
                if (e.getStackTrace() != null && ours(e) && e.getStackTrace().getFrames().get(0).getMethod() == null) {
                    n++;
                }
            }
            return events.size() == expected ? n : -1;
        } catch (Exception | Error e) {
            return -1;
        }
    }

    /** Whether the event is one of this test's (not the JDK's own of the same name). */
    private static boolean ours(RecordedEvent e) {
        long id = e.getEventType().getId();
        return id == jdk.jfr.EventType.getEventType(Sample.class).getId()
                || id == jdk.jfr.EventType.getEventType(MonitorEnter.class).getId();
    }

    private static byte[] varint(long v) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        do {
            int b = (int) (v & 0x7f);
            v >>>= 7;
            o.write(v != 0 ? b | 0x80 : b);
        } while (v != 0);
        return o.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}

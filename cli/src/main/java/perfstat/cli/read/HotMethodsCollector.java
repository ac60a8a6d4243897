package perfstat.cli.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import perfstat.format.JdkEvent;

/**
 * The JDK's method samples: per method, self and total, and the stacks folded for a flame
 * graph. CPU-time samples ({@code jdk.CPUTimeSample}, JDK 25) are counted where the recording
 * has any, execution samples ({@code jdk.ExecutionSample}) otherwise; native method samples
 * are kept apart. perfstat's own frames (its agent and the libraries it carries shaded) are one
 * frame, {@value RunData.HotMethods#PERFSTAT_PROBES}, with whatever they call: a stack through
 * perfstat's code ends there, and its sample counts as that frame's self. So does a frame at the line the agent gives
 * what it writes into a probed method ({@link perfstat.format.ProbeNames#PROBE_LINE}: the clock read and the branch of
 * the probe's exit, its calls): the stack ends in {@value RunData.HotMethods#PERFSTAT_PROBES} called from that method.
 * A CPU-time sample JFR marks biased (its stack taken at the thread's next safepoint, not where it was sampled) counts
 * as its top frame's, as JFR's own views count it, and is counted apart as well, for the note that says how many were:
 * the method at the safepoint is mostly where the time went, or its caller (a plain loop over {@code Long.toString}: 60%
 * of samples biased, nearly all in the method that converts the digits), but not always (with exact timing of a small
 * hot method, the probed code's caller, where the timed exit's clock read returns).
 *
 * <p>Only samples inside the counters' window count (from the agent being ready to the JVM's
 * exit, or an attached window's opening to its closing): before it the JVM starts and the agent
 * installs itself, after it JFR writes the recording. The events come unordered, so each
 * sample's stack and time is kept until the pass is over and the window known; those outside
 * it are counted, not dropped in silence. A recording without perfstat's counters keeps all.
 */
final class HotMethodsCollector implements Collector {
    static final String EXECUTION = JdkEvent.EXECUTION_SAMPLE.type();
    static final String CPU_TIME = JdkEvent.CPU_TIME_SAMPLE.type();

    /** One kind of sample's counts. */
    private static final class Counts {
        long samples;
        final Map<String, Long> self = new HashMap<>();
        final Map<String, Long> total = new HashMap<>();
        final Map<String, Long> folded = new HashMap<>();
        long biased;
    }

    /** One kind of sample as read: each sample's stack and time (epoch nanoseconds), in the order read. */
    private static final class Samples {
        final boolean natives;
        Stack[] stacks = new Stack[256];
        long[] times = new long[256];
        boolean[] biased = new boolean[256];
        int size;

        Samples(boolean natives) {
            this.natives = natives;
        }

        void add(Stack s, long time, boolean atSafepoint) {
            if (size == stacks.length) {
                stacks = java.util.Arrays.copyOf(stacks, size * 2);
                times = java.util.Arrays.copyOf(times, size * 2);
                biased = java.util.Arrays.copyOf(biased, size * 2);
            }
            stacks[size] = s;
            biased[size] = atSafepoint;
            times[size++] = time;
        }
    }

    private final Samples execution = new Samples(false);
    private final Samples cpuTime = new Samples(false);
    private final Samples natives = new Samples(true);

    /**
     * The parser hands out one object per stack trace (and per method) of a chunk's constant
     * pool, shared by every event that refers to it, so what is derived from a stack is
     * derived once per stack and looked up by identity after that (RecordedObject keeps
     * Object's equals); weak keys let a finished chunk's stacks go.
     */
    private final Map<RecordedStackTrace, Stack> sampleStacks = new WeakHashMap<>();
    private final Map<RecordedMethod, String> methodNames = new WeakHashMap<>();

    /** A stack as counted: its methods each once (top first), and its folded form (root first). */
    private record Stack(String[] methods, String folded) {
    }

    @Override
    public void register(Handlers h) {
        h.on(EXECUTION, e -> sample(e, execution));
        h.on(CPU_TIME, e -> sample(e, cpuTime));
        h.on(JdkEvent.NATIVE_METHOD_SAMPLE.type(), e -> sample(e, natives));
    }

    /** A method sample, kept with its time until the window is known. */
    private void sample(RecordedEvent e, Samples c) {
        RecordedStackTrace st = e.getStackTrace();
        if (st == null) {
            return;
        }
        Stack s = sampleStacks.computeIfAbsent(st, this::stack);
        if (s.methods().length == 0) {
            return;
        }
        boolean biased = c == cpuTime && e.hasField("biased") && e.getBoolean("biased");
        java.time.Instant t = e.getStartTime();
        c.add(s, t.getEpochSecond() * 1_000_000_000L + t.getNano(), biased);
    }

    /** A sample counted: its top frame's method as self, every method on its stack once as total. */
    private static void count(Stack s, Counts c, boolean natives) {
        c.samples++;
        c.self.merge(s.methods()[0], 1L, Long::sum);
        if (natives) {
            return;
        }
        for (String m : s.methods()) {
            c.total.merge(m, 1L, Long::sum);
        }
        String key = c.folded.containsKey(s.folded()) || c.folded.size() < RunData.HotMethods.MAX_STACKS
                ? s.folded() : RunData.HotMethods.OTHER_STACKS;
        c.folded.merge(key, 1L, Long::sum);
    }

    /** The samples of one kind inside [from, to] (either null: open) counted; the number outside in {@code outside[0]}. */
    private static Counts counted(Samples all, java.time.Instant from, java.time.Instant to, long[] outside) {
        long lo = from == null ? Long.MIN_VALUE : from.getEpochSecond() * 1_000_000_000L + from.getNano();
        long hi = to == null ? Long.MAX_VALUE : to.getEpochSecond() * 1_000_000_000L + to.getNano();
        Counts c = new Counts();
        for (int i = 0; i < all.size; i++) {
            if (all.times[i] < lo || all.times[i] > hi) {
                outside[0]++;
            } else {
                count(all.stacks[i], c, all.natives);
                c.biased += all.biased[i] ? 1 : 0;
            }
        }
        return c;
    }

    /**
     * The methods on a stack, each once, the top frame's first; and the stack folded, root first.
     * From the first of perfstat's frames (from the root) up, the stack is that one frame.
     */
    private Stack stack(RecordedStackTrace st) {
        List<String> all = new ArrayList<>();
        for (RecordedFrame f : st.getFrames()) {
            if (f.getMethod() == null || f.getMethod().getType() == null) {
                throw new UnusableEvent(RunData.Skipped.Cause.FRAME_WITHOUT_METHOD); // the pass skips the sample, and counts it
            }
            String m = methodNames.computeIfAbsent(f.getMethod(), HotMethodsCollector::method);
            if (f.getLineNumber() == perfstat.format.ProbeNames.PROBE_LINE && !m.equals(RunData.HotMethods.PERFSTAT_PROBES)) {
                all.add(RunData.HotMethods.PERFSTAT_PROBES); // the probe's code in the method, as if the method called it
            }
            all.add(m);
        }
        int perfstat = all.lastIndexOf(RunData.HotMethods.PERFSTAT_PROBES); // top first: the last is the nearest the root
        List<String> frames = perfstat < 0 ? all : all.subList(perfstat, all.size());
        Set<String> onStack = new LinkedHashSet<>(frames);
        StringBuilder folded = new StringBuilder();
        for (int i = frames.size() - 1; i >= Math.max(0, frames.size() - RunData.HotMethods.MAX_DEPTH); i--) {
            folded.append(folded.length() == 0 ? "" : ";").append(frames.get(i));
        }
        return new Stack(onStack.toArray(new String[0]), Shared.name(folded.toString()));
    }

    private static String method(RecordedMethod m) {
        String name = m.getType().getName();
        // the probe runtime, its histograms and the shaded Byte Buddy that installs probes as classes load
        if (ObserverCode.perfstats(name)) {
            return RunData.HotMethods.PERFSTAT_PROBES;
        }
        String type = hiddenClassName(name);
        return Shared.name((type.isEmpty() ? "(hidden class)" : type) + "::" + m.getName());
    }

    /**
     * A class's name without what changes from run to run in a hidden class's (a lambda's, a proxy's): JDK 21 and
     * later write {@code Mix$$Lambda/0x000000003e045210} ({@code .0x…} as the parser gives it), JDK 17 writes
     * {@code Mix$$Lambda$90+0x00007fb4d0007a08/536765369}: the lambda's number, its address and JFR's id for it.
     * Both read {@code Mix$$Lambda}; other names are left as they are.
     */
    static String hiddenClassName(String name) {
        return name.replaceFirst("(\\$\\$Lambda)\\$\\d+\\+0x[0-9a-fA-F]+(?:[./]\\d+)?$", "$1")
                .replaceFirst("\\+0x[0-9a-fA-F]+(?:[./]\\d+)?$", "")
                .replaceFirst("[./]?0x[0-9a-fA-F]+$", "");
    }

    /** The samples inside the counters' window [from, to] (either null where the recording does not say). */
    RunData.HotMethods result(java.time.Instant from, java.time.Instant to) {
        boolean cpu = cpuTime.size > 0;
        long[] outside = new long[1];
        Counts c = counted(cpu ? cpuTime : execution, from, to, outside);
        Counts n = counted(natives, from, to, new long[1]);
        return new RunData.HotMethods(c.samples, Map.copyOf(c.self), Map.copyOf(c.total), n.samples,
                Map.copyOf(n.self), c.samples == 0 && outside[0] == 0 ? "" : cpu ? CPU_TIME : EXECUTION,
                Map.copyOf(c.folded), outside[0], c.biased);
    }
}

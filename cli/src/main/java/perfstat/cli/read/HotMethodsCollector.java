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

/**
 * The JDK's method samples: per method, self and total, and the stacks folded for a flame
 * graph. CPU-time samples ({@code jdk.CPUTimeSample}, JDK 25) are counted where the recording
 * has any, execution samples ({@code jdk.ExecutionSample}) otherwise; native method samples
 * are kept apart. perfstat's own probe runtime is one frame, {@value RunData.HotMethods#PERFSTAT_PROBES}.
 */
final class HotMethodsCollector implements Collector {
    static final String EXECUTION = "jdk.ExecutionSample";
    static final String CPU_TIME = "jdk.CPUTimeSample";

    /** One kind of sample's counts. */
    private static final class Counts {
        long samples;
        final Map<String, Long> self = new HashMap<>();
        final Map<String, Long> total = new HashMap<>();
        final Map<String, Long> folded = new HashMap<>();
    }

    private final Counts execution = new Counts();
    private final Counts cpuTime = new Counts();
    private final Counts natives = new Counts();

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
        h.on("jdk.NativeMethodSample", e -> sample(e, natives));
    }

    /** A method sample: its top frame's method counts as self, every method on its stack once as total. */
    private void sample(RecordedEvent e, Counts c) {
        RecordedStackTrace st = e.getStackTrace();
        if (st == null) {
            return;
        }
        Stack s = sampleStacks.computeIfAbsent(st, this::stack);
        if (s.methods().length == 0) {
            return;
        }
        c.samples++;
        c.self.merge(s.methods()[0], 1L, Long::sum);
        if (c == natives) {
            return;
        }
        for (String m : s.methods()) {
            c.total.merge(m, 1L, Long::sum);
        }
        String key = c.folded.containsKey(s.folded()) || c.folded.size() < RunData.HotMethods.MAX_STACKS
                ? s.folded() : RunData.HotMethods.OTHER_STACKS;
        c.folded.merge(key, 1L, Long::sum);
    }

    /** The methods on a stack, each once, the top frame's first; and the stack folded, root first. */
    private Stack stack(RecordedStackTrace st) {
        Set<String> onStack = new LinkedHashSet<>();
        List<String> frames = new ArrayList<>();
        for (RecordedFrame f : st.getFrames()) {
            if (f.getMethod() == null || f.getMethod().getType() == null) {
                throw new UnusableEvent(RunData.Skipped.Cause.FRAME_WITHOUT_METHOD); // the pass skips the sample, and counts it
            }
            String m = methodNames.computeIfAbsent(f.getMethod(), HotMethodsCollector::method);
            onStack.add(m);
            // the probe runtime's frames, one over the other, are one frame
            if (!(m.equals(RunData.HotMethods.PERFSTAT_PROBES) && !frames.isEmpty()
                    && frames.get(frames.size() - 1).equals(m))) {
                frames.add(m);
            }
        }
        StringBuilder folded = new StringBuilder();
        for (int i = frames.size() - 1; i >= Math.max(0, frames.size() - RunData.HotMethods.MAX_DEPTH); i--) {
            folded.append(folded.length() == 0 ? "" : ";").append(frames.get(i));
        }
        return new Stack(onStack.toArray(new String[0]), folded.toString());
    }

    private static String method(RecordedMethod m) {
        String name = m.getType().getName();
        // the probe runtime, its histograms and the shaded Byte Buddy that installs probes as classes load
        if (name.startsWith("perfstat.agent.") || name.startsWith("perfstat.shaded.")) {
            return RunData.HotMethods.PERFSTAT_PROBES;
        }
        // a hidden class (a lambda's, a proxy's) ends in an address, a new one each run: leave it out
        String type = name.replaceFirst("[./]?0x[0-9a-fA-F]+$", "");
        return (type.isEmpty() ? "(hidden class)" : type) + "::" + m.getName();
    }

    RunData.HotMethods result() {
        boolean cpu = cpuTime.samples > 0;
        Counts c = cpu ? cpuTime : execution;
        return new RunData.HotMethods(c.samples, Map.copyOf(c.self), Map.copyOf(c.total), natives.samples,
                Map.copyOf(natives.self), c.samples == 0 ? "" : cpu ? CPU_TIME : EXECUTION, Map.copyOf(c.folded));
    }
}

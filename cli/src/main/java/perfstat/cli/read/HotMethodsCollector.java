package perfstat.cli.read;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;

/** The JDK's method samples (jdk.ExecutionSample; jdk.NativeMethodSample kept apart): per method, self and total. */
final class HotMethodsCollector implements Collector {
    private long samples;
    private long nativeSamples;
    private final Map<String, Long> self = new HashMap<>();
    private final Map<String, Long> total = new HashMap<>();
    private final Map<String, Long> nativeSelf = new HashMap<>();

    /**
     * The parser hands out one object per stack trace (and per method) of a chunk's constant
     * pool, shared by every event that refers to it, so what is derived from a stack is
     * derived once per stack and looked up by identity after that (RecordedObject keeps
     * Object's equals); weak keys let a finished chunk's stacks go.
     */
    private final Map<RecordedStackTrace, String[]> sampleStacks = new WeakHashMap<>();
    private final Map<RecordedMethod, String> methodNames = new WeakHashMap<>();

    @Override
    public void register(Handlers h) {
        h.on("jdk.ExecutionSample", e -> sample(e, false));
        h.on("jdk.NativeMethodSample", e -> sample(e, true));
    }

    /** A method sample: its top frame's method counts as self, every method on its stack once as total. */
    private void sample(RecordedEvent e, boolean nativeSample) {
        RecordedStackTrace st = e.getStackTrace();
        if (st == null) {
            return;
        }
        String[] methods = sampleStacks.computeIfAbsent(st, this::distinctMethods); // the top frame's first
        if (methods.length == 0) {
            return;
        }
        if (nativeSample) {
            nativeSamples++;
            nativeSelf.merge(methods[0], 1L, Long::sum);
            return;
        }
        samples++;
        self.merge(methods[0], 1L, Long::sum);
        for (String m : methods) {
            total.merge(m, 1L, Long::sum);
        }
    }

    /** The methods on a stack, each once, the top frame's first. */
    private String[] distinctMethods(RecordedStackTrace st) {
        Set<String> onStack = new LinkedHashSet<>();
        for (RecordedFrame f : st.getFrames()) {
            if (f.getMethod() == null || f.getMethod().getType() == null) {
                throw new UnusableEvent(RunData.Skipped.Cause.FRAME_WITHOUT_METHOD); // the pass skips the sample, and counts it
            }
            onStack.add(methodNames.computeIfAbsent(f.getMethod(), HotMethodsCollector::method));
        }
        return onStack.toArray(new String[0]);
    }

    private static String method(RecordedMethod m) {
        // a hidden class (a lambda's, a proxy's) ends in an address, a new one each run: leave it out
        String type = m.getType().getName().replaceFirst("[./]?0x[0-9a-fA-F]+$", "");
        return (type.isEmpty() ? "(hidden class)" : type) + "::" + m.getName();
    }

    RunData.HotMethods result() {
        return new RunData.HotMethods(samples, Map.copyOf(self), Map.copyOf(total), nativeSamples, Map.copyOf(nativeSelf));
    }
}

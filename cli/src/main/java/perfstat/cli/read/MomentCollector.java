package perfstat.cli.read;

import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import perfstat.format.JdkEvent;
import perfstat.format.JdkFields;

/**
 * What a run with iterations shows happening while they ran, for the changes of level to be matched with: each
 * compilation's end (jdk.Compilation), each deoptimisation (jdk.Deoptimization, which the agent enables with
 * {@code iteration=}), each GC (jdk.GarbageCollection). Kept only where the run has iterations of the agent's.
 */
final class MomentCollector implements Collector {
    private final List<RunData.Moment> moments = new ArrayList<>();

    @Override
    public void register(Handlers h) {
        h.on(JdkEvent.COMPILATION.type(), e -> {
            String cls = className(e);
            // JFR's and perfstat's own code compiled is the observer's, never what changed the program's level
            if ((!e.hasField(JdkFields.COMPILE_SUCCEEDED) || e.getBoolean(JdkFields.COMPILE_SUCCEEDED))
                    && !ObserverCode.perfstatsOrJfrs(cls)) {
                int level = e.hasField(JdkFields.COMPILE_LEVEL) ? e.getInt(JdkFields.COMPILE_LEVEL) : -1;
                moments.add(new RunData.Moment(RunData.Moment.Kind.COMPILED, e.getEndTime(), e.getEndTime(),
                        name(e), level == 4 ? "C2" : level >= 1 ? "C1" : ""));
            }
        });
        h.on(JdkEvent.DEOPTIMIZATION.type(), e -> moments.add(new RunData.Moment(RunData.Moment.Kind.DEOPTIMIZED,
                e.getStartTime(), e.getEndTime(), name(e), e.hasField(JdkFields.DEOPT_REASON)
                        ? String.valueOf(e.getString(JdkFields.DEOPT_REASON)) : "")));
        h.on(JdkEvent.GARBAGE_COLLECTION.type(), e -> moments.add(new RunData.Moment(RunData.Moment.Kind.GC,
                e.getStartTime(), e.getEndTime(), e.hasField(JdkFields.GC_NAME) ? e.getString(JdkFields.GC_NAME) : "GC",
                e.hasField(JdkFields.GC_CAUSE) ? String.valueOf(e.getString(JdkFields.GC_CAUSE)) : "")));
    }

    private static String className(RecordedEvent e) {
        RecordedMethod m = e.hasField(JdkFields.METHOD) ? e.getValue(JdkFields.METHOD) : null;
        return m == null || m.getType() == null ? "" : m.getType().getName();
    }

    /** The event's method as {@code Class::method} (the class's simple name), or "" where it has none. */
    private static String name(RecordedEvent e) {
        RecordedMethod m = e.hasField(JdkFields.METHOD) ? e.getValue(JdkFields.METHOD) : null;
        if (m == null || m.getType() == null) {
            return "";
        }
        String cls = m.getType().getName();
        return cls.substring(cls.lastIndexOf('.') + 1) + "::" + m.getName();
    }

    /** The moments, in time order. */
    List<RunData.Moment> result() {
        List<RunData.Moment> out = new ArrayList<>(moments);
        out.sort(java.util.Comparator.comparing(RunData.Moment::at));
        return out;
    }
}

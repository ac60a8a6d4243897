package perfstat.format;

import java.util.List;


/**
 * The role of a JVM thread, from the name the kernel knows it by ({@code /proc/self/task/TID/comm}:
 * the JVM names its own threads natively, cut to 15 characters). The table is docs/counters.md's;
 * a test checks it against the names HotSpot gives with G1, Parallel, Serial, ZGC and Shenandoah on
 * JDK 17 and 25.
 *
 * <p>A name the JVM gives is matched by its start; any other name is the application's. A program
 * that names its own thread like one of the JVM's ({@code "VM Thread"}) has it counted in that
 * role: the kernel's name is all procfs gives.
 */
public final class ThreadRoles {
    /** One rule: a name starting with {@code prefix} has {@code role}. */
    private record Rule(String prefix, ThreadRole role) {
    }

    private static final List<Rule> RULES = List.of(
            // the measurement's own: JFR's threads (Recorder, Periodic Tasks, Sampler, Recording Scheduler, ...)
            new Rule("JFR ", ThreadRole.OBSERVER),
            new Rule("JFR:", ThreadRole.OBSERVER),
            new Rule("perfstat-", ThreadRole.OBSERVER),
            // the JIT: C1 CompilerThread0, C2 CompilerThread0, JVMCI's, and JDK 17's code cache sweeper
            new Rule("C1 CompilerThre", ThreadRole.JIT),
            new Rule("C2 CompilerThre", ThreadRole.JIT),
            new Rule("JVMCI", ThreadRole.JIT),
            new Rule("Sweeper thread", ThreadRole.JIT),
            // the collectors: G1 and Parallel share GC Thread#N; ZGC's Z* and its RuntimeWorker#N; Shenandoah's
            new Rule("GC Thread#", ThreadRole.GC),
            new Rule("G1 ", ThreadRole.GC),
            new Rule("ZDirector", ThreadRole.GC),
            new Rule("ZDriver", ThreadRole.GC),
            new Rule("ZStat", ThreadRole.GC),
            new Rule("ZUncommitter", ThreadRole.GC),
            new Rule("ZUnmapper", ThreadRole.GC),
            new Rule("ZWorker", ThreadRole.GC),
            new Rule("RuntimeWorker#", ThreadRole.GC),
            new Rule("Shenandoah", ThreadRole.GC),
            // the JVM's other threads (with Serial, collections run on the VM Thread)
            new Rule("VM Thread", ThreadRole.JVM_RUNTIME),
            new Rule("VM Periodic Tas", ThreadRole.JVM_RUNTIME),
            new Rule("Service Thread", ThreadRole.JVM_RUNTIME),
            new Rule("Monitor Deflati", ThreadRole.JVM_RUNTIME),
            new Rule("Reference Handl", ThreadRole.JVM_RUNTIME),
            new Rule("Finalizer", ThreadRole.JVM_RUNTIME),
            new Rule("Signal Dispatch", ThreadRole.JVM_RUNTIME),
            new Rule("Common-Cleaner", ThreadRole.JVM_RUNTIME),
            new Rule("Notification Th", ThreadRole.JVM_RUNTIME),
            new Rule("Attach Listener", ThreadRole.JVM_RUNTIME));

    private ThreadRoles() {
    }

    /** The rules, in the order they are tried: the start of a name, and its role (docs/counters.md's table). */
    public static java.util.Map<String, ThreadRole> rules() {
        java.util.Map<String, ThreadRole> m = new java.util.LinkedHashMap<>();
        RULES.forEach(r -> m.put(r.prefix(), r.role()));
        return m;
    }

    /** The role of a thread named {@code name} (the kernel's name, or a Java thread's full name); the application's when unknown. */
    public static ThreadRole of(String name) {
        if (name == null) {
            return ThreadRole.APPLICATION;
        }
        for (Rule r : RULES) {
            if (name.startsWith(r.prefix())) {
                return r.role();
            }
        }
        return ThreadRole.APPLICATION;
    }
}

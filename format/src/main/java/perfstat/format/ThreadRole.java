package perfstat.format;

/**
 * What a thread of the JVM is there for, as {@code perfstat.ThreadRole}'s {@code role} field
 * carries it (docs/counters.md has the table of names). One enum for writer and reader: the
 * agent decides a thread's role, the reader parses the text back with {@link #parse}.
 */
public enum ThreadRole {
    /** The program's own threads: every thread the JVM did not start for itself. */
    APPLICATION("application"),
    /** The garbage collector's threads (with Serial, collections run on the VM thread: JVM_RUNTIME). */
    GC("gc"),
    /** The JIT compilers' threads (C1, C2, JVMCI) and the code cache sweeper. */
    JIT("jit"),
    /** The JVM's other threads: the VM thread, the service and periodic-task threads, reference handling, signals. */
    JVM_RUNTIME("jvm-runtime"),
    /** The measurement's own: JFR's threads and perfstat's. */
    OBSERVER("observer"),
    /**
     * Not a role: the whole process's count less the sum of the roles, the part of threads that
     * ended since the read before (their counts up to that read stay in their roles).
     */
    ENDED("ended");

    private final String text;

    ThreadRole(String text) {
        this.text = text;
    }

    /** The text in the recording's {@code role} field. */
    public String text() {
        return text;
    }

    /** The role of a recording's text, or null for a text this reader does not know. */
    public static ThreadRole parse(String s) {
        for (ThreadRole r : values()) {
            if (r.text.equals(s)) {
                return r;
            }
        }
        return null;
    }
}

package perfstat.models.writepath;

/**
 * Left padding for objects whose fields one CPU (one task) writes on every operation:
 * the kernel keeps such data on a cache line of its own (per-CPU areas, cache-line aligned
 * structures, a task's own stack), so that another CPU never takes the line from it.
 *
 * <p>A Java object is only 8-byte aligned, and the collector copies live objects next to
 * each other in the order it finds them, so any object can end up beside any other: two
 * tasks' objects, or a task's object and data that every task reads. Hot fields are kept
 * {@value #LINE} bytes or more from both ends of their object instead. Java lays out a
 * superclass's fields before a subclass's, so the pattern is three classes: this one, a
 * subclass with the hot fields, and a final class with eight longs of right padding
 * ({@code p11} to {@code p18}). Subclass fields may fill gaps in a superclass's layout,
 * which is why {@code p00} is here: it takes the gap after a 12-byte object header that a
 * subclass's {@code int} would otherwise take, on the line of the object before.
 * {@code PaddingTest} checks the layout the running JVM chose.
 */
abstract class PaddedLeft {
    /** Bytes of a cache line (x86). */
    static final int LINE = 64;

    int p00;
    long p01, p02, p03, p04, p05, p06, p07;
}

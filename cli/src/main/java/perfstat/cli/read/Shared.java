package perfstat.cli.read;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * One copy of each value that the recordings of a fleet repeat. A fleet's recordings mostly share their JVM's flags
 * (some 850 of them), their JFR settings (some 600) and their methods' and stacks' names; read one by one, each
 * recording held its own copies, 182 KB of a 200 KB recording's summary, so that {@code diff} of 1,000 a side outgrew
 * its heap. Taken through here, what equal recordings repeat is held once, and a summary keeps only what is its own.
 *
 * <p>Assumptions and guarantees:
 * <ol>
 *   <li>The values given are immutable and their {@code equals} is by content (records of unmodifiable maps).</li>
 *   <li>A value is kept only while a summary holds it (weak references): the table is no leak across reads.</li>
 *   <li>Safe from several reading threads at once; two threads that give equal values get the same one back, or
 *       each its own at worst (never a wrong one).</li>
 * </ol>
 */
final class Shared {
    private static final Map<Object, WeakReference<Object>> VALUES = new WeakHashMap<>();

    private Shared() {
    }

    /** The one copy of {@code value} held so far, or {@code value} itself, now the one. */
    @SuppressWarnings("unchecked")
    static <T> T value(T value) {
        if (value == null) {
            return null;
        }
        synchronized (VALUES) {
            WeakReference<Object> held = VALUES.get(value);
            Object v = held == null ? null : held.get();
            if (v != null) {
                return (T) v;
            }
            VALUES.put(value, new WeakReference<>(value));
            return value;
        }
    }

    /** The one copy of a name (a method, a stack folded, an event type): the JVM's string table, which is weak too. */
    static String name(String s) {
        return s == null ? null : s.intern();
    }
}

package perfstat.models.writepath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every field that a task writes on each {@code write()} lies a cache line or more from both
 * ends of its object, in the layout this JVM chose, so that wherever the collector puts the
 * object no other task's data and nothing every task reads shares that field's line (the
 * two-thread fstime runs at half speed in JVMs where it does: docs/models/writepath.md).
 */
class PaddingTest {

    @ParameterizedTest
    @ValueSource(classes = {Task.class, File.class, Mutex.class, Page.class, PerCpuWriterLocks.CpuWriter.class,
            SpinLock.class})
    void hotFieldsAreALineFromEitherEnd(Class<?> type) throws Exception {
        Object unsafe = unsafe();
        assumeTrue(unsafe != null, "no sun.misc.Unsafe to read field offsets with");
        java.lang.reflect.Method offsetOf = unsafe.getClass().getMethod("objectFieldOffset", Field.class);
        long end = 0;
        long firstHot = Long.MAX_VALUE;
        long lastHot = 0;
        List<String> hot = new ArrayList<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                long off = offset(offsetOf, unsafe, f);
                long size = sizeOf(f.getType());
                end = Math.max(end, off + size);
                if (!f.getName().matches("p\\d\\d")) {
                    hot.add(f.getName());
                    firstHot = Math.min(firstHot, off);
                    lastHot = Math.max(lastHot, off + size);
                }
            }
        }
        long instanceSize = (end + 7) & ~7L;
        assertThat(hot).isNotEmpty();
        assertThat(firstHot).as("%s: first of %s at offset %d", type.getSimpleName(), hot, firstHot)
                .isGreaterThanOrEqualTo(PaddedLeft.LINE);
        assertThat(instanceSize - lastHot).as("%s: %s end %d bytes before the object's end", type.getSimpleName(), hot,
                instanceSize - lastHot).isGreaterThanOrEqualTo(PaddedLeft.LINE);
    }

    /** The field's offset, or the test skipped where this JVM no longer gives one. */
    private static long offset(java.lang.reflect.Method offsetOf, Object unsafe, Field f) throws IllegalAccessException {
        try {
            return (long) offsetOf.invoke(unsafe, f);
        } catch (java.lang.reflect.InvocationTargetException e) {
            assumeTrue(false, "objectFieldOffset refused: " + e.getCause());
            return -1;
        }
    }

    private static long sizeOf(Class<?> t) {
        if (t == long.class || t == double.class) {
            return 8;
        }
        if (t == int.class || t == float.class) {
            return 4;
        }
        if (t == short.class || t == char.class) {
            return 2;
        }
        if (t == byte.class || t == boolean.class) {
            return 1;
        }
        return REFERENCE_SIZE;
    }

    private static final long REFERENCE_SIZE = compressedOops() ? 4 : 8;

    private static boolean compressedOops() {
        try {
            return Boolean.parseBoolean(java.lang.management.ManagementFactory
                    .getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption("UseCompressedOops").getValue());
        } catch (RuntimeException e) {
            return false; // 8 bytes: the stricter assumption for the right padding
        }
    }

    private static Object unsafe() {
        try {
            Class<?> c = Class.forName("sun.misc.Unsafe");
            Field f = c.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}

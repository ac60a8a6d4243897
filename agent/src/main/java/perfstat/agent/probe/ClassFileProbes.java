package perfstat.agent.probe;

/**
 * The ClassFile API's probes below Java 24: there are none. The jar's Java 24 layer ({@code META-INF/versions/24})
 * replaces this class with one that rewrites the matched methods with {@code java.lang.classfile}; a Java 17 to 23
 * target loads this one, and Byte Buddy probes ({@link ByteBuddyProbes}).
 */
final class ClassFileProbes {
    private ClassFileProbes() {
    }

    /** Whether this JVM rewrites classes with the ClassFile API. */
    static boolean available() {
        return false;
    }

    /** Nothing to prepare. */
    static void warmUp() {
    }

    /** Never called where {@link #available()} is false. */
    static void invisible(ProbeInstaller installer, String cls, byte[] bytes) {
    }

    /** Never called where {@link #available()} is false: the class as it was. */
    static byte[] rewrite(ProbeInstaller installer, ClassLoader loader, String cls, byte[] bytes) {
        return null;
    }
}

package perfstat.agent.probe;

/**
 * One method filter in JEP 520's syntax: {@code pkg.Class} (every method of the class),
 * {@code pkg.Class::method}, {@code ::method} (that method name in any class), and
 * {@code @pkg.Annotation} (the methods annotated with it, and every method of the classes
 * annotated with it). Class names are binary names with dots; nested classes use {@code $}.
 * A method name may be {@code <init>} (the constructors) or {@code <clinit>} (the static
 * initialiser).
 *
 * @param className  the class, or null for any class
 * @param methodName the method, or null for every method of the class
 * @param annotation the annotation's class name for an {@code @} filter, else null
 */
public record ProbeFilter(String className, String methodName, String annotation) {
    public static final String CONSTRUCTOR = "<init>";
    public static final String STATIC_INITIALIZER = "<clinit>";

    public static ProbeFilter parse(String pattern) {
        String p = pattern.trim();
        if (p.startsWith("@")) {
            String ann = p.substring(1);
            if (ann.isEmpty() || !isBinaryName(ann)) {
                throw new IllegalArgumentException("bad annotation name in '" + pattern + "'");
            }
            return new ProbeFilter(null, null, ann);
        }
        int sep = p.indexOf("::");
        String cls = sep < 0 ? p : p.substring(0, sep);
        String method = sep < 0 ? null : p.substring(sep + 2);
        if (cls.isEmpty() && (method == null || method.isEmpty())) {
            throw new IllegalArgumentException("empty filter '" + pattern + "'");
        }
        if (method != null && !method.equals(CONSTRUCTOR) && !method.equals(STATIC_INITIALIZER)
                && (method.isEmpty() || !isIdentifier(method))) {
            throw new IllegalArgumentException("bad method name in '" + pattern + "'");
        }
        if (!cls.isEmpty() && !isBinaryName(cls)) {
            throw new IllegalArgumentException("bad class name in '" + pattern + "'");
        }
        return new ProbeFilter(cls.isEmpty() ? null : cls, method, null);
    }

    private static boolean isBinaryName(String name) {
        for (String part : name.split("\\.", -1)) {
            if (!isIdentifier(part)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isIdentifier(String s) {
        if (s.isEmpty() || !Character.isJavaIdentifierStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!Character.isJavaIdentifierPart(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether methods of class {@code name} may match (an annotation filter decides per method). */
    public boolean matchesClass(String name) {
        return annotation == null && (className == null || className.equals(name));
    }

    /** Whether method {@code method} of class {@code cls} matches (not for annotation filters). */
    public boolean matches(String cls, String method) {
        return matchesClass(cls) && (methodName == null ? !method.equals(STATIC_INITIALIZER) : methodName.equals(method));
    }

    @Override
    public String toString() {
        if (annotation != null) {
            return "@" + annotation;
        }
        return (className == null ? "" : className) + (methodName == null ? "" : "::" + methodName);
    }
}

package perfstat.agent.probe;

/**
 * One method filter in JEP 520's syntax: {@code pkg.Class} (every method of the class),
 * {@code pkg.Class::method}, or {@code ::method} (that method name in any class).
 * Class names are binary names with dots; nested classes use {@code $}.
 */
public record ProbeFilter(String className, String methodName) {

    public static ProbeFilter parse(String pattern) {
        String p = pattern.trim();
        int sep = p.indexOf("::");
        String cls = sep < 0 ? p : p.substring(0, sep);
        String method = sep < 0 ? null : p.substring(sep + 2);
        if (cls.isEmpty() && (method == null || method.isEmpty())) {
            throw new IllegalArgumentException("empty filter '" + pattern + "'");
        }
        if (method != null && (method.isEmpty() || !isIdentifier(method))) {
            throw new IllegalArgumentException("bad method name in '" + pattern + "'");
        }
        if (!cls.isEmpty()) {
            for (String part : cls.split("\\.", -1)) {
                if (!isIdentifier(part)) {
                    throw new IllegalArgumentException("bad class name in '" + pattern + "'");
                }
            }
        }
        return new ProbeFilter(cls.isEmpty() ? null : cls, method);
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

    public boolean matchesClass(String name) {
        return className == null || className.equals(name);
    }

    public boolean matches(String cls, String method) {
        return matchesClass(cls) && (methodName == null || methodName.equals(method));
    }

    @Override
    public String toString() {
        return (className == null ? "" : className) + (methodName == null ? "" : "::" + methodName);
    }
}

package perfstat.agent.probe;

import java.util.ArrayList;
import java.util.List;

/**
 * One method filter in JEP 520's syntax: {@code pkg.Class} (every method of the class),
 * {@code pkg.Class::method}, {@code ::method} (that method name in any class), and
 * {@code @pkg.Annotation} (the methods annotated with it, and every method of the classes
 * annotated with it). Class names are binary names with dots; nested classes use {@code $}.
 * A method name may be {@code <init>} (the constructors) or {@code <clinit>} (the static
 * initialiser). A method may carry its parameter types, which JEP 520's filters do not:
 * {@code pkg.Class::method(String,TypeReference)} probes that overload only, each type by its
 * simple or its full name ({@code java.lang.String}), arrays with {@code []} (or {@code ...}),
 * nested classes with {@code $} or {@code .}; {@code ()} is the overload without parameters.
 *
 * @param className  the class, or null for any class
 * @param methodName the method, or null for every method of the class
 * @param annotation the annotation's class name for an {@code @} filter, else null
 * @param parameters the parameter types as written, or null for any overload
 */
public record ProbeFilter(String className, String methodName, String annotation, List<String> parameters) {
    public static final String CONSTRUCTOR = "<init>";
    public static final String STATIC_INITIALIZER = "<clinit>";

    public ProbeFilter {
        parameters = parameters == null ? null : List.copyOf(parameters);
    }

    /** A filter for every overload of the method. */
    public ProbeFilter(String className, String methodName, String annotation) {
        this(className, methodName, annotation, null);
    }

    public static ProbeFilter parse(String pattern) {
        String p = pattern.trim();
        if (p.startsWith("@")) {
            String ann = p.substring(1);
            if (ann.isEmpty() || !isBinaryName(ann)) {
                throw new IllegalArgumentException("bad annotation name in '" + pattern + "'");
            }
            return new ProbeFilter(null, null, ann);
        }
        List<String> parameters = null;
        int open = p.indexOf('(');
        if (open >= 0) {
            parameters = parameters(pattern, p.substring(open));
            p = p.substring(0, open).trim();
        }
        int sep = p.indexOf("::");
        String cls = sep < 0 ? p : p.substring(0, sep);
        String method = sep < 0 ? null : p.substring(sep + 2);
        if (parameters != null && (method == null || method.isEmpty())) {
            throw new IllegalArgumentException("parameter types need a method name before them in '" + pattern + "'");
        }
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
        return new ProbeFilter(cls.isEmpty() ? null : cls, method, null, parameters);
    }

    /** The types of {@code (A,B[],c.D...)}, as written (spaces dropped); the message names the part that does not parse. */
    private static List<String> parameters(String pattern, String list) {
        if (!list.endsWith(")")) {
            throw new IllegalArgumentException((list.indexOf(')') < 0 ? "parameter list not closed with ')'"
                    : "text after the parameter list: '" + list.substring(list.indexOf(')') + 1) + "'") + " in '" + pattern + "'"
                    + (list.indexOf(')') < 0 ? " (';' separates patterns, ',' a signature's types)" : ""));
        }
        String inner = list.substring(1, list.length() - 1);
        if (inner.indexOf('(') >= 0 || inner.indexOf(')') >= 0) {
            throw new IllegalArgumentException("nested parentheses in the parameter list of '" + pattern + "'");
        }
        List<String> types = new ArrayList<>();
        if (inner.isBlank()) {
            return types;
        }
        for (String t : inner.split(",", -1)) {
            String type = t.trim();
            if (!isType(type)) {
                throw new IllegalArgumentException("bad parameter type '" + type + "' in '" + pattern + "'");
            }
            types.add(type);
        }
        return types;
    }

    /** {@code int}, {@code String[]}, {@code java.util.Map$Entry...}: a binary name with array brackets or varargs. */
    private static boolean isType(String type) {
        String base = type.endsWith("...") ? type.substring(0, type.length() - 3) : type;
        while (base.endsWith("[]")) {
            base = base.substring(0, base.length() - 2);
        }
        return isBinaryName(base.trim()) && base.equals(base.trim());
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

    /**
     * Whether a method with these parameter types (erased, by their full names as
     * {@link Class#getTypeName} gives them: {@code java.lang.String[]}, {@code a.B$C}) matches:
     * any does where the filter names none.
     */
    public boolean matchesParameters(List<String> typeNames) {
        if (parameters == null) {
            return true;
        }
        if (parameters.size() != typeNames.size()) {
            return false;
        }
        for (int i = 0; i < parameters.size(); i++) {
            if (!sameType(parameters.get(i), typeNames.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the type as written (simple or full name, {@code $} or {@code .} for nesting) names {@code typeName}. */
    static boolean sameType(String written, String typeName) {
        String w = written.endsWith("...") ? written.substring(0, written.length() - 3) + "[]" : written;
        String want = w.replace('$', '.');
        String have = typeName.replace('$', '.');
        return have.equals(want) || have.endsWith("." + want);
    }

    @Override
    public String toString() {
        if (annotation != null) {
            return "@" + annotation;
        }
        return (className == null ? "" : className) + (methodName == null ? "" : "::" + methodName)
                + (parameters == null ? "" : "(" + String.join(",", parameters) + ")");
    }
}

package perfstat.agent.probe;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * For a probe pattern that matched no method, the loaded methods closest to what it names: a
 * pattern's class given by its simple name ({@code Tok::next}, where patterns want the binary
 * name, {@code com.example.Tok::next}) or misspelt ({@code com.example.Tokk::next}), or a method
 * misspelt in a class that is loaded ({@code com.example.Tok::nxt}). Meant for the JVM's exit,
 * for the patterns that matched nothing only: it looks at the names of the loaded classes once,
 * and at the declared methods of at most a few of them. Never throws.
 */
public final class ProbeHints {
    /** Candidates named at most, per pattern. */
    static final int MAX = 3;
    /** Edit distance within which a class's or a method's name counts as a misspelling. */
    static final int NEAR = 2;

    private ProbeHints() {
    }

    /**
     * The candidates of each unmatched pattern of {@code matches} (as {@link ProbeInstaller#matchesByPattern}
     * gives them), among {@code loaded}; a pattern without candidates maps to an empty list.
     */
    public static Map<String, List<String>> forUnmatched(Map<String, Long> matches, Class<?>[] loaded) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : matches.entrySet()) {
            if (e.getValue() == 0) {
                List<String> c;
                try {
                    c = candidates(e.getKey(), loaded);
                } catch (RuntimeException | LinkageError x) {
                    c = List.of(); // no hint then; the pattern is still named
                }
                out.put(e.getKey(), c);
            }
        }
        return out;
    }

    /**
     * One line for the patterns that matched nothing, with the candidates of each:
     * {@code probe pattern 'Tok::next' matched no method; did you mean com.example.Tok::next?}; null where all matched.
     */
    public static String line(Map<String, List<String>> unmatched) {
        if (unmatched.isEmpty()) {
            return null;
        }
        if (unmatched.size() == 1) {
            Map.Entry<String, List<String>> e = unmatched.entrySet().iterator().next();
            return "probe pattern '" + e.getKey() + "' matched no method" + (e.getValue().isEmpty() ? ""
                    : "; did you mean " + String.join(" or ", e.getValue()) + "?");
        }
        List<String> parts = new ArrayList<>();
        unmatched.forEach((p, c) -> parts.add("'" + p + "'" + (c.isEmpty() ? "" : " (did you mean " + String.join(" or ", c) + "?)")));
        return "probe patterns " + String.join(", ", parts) + " matched no method";
    }

    /** The candidates of one pattern among the loaded classes, nearest first, at most {@value #MAX}. */
    static List<String> candidates(String pattern, Class<?>[] loaded) {
        ProbeFilter f;
        try {
            f = ProbeFilter.parse(pattern);
        } catch (IllegalArgumentException e) {
            return List.of();
        }
        if (f.annotation() != null || f.className() == null) {
            return List.of(); // which methods carry an annotation, or which classes have a method, is not cheap to ask
        }
        Set<String> out = new LinkedHashSet<>();
        for (Class<?> c : classes(f.className(), loaded)) {
            List<String> sigs = f.methodName() != null && f.parameters() != null ? overloads(c, f.methodName()) : List.of();
            if (!sigs.isEmpty()) { // a signature that matched nothing: the overloads there are
                out.addAll(sigs);
                continue;
            }
            if (f.methodName() == null) {
                out.add(c.getName());
            } else {
                for (String m : methods(c, f.methodName())) {
                    out.add(c.getName() + "::" + m);
                }
            }
            if (out.size() >= MAX) {
                break;
            }
        }
        out.remove(pattern);
        return out.stream().limit(MAX).toList();
    }

    /**
     * The loaded classes a pattern's class may have meant: the class itself, those whose simple
     * name (after the package, or after the last {@code $}) is the pattern's, then those whose
     * name is within {@value #NEAR} edits of it, at most {@value #MAX} of each.
     */
    private static List<Class<?>> classes(String name, Class<?>[] loaded) {
        String simple = name.substring(name.lastIndexOf('.') + 1);
        List<Class<?>> same = new ArrayList<>();
        List<Class<?>> near = new ArrayList<>();
        for (Class<?> c : loaded) {
            if (c.isArray() || c.isPrimitive() || c.isHidden() || perfstat.format.ObserverClasses.agents(c.getName())) {
                continue;
            }
            String n = c.getName();
            String s = n.substring(n.lastIndexOf('.') + 1);
            if (n.equals(name) || s.equals(simple) || s.substring(s.lastIndexOf('$') + 1).equals(simple)) {
                if (same.size() < MAX) {
                    same.add(c);
                }
            } else if (near.size() < MAX && Math.abs(n.length() - name.length()) <= NEAR
                    && distance(n.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT)) <= NEAR) {
                near.add(c);
            }
        }
        same.addAll(near);
        return same;
    }

    /** The overloads of {@code c} named {@code method}, each as {@code pkg.Class::method(String,int)}. */
    private static List<String> overloads(Class<?> c, String method) {
        List<String> out = new ArrayList<>();
        try {
            for (Method m : c.getDeclaredMethods()) {
                if (!m.isSynthetic() && m.getName().equals(method)) {
                    List<String> types = new ArrayList<>();
                    for (Class<?> t : m.getParameterTypes()) {
                        types.add(t.getSimpleName());
                    }
                    out.add(c.getName() + "::" + method + "(" + String.join(",", types) + ")");
                }
            }
        } catch (RuntimeException | LinkageError e) {
            return List.of();
        }
        java.util.Collections.sort(out);
        return out;
    }

    /**
     * The method of {@code c} named {@code method} where it has one, else those within {@value #NEAR} edits of it
     * (one for a name of four letters or fewer), nearest first.
     */
    private static List<String> methods(Class<?> c, String method) {
        Method[] declared;
        try {
            declared = c.getDeclaredMethods();
        } catch (RuntimeException | LinkageError e) {
            return List.of();
        }
        Map<String, Integer> d = new LinkedHashMap<>();
        for (Method m : declared) {
            if (!m.isSynthetic()) {
                d.merge(m.getName(), distance(m.getName(), method), Math::min);
            }
        }
        if (method.equals(ProbeFilter.CONSTRUCTOR) || method.equals(ProbeFilter.STATIC_INITIALIZER) || d.containsKey(method)) {
            return List.of(method); // the method is there: the class was what the pattern got wrong
        }
        int near = method.length() <= 4 ? 1 : NEAR; // two edits turn spin into main
        return d.entrySet().stream().filter(e -> e.getValue() <= near)
                .sorted(Map.Entry.comparingByValue()).limit(MAX).map(Map.Entry::getKey).toList();
    }

    /**
     * Edit distance with transpositions (optimal string alignment): the fewest insertions, deletions,
     * substitutions and swaps of two neighbouring letters that turn {@code a} into {@code b}, so that
     * {@code stpe} is one edit from {@code step}. The one implementation: the CLI's gate names its
     * closest metrics with it too.
     */
    public static int distance(String a, String b) {
        return perfstat.format.EditDistance.between(a, b);
    }
}

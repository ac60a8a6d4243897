package perfstat.cli.stats;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import perfstat.format.ProbeNames;

/**
 * Methods' names as rows print them: {@code pkg.Outer$Inner::method} as
 * {@code Outer$Inner::method}, with the package kept where two methods of the same set would
 * otherwise print alike, built on the agent's {@link ProbeNames#simple}.
 */
public final class MethodNames {
    private MethodNames() {
    }

    /**
     * Each method's name for print: its simple name, or its full name where another method of
     * {@code methods} has the same simple name. In the order given.
     */
    public static Map<String, String> shortNames(Collection<String> methods) {
        Map<String, Integer> uses = new HashMap<>();
        for (String m : methods) {
            uses.merge(simple(m), 1, Integer::sum);
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String m : methods) {
            out.put(m, uses.get(simple(m)) == 1 ? simple(m) : m);
        }
        return out;
    }

    /** {@code pkg.Outer$Inner::method} as {@code Outer$Inner::method} (the agent's {@link ProbeNames#simple}). */
    static String simple(String method) {
        return ProbeNames.simple(method);
    }
}

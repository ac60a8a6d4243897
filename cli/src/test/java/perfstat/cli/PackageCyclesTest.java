package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No package cycle within a module's main sources: if package A names package B (an import or
 * a qualified name in code), B names nothing that leads back to A. A root package that lists its
 * subpackages (a registry) is their top; what they need from it lives in a package below.
 */
class PackageCyclesTest {
    private static final Path ROOT = Path.of("..");
    /** The source folders checked, each on its own. */
    private static final List<String> FOLDERS = List.of("format/src/main/java", "models/src/main/java",
            "agent/src/main/java", "jmh/src/main/java", "cli/src/main/java");
    /** A package name followed by a class name or a wildcard. */
    private static final Pattern NAMED = Pattern.compile("\\b(perfstat(?:\\.[a-z][a-z0-9_]*)+)\\.(?:[A-Z]|\\*)");

    @Test
    void noModuleHasAPackageCycle() throws IOException {
        List<String> cycles = new ArrayList<>();
        for (String folder : FOLDERS) {
            Map<String, Set<String>> graph = graph(ROOT.resolve(folder));
            assertThat(graph).as(folder + " has packages").isNotEmpty();
            cycles(graph).forEach(c -> cycles.add(folder + ": " + c));
        }
        assertThat(cycles).as("package cycles").isEmpty();
    }

    /** The check itself finds a cycle through a root package and its subpackage, and no cycle in a layered graph. */
    @Test
    void theCheckFindsACycle() {
        Map<String, Set<String>> cyclic = Map.of("p", Set.of("p.a"), "p.a", Set.of("p.spi", "p"), "p.spi", Set.of());
        assertThat(cycles(cyclic)).containsExactly("[p, p.a]");
        Map<String, Set<String>> layered = Map.of("p", Set.of("p.a", "p.spi"), "p.a", Set.of("p.spi"), "p.spi", Set.of());
        assertThat(cycles(layered)).isEmpty();
        assertThat(named("import perfstat.models.spi.Model;\nx = perfstat.models.Models.all();"))
                .containsExactlyInAnyOrder("perfstat.models.spi", "perfstat.models");
    }

    /** Each package of the folder, and the packages of the folder its files name. */
    private static Map<String, Set<String>> graph(Path folder) throws IOException {
        Map<String, Set<String>> named = new TreeMap<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = folder.relativize(f.getParent()).toString().replace('/', '.');
                String code = MethodLengthTest.blankCommentsAndLiterals(Files.readString(f));
                named.computeIfAbsent(pkg, k -> new TreeSet<>()).addAll(named(code));
            }
        }
        named.forEach((pkg, deps) -> deps.removeIf(d -> d.equals(pkg) || !named.containsKey(d)));
        return named;
    }

    private static Set<String> named(String code) {
        Set<String> out = new TreeSet<>();
        Matcher m = NAMED.matcher(code);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** The graph's cycles, each as the sorted set of packages that reach one another. */
    static List<String> cycles(Map<String, Set<String>> graph) {
        Map<String, Set<String>> reach = new TreeMap<>();
        for (String p : graph.keySet()) {
            Set<String> seen = new TreeSet<>();
            List<String> todo = new ArrayList<>(graph.get(p));
            while (!todo.isEmpty()) {
                String q = todo.remove(todo.size() - 1);
                if (seen.add(q)) {
                    todo.addAll(graph.getOrDefault(q, Set.of()));
                }
            }
            reach.put(p, seen);
        }
        Set<String> found = new TreeSet<>();
        for (String p : graph.keySet()) {
            if (reach.get(p).contains(p)) {
                Set<String> cycle = new TreeSet<>();
                reach.get(p).stream().filter(q -> reach.get(q).contains(p)).forEach(cycle::add);
                found.add(cycle.toString());
            }
        }
        return List.copyOf(found);
    }
}

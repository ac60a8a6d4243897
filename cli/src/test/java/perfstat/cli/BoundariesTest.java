package perfstat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The boundaries that each package-info.java states, checked on the sources: no file of a
 * package names a package it must not depend on (in an import or in code).
 */
class BoundariesTest {
    private static final Path ROOT = Path.of("..");

    /** Source folder of a package, and the packages it must not name. */
    private static final Map<String, List<String>> RULES = Map.ofEntries(
            Map.entry("models/src/main/java/perfstat/models", List.of("perfstat.agent", "perfstat.cli")),
            Map.entry("agent/src/main/java/perfstat/agent", List.of("perfstat.cli", "perfstat.models", "picocli")),
            Map.entry("agent/src/main/java22/perfstat/agent", List.of("perfstat.cli", "perfstat.models", "picocli")),
            Map.entry("agent/src/main/java/perfstat/agent/probe", List.of("perfstat.agent.counters", "perfstat.agent.recording")),
            Map.entry("agent/src/main/java/perfstat/agent/events", List.of("perfstat.agent.counters", "perfstat.agent.probe",
                    "perfstat.agent.recording", "perfstat.agent.Agent")),
            // the reader's side of the contract is format/'s: it never reaches into the agent's code
            Map.entry("cli/src/main/java/perfstat/cli/render", List.of("perfstat.cli.read", "perfstat.cli.launch", "perfstat.agent")),
            Map.entry("cli/src/main/java/perfstat/cli/stats", List.of("perfstat.cli.render", "perfstat.cli.launch", "perfstat.agent")),
            Map.entry("cli/src/main/java/perfstat/cli/read", List.of("perfstat.cli.stats", "perfstat.cli.render", "perfstat.agent")),
            Map.entry("cli/src/main/java/perfstat/cli/launch", List.of("perfstat.cli.stats", "perfstat.cli.render")),
            Map.entry("cli/src/main/java/perfstat/cli/score", List.of("perfstat.cli.read", "perfstat.cli.stats",
                    "perfstat.cli.render", "perfstat.cli.command")),
            Map.entry("cli/src/main/java/perfstat/cli/user", List.of("perfstat.cli.command", "perfstat.cli.launch",
                    "perfstat.cli.read", "perfstat.cli.stats", "perfstat.cli.render", "perfstat.cli.score", "perfstat.cli.Main")),
            Map.entry("jmh/src/main/java/perfstat/cli/jmh", List.of("perfstat.cli.command", "perfstat.cli.launch",
                    "perfstat.cli.read", "perfstat.cli.stats", "perfstat.cli.render", "picocli")),
            Map.entry("format/src/main/java/perfstat/format", List.of("perfstat.agent", "perfstat.cli", "perfstat.models")));

    @Test
    void noPackageNamesWhatItMustNotDependOn() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Map.Entry<String, List<String>> rule : RULES.entrySet()) {
            Path dir = ROOT.resolve(rule.getKey());
            assertThat(dir).as("a rule's folder exists").isDirectory();
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    // comments and string literals are not dependencies (ObserverCode names perfstat's packages as data)
                    String code = Files.readString(f).replaceAll("\"(\\\\.|[^\"\\\\\n])*\"", "\"\"")
                            .replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
                    for (String banned : rule.getValue()) {
                        if (code.matches("(?s).*\\b" + java.util.regex.Pattern.quote(banned) + "\\b.*")) {
                            violations.add(ROOT.relativize(f) + " names " + banned);
                        }
                    }
                }
            }
        }
        assertThat(violations).isEmpty();
    }

    @Test
    void everyPackageSaysWhatItHolds() throws IOException {
        List<String> missing = new ArrayList<>();
        for (String module : List.of("format", "models", "agent", "jmh", "cli")) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(module + "/src/main/java"))) {
                // the unnamed package holds one class, the name JMH knows the profiler by, and can have no package-info
                files.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals("perfstat.java"))
                        .map(Path::getParent).distinct()
                        .filter(d -> !Files.exists(d.resolve("package-info.java")))
                        .forEach(d -> missing.add(ROOT.relativize(d).toString()));
            }
        }
        assertThat(missing).isEmpty();
    }
}

package perfstat.cli.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The jar that {@code -javaagent:} (and attach) names: {@code perfstat-agent.jar}, the agent's classes alone, where it
 * sits beside the perfstat.jar this CLI runs from and comes from the same build (their manifests' {@code
 * Perfstat-Build} agree); else perfstat.jar itself, which holds the agent too. The JVM that starts with the agent
 * opens the smaller jar.
 */
public final class AgentJar {
    static final String NAME = "perfstat-agent.jar";
    private static final String BUILD = "Perfstat-Build";

    private AgentJar() {
    }

    /** The agent's jar for the JVMs perfstat starts or attaches to. */
    public static Path path() {
        Path self = ModelLauncher.selfJar();
        Path agent = self.resolveSibling(NAME);
        if (Files.isRegularFile(agent)) {
            String build = build(self);
            if (build != null && build.equals(build(agent))) {
                return agent;
            }
        }
        return self;
    }

    /** The build stamp in {@code jar}'s manifest, or null. */
    private static String build(Path jar) {
        try (JarFile j = new JarFile(jar.toFile(), false)) {
            Manifest m = j.getManifest();
            return m == null ? null : m.getMainAttributes().getValue(BUILD);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}

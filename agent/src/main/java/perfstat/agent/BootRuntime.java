package perfstat.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * Puts the probe runtime ({@code perfstat.agent.probe.Probes} and the HdrHistogram it records
 * into, relocated under {@code perfstat.shaded}, so never the application's own copy) on the
 * boot class path, before anything loads it: then every class loader, the boot loader of the
 * JDK's own classes included, resolves {@code Probes} to one class, and a probe can go into
 * {@code java.util.HashMap} as into an application class. The classes are copied out of
 * perfstat.jar into a small jar of their own in the temporary directory, removed at exit.
 */
final class BootRuntime {
    private static final String PROBES = "perfstat.agent.probe.Probes";
    private static final String[] PREFIXES = {"perfstat/agent/probe/Probes.class", "perfstat/agent/probe/Probes$",
            "perfstat/agent/probe/IterationSeries",
            "perfstat/shaded/org/HdrHistogram/"};

    private BootRuntime() {
    }

    /**
     * Whether {@code o} probes a JDK class, and so needs the runtime on the boot class path.
     * Only then: appending to the boot class path costs the JVM its class-data sharing for
     * non-boot classes (a slower start, and a line from the JVM saying so).
     */
    static boolean wanted(AgentOptions o) {
        try {
            for (perfstat.agent.probe.ProbeFilter f : o.filters()) {
                String c = f.className();
                if (c != null && (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.startsWith("com.sun."))) {
                    return true;
                }
            }
        } catch (AgentOptions.BadOption e) {
            return false; // said when the session opens
        }
        return false;
    }

    /**
     * Makes the probe runtime the boot loader's; null when done (or done by an earlier session),
     * else why JDK classes cannot be probed in this JVM.
     */
    static String install(Instrumentation inst) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getName().equals(PROBES)) {
                return c.getClassLoader() == null ? null
                        : "the probe runtime was loaded by " + c.getClassLoader() + " before the agent could put it on the boot class path";
            }
        }
        Path agentJar;
        try {
            agentJar = Path.of(BootRuntime.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return "the agent's jar cannot be found (" + e.getMessage() + ")";
        }
        if (!Files.isRegularFile(agentJar)) {
            return "the agent does not run from perfstat.jar";
        }
        try (JarFile jar = new JarFile(agentJar.toFile())) {
            Path boot = Files.createTempFile("perfstat-boot-", ".jar");
            boot.toFile().deleteOnExit();
            int copied = 0;
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(boot))) {
                for (Enumeration<JarEntry> en = jar.entries(); en.hasMoreElements(); ) {
                    JarEntry e = en.nextElement();
                    if (e.isDirectory() || !wanted(e.getName())) {
                        continue;
                    }
                    out.putNextEntry(new JarEntry(e.getName()));
                    try (InputStream in = jar.getInputStream(e)) {
                        in.transferTo(out);
                    }
                    out.closeEntry();
                    copied++;
                }
            }
            if (copied == 0) {
                Files.deleteIfExists(boot);
                return "perfstat.jar holds no probe runtime to put on the boot class path";
            }
            inst.appendToBootstrapClassLoaderSearch(new JarFile(boot.toFile()));
            return null;
        } catch (IOException | RuntimeException e) {
            return "the probe runtime could not be put on the boot class path (" + e + ")";
        }
    }

    private static boolean wanted(String name) {
        for (String p : PREFIXES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}

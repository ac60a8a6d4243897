package perfstat.cli.launch;

import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import perfstat.cli.user.UserError;

/**
 * Loads perfstat's agent into a running JVM through the Attach API, and lists the JVMs it
 * can reach. It reaches only the invoking user's JVMs: the Attach API lets root into anyone's,
 * so the owner of the target process is checked first.
 */
public final class Attacher {
    /** A local JVM. */
    public record Jvm(String pid, String main, String javaVersion, boolean perfstatLoaded) {
    }

    private Attacher() {
    }

    public static List<Jvm> list() {
        List<Jvm> out = new ArrayList<>();
        String self = Long.toString(ProcessHandle.current().pid());
        for (VirtualMachineDescriptor d : VirtualMachine.list()) {
            if (d.id().equals(self) || !ownedByMe(d.id())) {
                continue;
            }
            String version = "?";
            boolean loaded = false;
            try {
                VirtualMachine vm = VirtualMachine.attach(d);
                try {
                    Properties p = vm.getSystemProperties();
                    version = p.getProperty("java.version", "?");
                    loaded = vm.getAgentProperties().getProperty("perfstat.agent") != null
                            || p.getProperty("perfstat.agent") != null;
                } finally {
                    vm.detach();
                }
            } catch (AttachNotSupportedException | IOException | RuntimeException e) {
                version = "? (" + e.getClass().getSimpleName() + ")";
            }
            String name = d.displayName().isBlank() ? "?" : d.displayName().split(" ")[0];
            out.add(new Jvm(d.id(), name, version, loaded));
        }
        return out;
    }

    /** Loads the agent into {@code pid} with {@code options}; every failure is one line. */
    public static void load(String pid, String options) {
        VirtualMachine vm = attachTo(pid);
        Path jar = AgentJar.path();
        try {
            vm.loadAgent(jar.toString(), options);
        } catch (AgentLoadException e) {
            throw UserError.data("the JVM " + pid + " refused the agent: " + e.getMessage());
        } catch (com.sun.tools.attach.AgentInitializationException e) {
            throw UserError.data("the agent failed to start in " + pid + ": " + e.getMessage());
        } catch (IOException e) {
            throw UserError.data("cannot load the agent into " + pid + " (dynamic agent loading disabled?"
                    + " start it with -XX:+EnableDynamicAgentLoading): " + e.getMessage());
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // the agent is loaded; the connection does not matter
            }
        }
    }

    /**
     * Switches the variant of the model running in {@code pid}, through its MBean
     * ({@code perfstat.models:type=Run}) over the JVM's local JMX connector; returns the variant
     * it ran before.
     */
    public static String setVariant(String pid, String variant) {
        VirtualMachine vm = attachTo(pid);
        try {
            String url = vm.startLocalManagementAgent();
            try (javax.management.remote.JMXConnector c = javax.management.remote.JMXConnectorFactory.connect(
                    new javax.management.remote.JMXServiceURL(url))) {
                javax.management.MBeanServerConnection s = c.getMBeanServerConnection();
                javax.management.ObjectName n = new javax.management.ObjectName("perfstat.models:type=Run");
                if (!s.isRegistered(n)) {
                    throw UserError.data(pid + " runs no perfstat model (no perfstat.models:type=Run MBean)");
                }
                String before = (String) s.getAttribute(n, "Variant");
                s.setAttribute(n, new javax.management.Attribute("Variant", variant));
                return before;
            }
        } catch (javax.management.MBeanException | javax.management.RuntimeMBeanException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw UserError.data("cannot switch " + pid + " to " + variant + ": " + cause.getMessage());
        } catch (javax.management.JMException | IOException e) {
            throw UserError.data("cannot reach the JMX agent of " + pid + ": " + e.getMessage());
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // done with it
            }
        }
    }

    private static VirtualMachine attachTo(String pid) {
        if (!pid.matches("[0-9]+")) {
            throw UserError.usage("not a process id: " + pid);
        }
        if (ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
            throw UserError.data("no such process: " + pid);
        }
        if (!ownedByMe(pid)) {
            throw UserError.data("cannot attach to " + pid + ": it belongs to another user ("
                    + ProcessHandle.of(Long.parseLong(pid)).flatMap(h -> h.info().user()).orElse("?")
                    + "); perfstat attaches only to its own user's JVMs");
        }
        try {
            return VirtualMachine.attach(pid);
        } catch (AttachNotSupportedException e) {
            throw UserError.data("cannot attach to " + pid + ": not a JVM this user can attach to, or attach is disabled"
                    + " (-XX:+DisableAttachMechanism)");
        } catch (IOException e) {
            throw UserError.data("cannot attach to " + pid + ": " + e.getMessage());
        }
    }

    /** Whether the process runs as this process's user (same uid); false when that cannot be told. */
    static boolean ownedByMe(String pid) {
        try {
            Object mine = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            Object theirs = Files.getAttribute(Path.of("/proc", pid), "unix:uid");
            return mine.equals(theirs);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return false;
        }
    }

    /** Waits until {@code file} appears (the agent moves it into place whole), up to {@code timeoutMs}. */
    public static boolean await(Path file, long timeoutMs) throws InterruptedException {
        long end = System.nanoTime() + timeoutMs * 1_000_000L;
        while (System.nanoTime() < end) {
            if (Files.isRegularFile(file)) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }
}

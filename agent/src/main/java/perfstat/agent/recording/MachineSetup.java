package perfstat.agent.recording;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the machine says of itself that changes a run's speed, read from {@code /sys} once at the agent's start: CPU
 * 0's frequency governor and the transparent huge pages' modes. Fail-safe: anything it cannot read is "", never an
 * exception into the host.
 */
public final class MachineSetup {
    static final Path GOVERNOR = Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
    static final Path THP = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    static final Path THP_DEFRAG = Path.of("/sys/kernel/mm/transparent_hugepage/defrag");

    private MachineSetup() {
    }

    /**
     * Commits the recording's perfstat.Setup event: what makes this run comparable that the JDK's events do not hold.
     * The JVM's name, vendor and mode are the only system properties it reads, and never a user's.
     */
    public static void commitEvent() {
        perfstat.agent.events.SetupEvent e = new perfstat.agent.events.SetupEvent();
        e.jvmName = property("java.vm.name");
        e.jvmVendor = property("java.vm.vendor");
        e.jvmVersion = Runtime.version().toString();
        e.jvmInfo = property("java.vm.info");
        e.availableProcessors = Runtime.getRuntime().availableProcessors();
        e.scalingGovernor = governor();
        e.transparentHugePages = transparentHugePages();
        e.transparentHugePagesDefrag = transparentHugePagesDefrag();
        e.commit();
    }

    /** One of the JVM's descriptions of itself; "" where unset or refused. */
    private static String property(String name) {
        try {
            return System.getProperty(name, "");
        } catch (RuntimeException e) {
            return ""; // a security manager's refusal: never into the host application
        }
    }

    /** CPU 0's scaling governor ({@code performance}); "" where the machine has no cpufreq or it cannot be read. */
    public static String governor() {
        return firstLine(GOVERNOR);
    }

    /** THP's mode ({@code madvise}), the bracketed choice of the file; "" where unknown. */
    public static String transparentHugePages() {
        return chosen(firstLine(THP));
    }

    /** THP's defragmentation mode; "" where unknown. */
    public static String transparentHugePagesDefrag() {
        return chosen(firstLine(THP_DEFRAG));
    }

    /** The bracketed word of a sysfs choice ({@code always [madvise] never} is {@code madvise}); the text where none. */
    static String chosen(String line) {
        int open = line.indexOf('[');
        int close = line.indexOf(']', open + 1);
        return open >= 0 && close > open ? line.substring(open + 1, close) : line;
    }

    /** A file's first line, trimmed and at most 64 characters; "" where it cannot be read. */
    static String firstLine(Path p) {
        try {
            if (!Files.isReadable(p)) {
                return "";
            }
            String s = Files.readString(p).strip();
            int nl = s.indexOf('\n');
            s = nl >= 0 ? s.substring(0, nl).strip() : s;
            return s.length() > 64 ? s.substring(0, 64) : s;
        } catch (java.io.IOException | RuntimeException | Error e) {
            return ""; // never into the host application
        }
    }
}

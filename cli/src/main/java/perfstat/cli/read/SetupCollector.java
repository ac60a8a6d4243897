package perfstat.cli.read;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.format.Events;

/**
 * What the run was ({@link Setup}): the JDK's configuration events and perfstat.Setup, each chunk's latest. Reads of
 * jdk.JVMInformation only the JVM's name and version, never its arguments or flags' text.
 */
final class SetupCollector implements Collector {
    /** The JDK's flag events this reads: numbers and booleans (jdk.StringFlag may hold paths: never read). */
    static final java.util.List<String> FLAG_EVENTS = java.util.List.of("jdk.BooleanFlag", "jdk.IntFlag",
            "jdk.UnsignedIntFlag", "jdk.LongFlag", "jdk.UnsignedLongFlag", "jdk.DoubleFlag");
    /** Origins of a flag the user set (the JDK's words, JDK 17 to 25); the others are the JVM's defaults and ergonomics. */
    private static final Set<String> SET_ORIGINS = Set.of("Command line", "Environment variable", "Config file",
            "Attach on demand");

    private final Map<String, String> aspects = new HashMap<>();
    private final Map<String, String> flags = new HashMap<>();
    private final Set<String> setFlags = new HashSet<>();
    private String jvmInfo;
    private boolean perfstatSetup;
    private boolean containerEvent;

    @Override
    public void register(Handlers h) {
        h.on(Events.Setup.NAME, this::perfstatSetup);
        h.on(Events.Agent.NAME, e -> {
            aspects.put(Setup.FORMAT, String.valueOf(e.getInt(Events.Agent.FORMAT_VERSION)));
            String o = e.getString(Events.Agent.OPTIONS);
            aspects.put(Setup.AGENT_OPTIONS, o == null ? "" : o.replaceFirst(" *\\(window of [^()]*\\)$", ""));
        });
        h.on("jdk.JVMInformation", this::jvmInformation);
        h.on("jdk.CPUInformation", this::cpu);
        h.on("jdk.GCConfiguration", this::gc);
        h.on("jdk.GCHeapConfiguration", this::heap);
        h.on("jdk.CompilerConfiguration", e -> {
            if (e.hasField("tieredCompilation") && e.hasField("threadCount")) {
                aspects.put(Setup.JIT, (e.getBoolean("tieredCompilation") ? "tiered" : "not tiered") + ", "
                        + e.getInt("threadCount") + " compiler threads");
            }
        });
        h.on("jdk.ContainerConfiguration", this::container);
        for (String f : FLAG_EVENTS) {
            h.on(f, this::flag);
        }
    }

    private void perfstatSetup(RecordedEvent e) {
        perfstatSetup = true;
        put(Setup.VENDOR, e.getString(Events.Setup.JVM_VENDOR));
        put(Setup.JDK, e.getString(Events.Setup.JVM_VERSION));
        jvmInfo = e.getString(Events.Setup.JVM_INFO);
        if (jvmInfo != null) {
            aspects.put(Setup.CDS, jvmInfo.contains("sharing") ? "on" : "off");
        }
        aspects.put(Setup.CPUS_SEEN, String.valueOf(e.getInt(Events.Setup.AVAILABLE_PROCESSORS)));
        put(Setup.GOVERNOR, e.getString(Events.Setup.SCALING_GOVERNOR));
        put(Setup.THP, e.getString(Events.Setup.TRANSPARENT_HUGE_PAGES));
        put(Setup.THP_DEFRAG, e.getString(Events.Setup.TRANSPARENT_HUGE_PAGES_DEFRAG));
    }

    /** The JVM's version in brackets of jdk.JVMInformation's text ({@code ... (25.0.3+9-LTS) for linux-amd64 ...}). */
    private void jvmInformation(RecordedEvent e) {
        String v = perfstat.format.JdkFields.JVM_VERSION;
        if (!e.hasField(v) || e.getString(v) == null || aspects.containsKey(Setup.JDK) && perfstatSetup) {
            return;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(([^()]+)\\)").matcher(e.getString(v));
        if (m.find()) {
            aspects.put(Setup.JDK, m.group(1));
        }
    }

    private void cpu(RecordedEvent e) {
        String description = e.hasField("description") ? e.getString("description") : null;
        java.util.regex.Matcher m = description == null ? null
                : java.util.regex.Pattern.compile("Brand: *([^,\\n]*)").matcher(description);
        String brand = m != null && m.find() ? m.group(1).strip() : e.hasField("cpu") ? e.getString("cpu") : null;
        put(Setup.CPU, brand == null ? null : brand.replaceAll(" +", " "));
        if (e.hasField("hwThreads")) {
            aspects.put(Setup.HW_THREADS, String.valueOf(e.getInt("hwThreads")));
        }
    }

    private void gc(RecordedEvent e) {
        if (e.hasField("youngCollector") && e.hasField("oldCollector")) {
            put(Setup.GC, collector(e.getString("youngCollector"), e.getString("oldCollector")));
        }
        if (e.hasField("parallelGCThreads") && e.hasField("concurrentGCThreads")) {
            aspects.put(Setup.GC_THREADS, e.getInt("parallelGCThreads") + " parallel, " + e.getInt("concurrentGCThreads")
                    + " concurrent");
        }
    }

    /** A collector's usual name from its generations' names (G1New and G1Old: G1). */
    static String collector(String young, String old) {
        String y = young == null ? "" : young;
        String o = old == null ? "" : old;
        if (y.startsWith("G1")) {
            return "G1";
        }
        if (y.equals("ParallelScavenge") || o.equals("ParallelOld")) {
            return "Parallel";
        }
        if (y.equals("DefNew") || o.equals("SerialOld")) {
            return "Serial";
        }
        if (y.startsWith("Z") || o.startsWith("Z")) {
            return "ZGC";
        }
        if (y.startsWith("Shenandoah") || o.startsWith("Shenandoah")) {
            return "Shenandoah";
        }
        return y.equals(o) || o.isEmpty() ? y : y + " + " + o;
    }

    private void heap(RecordedEvent e) {
        if (e.hasField("initialSize") && e.hasField("maxSize")) {
            aspects.put(Setup.HEAP, "initial " + bytes(e.getLong("initialSize")) + ", max " + bytes(e.getLong("maxSize")));
        }
        if (e.hasField("usesCompressedOops")) {
            aspects.put(Setup.COMPRESSED_OOPS, e.getBoolean("usesCompressedOops") ? "on" : "off");
        }
    }

    private void container(RecordedEvent e) {
        containerEvent = true;
        if (e.hasField("cpuQuota") && e.hasField("cpuSlicePeriod")) {
            long quota = e.getLong("cpuQuota");
            long period = e.getLong("cpuSlicePeriod");
            aspects.put(Setup.CONTAINER_CPU, quota > 0 && period > 0
                    ? String.format(Locale.ROOT, "%.2f CPUs", (double) quota / period) : "none");
        }
        if (e.hasField("memoryLimit")) {
            long limit = e.getLong("memoryLimit");
            aspects.put(Setup.CONTAINER_MEMORY, limit > 0 && limit < Long.MAX_VALUE / 2 ? bytes(limit) : "none");
        }
    }

    private void flag(RecordedEvent e) {
        String n = perfstat.format.JdkFields.FLAG_NAME;
        String v = perfstat.format.JdkFields.FLAG_VALUE;
        if (!e.hasField(n) || !e.hasField(v)) {
            return;
        }
        String name = e.getString(n);
        Object value = e.getValue(v); // declared Object: String.valueOf(char[]) is never chosen
        if (name == null || value == null) {
            return;
        }
        flags.put(Shared.name(name), Shared.name(value.toString()));
        Object origin = e.hasField("origin") ? e.getValue("origin") : null;
        if (origin != null && SET_ORIGINS.contains(origin.toString())) {
            setFlags.add(name);
        }
    }

    private void put(String aspect, String value) {
        if (value != null && !value.isBlank()) {
            aspects.put(aspect, value.strip());
        }
    }

    /** {@code 380 MB}, {@code 5.9 GB}: binary units, as the JDK prints sizes. */
    static String bytes(long b) {
        if (b >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GB", b / (double) (1L << 30));
        }
        if (b >= 1L << 20) {
            return String.format(Locale.ROOT, "%d MB", Math.round(b / (double) (1L << 20)));
        }
        return b >= 1024 ? String.format(Locale.ROOT, "%d KB", Math.round(b / 1024.0)) : b + " bytes";
    }

    /**
     * What was read; a recording that enabled jdk.ContainerConfiguration (or perfstat's, which does from format 10) and
     * holds none ran outside a container: no limits.
     */
    Setup result(RunData.Settings settings) {
        Map<String, String> a = new HashMap<>(aspects);
        String mode = mode();
        if (mode != null) {
            a.put(Setup.MODE, mode);
        }
        boolean containerEnabled = settings.enabled("jdk.ContainerConfiguration").orElse(false) || perfstatSetup;
        if (!containerEvent && containerEnabled) {
            a.put(Setup.CONTAINER_CPU, "none");
            a.put(Setup.CONTAINER_MEMORY, "none");
        }
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String k : Setup.ASPECTS) {
            if (a.containsKey(k)) {
                ordered.put(k, a.get(k));
            }
        }
        return Shared.value(new Setup(ordered, flags, setFlags)); // a fleet's recordings mostly share theirs
    }

    /** Interpreted ({@code -Xint}), compiled ({@code -Xcomp}) or mixed, from the flags, else perfstat.Setup's mode. */
    private String mode() {
        if ("false".equals(flags.get("UseCompiler"))) {
            return "interpreted (-Xint)";
        }
        if ("false".equals(flags.get("UseInterpreter"))) {
            return "compiled (-Xcomp)";
        }
        if (flags.containsKey("UseCompiler")) {
            return "mixed";
        }
        if (jvmInfo == null) {
            return null;
        }
        return jvmInfo.startsWith("interpreted") ? "interpreted (-Xint)" : jvmInfo.startsWith("compiled") ? "compiled (-Xcomp)" : "mixed";
    }
}

package perfstat.cli.read;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What one recording's run was, as far as the recording says: what makes two runs comparable besides the code (the
 * JDK, the collector and heap, the JIT, the JVM's flags, the CPU and its governor, a container's limits, THP,
 * perfstat's format and options). From the JDK's configuration events (jdk.JVMInformation's name and version only,
 * jdk.CPUInformation, jdk.GCConfiguration, jdk.GCHeapConfiguration, jdk.CompilerConfiguration,
 * jdk.ContainerConfiguration, the numeric and boolean flags' events) and perfstat's (perfstat.Setup, perfstat.Agent).
 * Never the environment, system properties, arguments or paths. The recording's JFR settings are apart, in
 * {@link RunData.Settings}.
 *
 * @param aspects  each aspect the recording holds ({@link #ASPECTS}' names), to its value in words; an aspect the
 *                 recording does not say is absent
 * @param flags    every numeric and boolean flag of the JVM the recording holds, by name, as text ({@code true},
 *                 {@code 4}); empty where it holds none
 * @param setFlags the flags set on purpose (on the command line, in JAVA_TOOL_OPTIONS, a flags file, by attach),
 *                 never their origin's text
 */
public record Setup(Map<String, String> aspects, Map<String, String> flags, Set<String> setFlags) {
    public static final Setup NONE = new Setup(Map.of(), Map.of(), Set.of());

    public static final String JDK = "JDK";
    public static final String VENDOR = "JDK vendor";
    public static final String MODE = "JVM mode";
    public static final String CDS = "CDS";
    public static final String GC = "GC";
    public static final String GC_THREADS = "GC threads";
    public static final String HEAP = "heap";
    public static final String COMPRESSED_OOPS = "compressed oops";
    public static final String JIT = "JIT";
    public static final String CPU = "CPU";
    public static final String HW_THREADS = "hardware threads";
    public static final String CPUS_SEEN = "CPUs the JVM saw";
    public static final String CONTAINER_CPU = "container CPU quota";
    public static final String CONTAINER_MEMORY = "container memory limit";
    public static final String GOVERNOR = "CPU governor";
    public static final String THP = "THP";
    public static final String THP_DEFRAG = "THP defrag";
    public static final String FORMAT = "perfstat format";
    public static final String AGENT_OPTIONS = "perfstat options";

    /** The aspects in the order notes name them. */
    public static final List<String> ASPECTS = List.of(JDK, VENDOR, MODE, CDS, GC, GC_THREADS, HEAP, COMPRESSED_OOPS, JIT,
            CPU, HW_THREADS, CPUS_SEEN, CONTAINER_CPU, CONTAINER_MEMORY, GOVERNOR, THP, THP_DEFRAG, FORMAT, AGENT_OPTIONS);

    /**
     * Flags that change performance and are compared wherever recorded, set or not (the collector's, the heap's and the
     * JIT's own flags are compared as {@link #GC}, {@link #HEAP} and {@link #JIT}).
     */
    public static final List<String> PERFORMANCE_FLAGS = List.of("UseTransparentHugePages", "UseLargePages",
            "AlwaysPreTouch", "UseNUMA", "UseCompactObjectHeaders", "UseCompressedClassPointers", "TieredStopAtLevel",
            "UseBiasedLocking", "UseStringDeduplication", "UseSuperWord", "UseAVX", "UseVectorCmov",
            "BackgroundCompilation", "UseOnStackReplacement", "UseCountedLoopSafepoints", "UseLoopPredicate",
            "EliminateLocks", "DoEscapeAnalysis", "UseTLAB", "ResizeTLAB", "MaxInlineSize", "FreqInlineSize",
            "InlineSmallCode", "MaxInlineLevel", "ReservedCodeCacheSize");

    public Setup {
        aspects = Collections.unmodifiableMap(new LinkedHashMap<>(aspects));
        flags = Collections.unmodifiableMap(new TreeMap<>(flags));
        setFlags = Set.copyOf(setFlags);
    }

    /** Whether a flag is compared between runs: set on purpose, or one that changes performance, and not summed up in an aspect. */
    public static boolean compared(String flag, boolean set) {
        boolean inAspect = flag.matches("Use\\w*GC") || flag.matches("(Initial|Max|Min|SoftMax)HeapSize")
                || flag.equals("UseCompressedOops") || flag.equals("TieredCompilation") || flag.equals("UseCompiler")
                || flag.equals("UseInterpreter") || flag.matches("(Parallel|Conc)GCThreads") || flag.equals("CICompilerCount");
        return !inAspect && (set || PERFORMANCE_FLAGS.contains(flag));
    }
}

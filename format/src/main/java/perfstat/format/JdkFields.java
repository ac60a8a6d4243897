package perfstat.format;

/**
 * Field names of the JDK's own events that perfstat reads and that coincide with a field name of perfstat's events:
 * declared here, beside the contract, so that the reader names them without a literal that the contract's check
 * would take for one of perfstat's fields.
 */
public final class JdkFields {
    /** jdk.GarbageCollection's collector name: DefNew, SerialOld, G1New, ParallelScavenge, ... */
    public static final String GC_NAME = "name";
    /** jdk.ActiveSetting's setting name: enabled, threshold, period, stackTrace, throttle, ... */
    public static final String SETTING_NAME = "name";
    /** jdk.ActiveSetting's value: "true", "20 ms", ... */
    public static final String SETTING_VALUE = "value";

    /** jdk.JVMInformation's text on the JVM: its name, version in brackets, platform and build. */
    public static final String JVM_VERSION = "jvmVersion";
    /** A flag event's (jdk.BooleanFlag, jdk.IntFlag, ...) flag name: UseG1GC, TieredStopAtLevel, ... */
    public static final String FLAG_NAME = "name";
    /** A flag event's value: a boolean or a number. */
    public static final String FLAG_VALUE = "value";

    /** jdk.GarbageCollection's cause: Allocation Failure, G1 Evacuation Pause, System.gc(), ... */
    public static final String GC_CAUSE = "cause";
    /** jdk.Compilation's and jdk.Deoptimization's method. */
    public static final String METHOD = "method";
    /** jdk.Compilation's tier: 1 to 3 C1, 4 C2. */
    public static final String COMPILE_LEVEL = "compileLevel";
    /** jdk.Compilation's outcome, as the JDK spells the field. */
    public static final String COMPILE_SUCCEEDED = "succeded";
    /** jdk.Deoptimization's reason: unstable_if, class_check, null_check, ... */
    public static final String DEOPT_REASON = "reason";

    private JdkFields() {
    }
}

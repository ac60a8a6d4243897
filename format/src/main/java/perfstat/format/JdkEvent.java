package perfstat.format;

/**
 * The JDK's events whose name more than the one reader collector uses: the agent enables them in its recording, the
 * reader reads them, the rows made of them name them in their comments, the comparability check compares their
 * settings, the notes name the samples. One constant each; the JDK's totals' events are the reader's JdkTotal's.
 */
public enum JdkEvent {
    GARBAGE_COLLECTION("jdk.GarbageCollection"),
    JAVA_MONITOR_ENTER("jdk.JavaMonitorEnter"),
    THREAD_PARK("jdk.ThreadPark"),
    CPU_LOAD("jdk.CPULoad"),
    THREAD_CPU_LOAD("jdk.ThreadCPULoad"),
    THREAD_CONTEXT_SWITCH_RATE("jdk.ThreadContextSwitchRate"),
    EXECUTION_SAMPLE("jdk.ExecutionSample"),
    CPU_TIME_SAMPLE("jdk.CPUTimeSample"),
    NATIVE_METHOD_SAMPLE("jdk.NativeMethodSample"),
    COMPILATION("jdk.Compilation"),
    /** Enabled only with agent option {@code iteration=}: what the recording shows where a run's level changes. */
    DEOPTIMIZATION("jdk.Deoptimization"),
    OBJECT_ALLOCATION_SAMPLE("jdk.ObjectAllocationSample");

    private final String type;

    JdkEvent(String type) {
        this.type = type;
    }

    /** The event type's name, as the recording and {@code jfr} name it. */
    public String type() {
        return type;
    }
}

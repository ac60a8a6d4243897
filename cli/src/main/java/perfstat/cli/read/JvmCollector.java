package perfstat.cli.read;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import perfstat.format.JdkEvent;

/**
 * The JVM's own figures from the JDK's events: garbage collections and their pauses
 * (jdk.GarbageCollection), the JVM's CPU load (jdk.CPULoad, with jdk.CPUInformation's hardware
 * threads: its CPU time) and the machine's context switches (jdk.ThreadContextSwitchRate).
 */
final class JvmCollector implements Collector {
    /** Each collection: {end, epoch ns; its pauses, ns}. */
    private final List<long[]> gcs = new ArrayList<>();
    private final java.util.Set<String> gcNames = new java.util.TreeSet<>();
    private int hwThreads;
    private Duration beforeRecording = Duration.ZERO;
    private boolean firstJvmInformation = true;
    private String program = "";
    private final List<double[]> cpuLoads = new ArrayList<>(); // {epoch ns, jvmUser + jvmSystem}
    private final List<double[]> switchRates = new ArrayList<>(); // {epoch ns, switches per second, whole machine}

    @Override
    public void register(Handlers h) {
        h.on(JdkEvent.GARBAGE_COLLECTION.type(), e -> {
            Duration pauses = e.getDuration("sumOfPauses");
            gcs.add(new long[] {(long) epochNs(e.getEndTime()), pauses.toNanos()});
            if (e.hasField(perfstat.format.JdkFields.GC_NAME) && e.getString(perfstat.format.JdkFields.GC_NAME) != null) {
                gcNames.add(e.getString(perfstat.format.JdkFields.GC_NAME));
            }
        });
        h.on(JdkEvent.CPU_LOAD.type(),
                e -> cpuLoads.add(new double[] {epochNs(e.getEndTime()), e.getFloat("jvmUser") + e.getFloat("jvmSystem")}));
        h.on(JdkEvent.THREAD_CONTEXT_SWITCH_RATE.type(),
                e -> switchRates.add(new double[] {epochNs(e.getEndTime()), e.getFloat("switchRate")}));
        h.on("jdk.JVMInformation", e -> {
            if (e.hasField("jvmStartTime")) { // written as each chunk starts: the first says how long the JVM ran before it
                Duration before = Duration.between(e.getInstant("jvmStartTime"), e.getStartTime());
                beforeRecording = firstJvmInformation ? before : before.compareTo(beforeRecording) < 0 ? before : beforeRecording;
                firstJvmInformation = false;
            }
            if (e.hasField("javaArguments")) { // the main class or jar, then the arguments: the program's name only
                program = perfstat.format.ProgramName.of(e.getString("javaArguments"));
            }
        });
        h.on("jdk.CPUInformation", e -> {
            if (e.hasField("hwThreads")) {
                hwThreads = e.getInt("hwThreads");
            }
        });
    }

    /** The program jdk.JVMInformation names (main class, jar or source file), by name only; "" without the event. */
    String program() {
        return program;
    }

    /** The collections' names (DefNew, SerialOld, G1New, ...), as jdk.GarbageCollection gives them. */
    java.util.Set<String> gcNames() {
        return gcNames;
    }

    /** From now on, the figures leave out what happened before {@code t} (the counters' late opening); null: nothing. */
    void from(Instant t) {
        if (t != null) {
            double at = epochNs(t);
            gcs.removeIf(g -> g[0] < at);
            cpuLoads.removeIf(l -> l[0] < at);
            switchRates.removeIf(l -> l[0] < at);
        }
    }

    long gcCount() {
        return gcs.size();
    }

    Duration gcPause() {
        return Duration.ofNanos(gcs.stream().mapToLong(g -> g[1]).sum());
    }

    /**
     * The mean of the JVM's CPU load samples (user + system, a fraction of the machine), the first
     * left out: the JDK has no previous reading to measure it from, so it is always 0. NaN without
     * a second sample.
     */
    double meanCpuLoad() {
        if (cpuLoads.size() < 2) {
            return Double.NaN;
        }
        cpuLoads.sort((a, b) -> Double.compare(a[0], b[0]));
        double sum = 0;
        for (int i = 1; i < cpuLoads.size(); i++) {
            sum += cpuLoads.get(i)[1];
        }
        return sum / (cpuLoads.size() - 1);
    }

    /** The time the CPU load samples cover: from the first to the last (each reads the load since the one before). */
    Duration cpuLoadCovered() {
        if (cpuLoads.size() < 2) {
            return Duration.ZERO;
        }
        cpuLoads.sort((a, b) -> Double.compare(a[0], b[0]));
        return Duration.ofNanos((long) (cpuLoads.get(cpuLoads.size() - 1)[0] - cpuLoads.get(0)[0]));
    }

    /** The JVM's CPU time: its load times the machine's hardware threads, over time; NaN where unknown. */
    double derivedCpuNs() {
        return hwThreads > 0 ? integral(cpuLoads, hwThreads * 1e9) : Double.NaN;
    }

    /**
     * The share of the JVM's life, the {@code recorded} span and the time the JVM ran before the recording started
     * (jdk.JVMInformation's start time), that the CPU load samples cover; NaN below two samples.
     */
    double cpuLoadShare(Duration recorded) {
        Duration life = recorded.plus(beforeRecording.isNegative() ? Duration.ZERO : beforeRecording);
        if (cpuLoads.size() < 2 || life.isZero()) {
            return Double.NaN;
        }
        return Math.min(1, cpuLoadCovered().toNanos() / (double) life.toNanos());
    }

    /** The whole machine's context switches over time, NaN below two samples. */
    double machineContextSwitches() {
        return integral(switchRates, 1);
    }

    private static double epochNs(Instant t) {
        return t.getEpochSecond() * 1e9 + t.getNano();
    }

    /**
     * The integral of periodic samples {time, rate} over time in seconds, times {@code scale}: each
     * sample's rate holds for the time since the previous one (the first sample's interval is
     * unknown, so not counted). NaN with fewer than two samples.
     */
    private static double integral(List<double[]> samples, double scale) {
        if (samples.size() < 2) {
            return Double.NaN;
        }
        samples.sort((a, b) -> Double.compare(a[0], b[0]));
        double sum = 0;
        for (int i = 1; i < samples.size(); i++) {
            sum += samples.get(i)[1] * (samples.get(i)[0] - samples.get(i - 1)[0]) / 1e9;
        }
        return sum * scale;
    }
}

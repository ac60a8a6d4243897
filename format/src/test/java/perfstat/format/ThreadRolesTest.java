package perfstat.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The roles of the threads HotSpot starts, by the names the kernel knows them by
 * ({@code /proc/self/task/TID/comm}), as listed on JDK 25 and JDK 17 with each collector.
 */
class ThreadRolesTest {
    /** The threads every HotSpot JVM of these versions has, whatever its collector. */
    private static final Map<String, ThreadRole> COMMON = Map.ofEntries(
            Map.entry("java", ThreadRole.APPLICATION), // the launcher's thread and the main thread: their native name
            Map.entry("C1 CompilerThre", ThreadRole.JIT),
            Map.entry("C2 CompilerThre", ThreadRole.JIT),
            Map.entry("VM Thread", ThreadRole.JVM_RUNTIME),
            Map.entry("VM Periodic Tas", ThreadRole.JVM_RUNTIME),
            Map.entry("Service Thread", ThreadRole.JVM_RUNTIME),
            Map.entry("Monitor Deflati", ThreadRole.JVM_RUNTIME),
            Map.entry("Reference Handl", ThreadRole.JVM_RUNTIME),
            Map.entry("Finalizer", ThreadRole.JVM_RUNTIME),
            Map.entry("Signal Dispatch", ThreadRole.JVM_RUNTIME),
            Map.entry("Common-Cleaner", ThreadRole.JVM_RUNTIME),
            Map.entry("Notification Th", ThreadRole.JVM_RUNTIME),
            Map.entry("JFR Periodic Ta", ThreadRole.OBSERVER),
            Map.entry("JFR Recorder Th", ThreadRole.OBSERVER));

    private static final List<String> G1 = List.of("G1 Conc#0", "G1 Main Marker", "G1 Refine#0", "G1 Service", "GC Thread#0",
            "GC Thread#1");
    private static final List<String> PARALLEL = List.of("GC Thread#0", "GC Thread#1");
    private static final List<String> ZGC_25 = List.of("RuntimeWorker#0", "ZDirector", "ZDriverMajor", "ZDriverMinor", "ZStat",
            "ZUncommitter#0", "ZWorkerOld#0", "ZWorkerYoung#0");
    private static final List<String> ZGC_17 = List.of("RuntimeWorker#0", "ZDirector", "ZDriver", "ZStat", "ZUncommitter",
            "ZUnmapper", "ZWorker#0");
    private static final List<String> SHENANDOAH = List.of("Shenandoah Cont", "Shenandoah GC T", "Shenandoah Unco");

    @Test
    void theJvmsOwnThreadsHaveTheirRolesWithEveryCollector() {
        COMMON.forEach((name, role) -> assertThat(ThreadRoles.of(name)).as(name).isEqualTo(role));
        for (List<String> gc : List.of(G1, PARALLEL, ZGC_25, ZGC_17, SHENANDOAH)) {
            for (String name : gc) {
                assertThat(ThreadRoles.of(name)).as(name).isEqualTo(ThreadRole.GC);
            }
        }
        // JDK 17's own: the code cache sweeper and the execution sampler; JDK 25's sampler
        assertThat(ThreadRoles.of("Sweeper thread")).isEqualTo(ThreadRole.JIT);
        assertThat(ThreadRoles.of("JFR Thread Samp")).isEqualTo(ThreadRole.OBSERVER);
        assertThat(ThreadRoles.of("JFR Sampler Thr")).isEqualTo(ThreadRole.OBSERVER);
        assertThat(ThreadRoles.of("Attach Listener")).isEqualTo(ThreadRole.JVM_RUNTIME);
    }

    @Test
    void withSerialNoThreadIsTheCollectors() {
        // Serial collects on the VM Thread: its threads are the common ones, and none is GC's
        assertThat(COMMON.keySet()).allSatisfy(n -> assertThat(ThreadRoles.of(n)).isNotEqualTo(ThreadRole.GC));
    }

    @Test
    void perfstatsThreadsAreTheObserversAndTheProgramsAreTheApplications() {
        assertThat(ThreadRoles.of("perfstat-counte")).isEqualTo(ThreadRole.OBSERVER); // cut to 15 characters
        assertThat(ThreadRoles.of("perfstat-counters")).isEqualTo(ThreadRole.OBSERVER);
        for (String app : List.of("main", "Thread-0", "pool-1-thread-1", "ForkJoinPool.co", "DestroyJavaVM", "Zookeeper",
                "GC", "G1", "process reaper", "")) {
            assertThat(ThreadRoles.of(app)).as(app).isEqualTo(ThreadRole.APPLICATION);
        }
        assertThat(ThreadRoles.of(null)).isEqualTo(ThreadRole.APPLICATION);
    }

    @Test
    void docsTableListsEveryRule() throws Exception {
        String docs = Files.readString(Path.of("../docs/counters.md"));
        // every rule is a row: | `start of the name` | role | ...
        Map<String, ThreadRole> rows = new TreeMap<>(ThreadRoles.rules());
        rows.put("java", ThreadRole.APPLICATION);
        rows.forEach((prefix, role) -> assertThat(docs).as(prefix).contains("| `" + prefix + "` | " + role.text() + " |"));
    }
}

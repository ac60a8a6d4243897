package perfstat.agent.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import perfstat.format.ThreadRole;

/** Per-thread counts by role, on a task directory made to look like procfs's, and on this JVM's own. */
class ThreadCountsTest {
    @TempDir
    Path task;

    private void thread(int tid, String name, long cpuNs, long vol, long invol) throws IOException {
        Path t = Files.createDirectories(task.resolve(Integer.toString(tid)));
        Files.writeString(t.resolve("comm"), name + "\n");
        Files.writeString(t.resolve("schedstat"), cpuNs + " 1000 7\n");
        Files.writeString(t.resolve("status"), "Name:\t" + name + "\nState:\tS (sleeping)\nvoluntary_ctxt_switches:\t" + vol
                + "\nnonvoluntary_ctxt_switches:\t" + invol + "\n");
    }

    private void waited(int tid, long cpuNs, long waitNs) throws IOException {
        Files.writeString(task.resolve(Integer.toString(tid)).resolve("schedstat"), cpuNs + " " + waitNs + " 7\n");
    }

    /** schedstat's second field, the time runnable but not running: summed over the threads since the opening, ended ones too. */
    @Test
    void runQueueWaitIsTheThreadsSecondSchedstatFieldSinceTheOpening() throws IOException {
        thread(100, "java", 5_000, 3, 1);
        thread(101, "worker", 1_000, 0, 0);
        waited(100, 5_000, 2_000);
        waited(101, 1_000, 500);
        ThreadCounts c = new ThreadCounts(task);
        assertThat(c.runQueueWaitNs()).isZero();
        waited(100, 6_000, 2_700);
        waited(101, 3_000, 1_400);
        thread(102, "late", 900, 0, 0);
        waited(102, 900, 300); // started since: all its wait is the window's
        c.read();
        assertThat(c.runQueueWaitNs()).isEqualTo(700 + 900 + 300);
        Files.walk(task.resolve("101")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        c.read(); // 101 ended: its wait up to the last read that saw it stays
        assertThat(c.runQueueWaitNs()).isEqualTo(700 + 900 + 300);
    }

    private static Map<ThreadRole, ThreadCounts.RoleCounts> byRole(ThreadCounts c) {
        return c.byRole().stream().collect(Collectors.toMap(ThreadCounts.RoleCounts::role, r -> r));
    }

    @Test
    void countsAreDeltasFromTheOpeningSummedByRole() throws IOException {
        thread(100, "java", 5_000, 3, 1);
        thread(101, "C2 CompilerThre", 7_000, 10, 2);
        thread(102, "GC Thread#0", 1_000, 1, 0);
        ThreadCounts c = new ThreadCounts(task);
        assertThat(c.note()).isNull();
        assertThat(c.cpuNs()).isZero();
        thread(100, "java", 9_000, 5, 1);
        thread(101, "C2 CompilerThre", 8_000, 11, 4);
        thread(103, "GC Thread#1", 2_500, 2, 1); // started since: counts from zero
        c.read();
        Map<ThreadRole, ThreadCounts.RoleCounts> r = byRole(c);
        assertThat(r.get(ThreadRole.APPLICATION)).isEqualTo(new ThreadCounts.RoleCounts(ThreadRole.APPLICATION, 4_000, 2, 0, 1));
        assertThat(r.get(ThreadRole.JIT)).isEqualTo(new ThreadCounts.RoleCounts(ThreadRole.JIT, 1_000, 1, 2, 1));
        assertThat(r.get(ThreadRole.GC)).isEqualTo(new ThreadCounts.RoleCounts(ThreadRole.GC, 2_500, 2, 1, 2));
        assertThat(r.get(ThreadRole.OBSERVER).cpuNs()).isZero();
        assertThat(r).doesNotContainKey(ThreadRole.ENDED);
        assertThat(c.cpuNs()).isEqualTo(7_500);
        assertThat(c.anyEnded()).isFalse();
    }

    @Test
    void aThreadThatEndsKeepsItsCountsUpToTheLastRead() throws IOException {
        thread(100, "java", 0, 0, 0);
        ThreadCounts c = new ThreadCounts(task);
        thread(200, "pool-1-thread-1", 40_000, 4, 4);
        c.read();
        thread(200, "pool-1-thread-1", 90_000, 9, 9); // it runs on after this read, then ends before the next one
        delete(task.resolve("200"));
        c.read();
        assertThat(c.anyEnded()).isTrue();
        assertThat(byRole(c).get(ThreadRole.APPLICATION)).isEqualTo(
                new ThreadCounts.RoleCounts(ThreadRole.APPLICATION, 40_000, 4, 4, 2));
        // the id comes back as a new thread: counted from zero, the old one's counts kept
        thread(200, "C1 CompilerThre", 3_000, 1, 0);
        c.read();
        assertThat(byRole(c).get(ThreadRole.JIT).cpuNs()).isEqualTo(3_000);
        assertThat(byRole(c).get(ThreadRole.APPLICATION).cpuNs()).isEqualTo(40_000);
    }

    @Test
    void threadsThatCannotBeReadGiveANoteAndNoSplit() throws IOException {
        ThreadCounts none = new ThreadCounts(task.resolve("absent"));
        assertThat(none.note()).contains("cannot be listed");
        none.read(); // never throws
        Path t = Files.createDirectories(task.resolve("100"));
        Files.writeString(t.resolve("comm"), "java\n"); // a kernel without schedstat, or a hardened /proc
        ThreadCounts hidden = new ThreadCounts(task);
        assertThat(hidden.note()).contains("schedstat could be read");
        assertThat(hidden.cpuNs()).isZero();
    }

    @Test
    void thisJvmsThreadsSplitAndAddUpToItsThreadsCpuTime() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "procfs exists only on Linux");
        ThreadCounts c = ThreadCounts.ofSelf();
        assumeTrue(c.note() == null, "this kernel gives no schedstat");
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = mx.getCurrentThreadCpuTime() + 50_000_000L;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < until) {
            x += x * 31 + 7;
        }
        c.read();
        Map<ThreadRole, ThreadCounts.RoleCounts> r = byRole(c);
        // this thread ("main" of surefire's JVM) is the application's; its 50 ms are there
        assertThat(r.get(ThreadRole.APPLICATION).cpuNs()).as("x=" + x).isGreaterThanOrEqualTo(45_000_000L);
        assertThat(r.get(ThreadRole.JIT).threads() + r.get(ThreadRole.JVM_RUNTIME).threads()).isPositive();
        assertThat(List.of(ThreadRole.values())).hasSize(r.size() + 1);
    }

    private static void delete(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

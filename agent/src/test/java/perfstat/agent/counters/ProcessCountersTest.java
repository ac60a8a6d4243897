package perfstat.agent.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ProcessCountersTest {

    @Test
    void countersMoveWithTheWorkTheyCount() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/self/stat")), "procfs counters exist only on Linux");
        ProcessCounters.Sample a = ProcessCounters.read();
        // 300 ms of this thread's CPU time, however loaded the machine (wall time bounded at 60 s)
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuEnd = threads.getCurrentThreadCpuTime() + 300_000_000L;
        long wallEnd = System.nanoTime() + 60_000_000_000L;
        long x = 0;
        while (threads.getCurrentThreadCpuTime() < cpuEnd && System.nanoTime() < wallEnd) {
            x += x * 31 + 7;
        }
        byte[][] pages = new byte[4096][];
        for (int i = 0; i < pages.length; i++) {
            pages[i] = new byte[4096];
            pages[i][0] = (byte) x;
        }
        Thread.sleep(20);
        ProcessCounters.Sample b = ProcessCounters.read();
        assertThat(b.taskClockNs() - a.taskClockNs()).isGreaterThanOrEqualTo(200_000_000L);
        assertThat(b.minorFaults()).isGreaterThanOrEqualTo(a.minorFaults());
        assertThat(b.voluntaryContextSwitches()).isGreaterThan(a.voluntaryContextSwitches());
        assertThat(b.majorFaults()).isGreaterThanOrEqualTo(0);
        assertThat(b.source()).contains("procfs");
    }

    @Test
    void statFieldsSplitAtRunsOfWhiteSpaceAfterTheCommandName() {
        String stat = "42 (a (b) c) S 1 2  3\t4 5 6 7 8 9 10\n";
        String[] f = ProcessCounters.fields(stat, stat.lastIndexOf(')') + 2, 13);
        assertThat(f).containsExactly("S", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "", "");
        assertThat(ProcessCounters.fields("  x  ", 0, 2)).containsExactly("x", "");
    }

    @Test
    void aThreadsSwitchesAndMigrationsAreReadFromItsFilesLineStarts() {
        byte[] status = ("Name:\tjava\nState:\tS (sleeping)\nvoluntary_ctxt_switches:\t17\n"
                + "nonvoluntary_ctxt_switches:\t4\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] v = "voluntary_ctxt_switches:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] nv = "nonvoluntary_ctxt_switches:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(ThreadCounts.lineField(status, status.length, v)).isEqualTo(17); // not the nonvoluntary line's tail
        assertThat(ThreadCounts.lineField(status, status.length, nv)).isEqualTo(4);
        byte[] sched = ("java (42, #threads: 20)\n-----\nse.exec_start    :    1.5\n"
                + "se.nr_migrations                             :                   123\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] m = "se.nr_migrations".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(ThreadCounts.lineField(sched, sched.length, m)).isEqualTo(123);
        assertThat(ThreadCounts.lineField(status, status.length, m)).as("absent").isEqualTo(-1);
        // only the bytes read count: a key past them is absent
        assertThat(ThreadCounts.lineField(status, 20, v)).isEqualTo(-1);
    }
}

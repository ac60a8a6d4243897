package perfstat.agent.counters;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The counter thread never throws into the host; a read that fails is counted, for the recording to say. */
class CounterReaderTest {
    @Test
    void aFailingReadIsCountedNotThrown() {
        CounterSetTest.FakeKernel kernel = new CounterSetTest.FakeKernel();
        PerfSyscalls k = new PerfSyscalls() {
            @Override
            public long perfEventOpen(byte[] attr, int tid, int cpu, int groupFd, long flags) {
                return kernel.perfEventOpen(attr, tid, cpu, groupFd, flags);
            }

            @Override
            public long readCounter(int fd, long[] out) {
                if (failing) {
                    throw new IllegalStateException("the kernel's counter went away");
                }
                return kernel.readCounter(fd, out);
            }

            @Override
            public void close(int fd) {
                kernel.close(fd);
            }

            @Override
            public long[] rusageSelf() {
                return kernel.rusageSelf();
            }
        };
        try (CounterSet set = CounterSet.open(EventSpec.parseList("cycles"), k, List.of(11), null)) {
            CounterReader reader = new CounterReader(set, 1_000_000_000L, null, null);
            reader.readInterval();
            assertThat(reader.readFailures()).isZero();
            failing = true;
            reader.readInterval();
            reader.readInterval();
            assertThat(reader.readFailures()).isEqualTo(2);
        } finally {
            failing = false;
        }
    }

    /**
     * With an interval log, each read's rows are followed by the roles of that same read: no read of their own (as many
     * counter reads and procfs reads of the threads as without the log).
     */
    @Test
    void theIntervalLogCarriesTheRolesOfTheSameRead(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path task = dir.resolve("task");
        thread(task, 11, "java", 1_000);
        thread(task, 12, "C2 CompilerThre", 2_000);
        long[] reads = new long[2];
        for (int withLog = 0; withLog < 2; withLog++) {
            int[] counted = {0};
            CounterSetTest.FakeKernel kernel = new CounterSetTest.FakeKernel();
            PerfSyscalls k = new PerfSyscalls() {
                @Override
                public long perfEventOpen(byte[] attr, int tid, int cpu, int groupFd, long flags) {
                    return kernel.perfEventOpen(attr, tid, cpu, groupFd, flags);
                }

                @Override
                public long readCounter(int fd, long[] out) {
                    counted[0]++;
                    return kernel.readCounter(fd, out);
                }

                @Override
                public void close(int fd) {
                }

                @Override
                public long[] rusageSelf() {
                    return kernel.rusageSelf();
                }
            };
            java.nio.file.Path log = dir.resolve("intervals" + withLog + ".log");
            try (CounterSet set = CounterSet.open(EventSpec.parseList("task-clock,page-faults"), k, List.of(11, 12), null, task)) {
                CounterReader reader = new CounterReader(set, 1_000_000_000L, withLog == 1 ? log : null, null);
                reader.readInterval();
                reader.readInterval();
            }
            reads[withLog] = counted[0];
        }
        assertThat(reads[1]).isEqualTo(reads[0]).isEqualTo(2 * 2 * 2); // 2 reads of 2 events on 2 threads
        List<String> lines = java.nio.file.Files.readAllLines(dir.resolve("intervals1.log"));
        // a batch: 2 counters, 5 roles, end
        assertThat(lines).hasSize(2 * (2 + 5 + 1));
        assertThat(lines.get(0)).matches("[0-9]+\ttask-clock\t230\t2000\t2000\tcounted\tperf_event_open");
        assertThat(lines.get(2)).matches("thread-role\t[0-9]+\tapplication\t110\t0\t0\t1\tperf_event_open per thread");
        assertThat(lines.get(3)).matches("thread-role\t[0-9]+\tgc\t0\t0\t0\t0\tperf_event_open per thread");
        assertThat(lines.get(4)).matches("thread-role\t[0-9]+\tjit\t120\t0\t0\t1\tperf_event_open per thread");
        assertThat(lines.get(7)).matches("end\t[0-9]+");
    }

    private static void thread(java.nio.file.Path task, int tid, String name, long cpuNs) throws java.io.IOException {
        java.nio.file.Path t = java.nio.file.Files.createDirectories(task.resolve(Integer.toString(tid)));
        java.nio.file.Files.writeString(t.resolve("comm"), name + "\n");
        java.nio.file.Files.writeString(t.resolve("schedstat"), cpuNs + " 1000 7\n");
        java.nio.file.Files.writeString(t.resolve("status"), "voluntary_ctxt_switches:\t3\nnonvoluntary_ctxt_switches:\t1\n");
    }

    private static volatile boolean failing;
}

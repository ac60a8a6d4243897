package perfstat.agent.counters;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The counting logic over fake system calls: what perf_event_open would return, kernel by kernel. */
class CounterSetTest {

    /** A kernel: per (type, config) either an errno for every open, or per-fd values. */
    static final class FakeKernel implements PerfSyscalls {
        final Map<Long, Integer> refuse = new HashMap<>();
        final Map<Integer, long[]> values = new HashMap<>();
        final List<byte[]> opened = new ArrayList<>();
        final List<Integer> openedTids = new ArrayList<>();
        final List<Integer> closed = new ArrayList<>();
        boolean kernelCountingRefused;
        int nextFd = 100;
        int exitedTid = -1;
        long[] rusage = {0, 0, 0, 0, 10, 5};

        @Override
        public long perfEventOpen(byte[] attr, int tid, int cpu, int groupFd, long flags) {
            ByteBuffer b = ByteBuffer.wrap(attr).order(ByteOrder.nativeOrder());
            long key = ((long) b.getInt(0) << 32) | b.getLong(8);
            boolean excludeKernel = (b.getLong(40) & (1 << 5)) != 0;
            if (kernelCountingRefused && !excludeKernel) {
                return -Errno.EACCES;
            }
            if (refuse.containsKey(key)) {
                return -refuse.get(key);
            }
            if (tid == exitedTid) {
                return -Errno.ESRCH;
            }
            opened.add(attr);
            openedTids.add(tid);
            int fd = nextFd++;
            values.put(fd, new long[] {tid * 10L, 1000, 1000});
            return fd;
        }

        @Override
        public long readCounter(int fd, long[] out) {
            long[] v = values.get(fd);
            System.arraycopy(v, 0, out, 0, 3);
            return 0;
        }

        @Override
        public void close(int fd) {
            closed.add(fd);
        }

        @Override
        public long[] rusageSelf() {
            return rusage.clone();
        }
    }

    private static final List<Integer> TIDS = List.of(11, 12, 13);

    @Test
    void oneCounterPerThreadSummedAndInherited() {
        FakeKernel k = new FakeKernel();
        try (CounterSet set = CounterSet.open(EventSpec.parseList("task-clock,page-faults"), k, TIDS, null)) {
            assertThat(set.mode()).isEqualTo(CounterSet.SOURCE_PERF);
            // first a probe of whether the kernel counts kernel space for us (closed at once), then the counters
            assertThat(k.openedTids).containsExactly(11, 11, 12, 13, 11, 12, 13);
            assertThat(k.closed).containsExactly(100);
            for (byte[] attr : k.opened) {
                long flags = ByteBuffer.wrap(attr).order(ByteOrder.nativeOrder()).getLong(40);
                assertThat(flags & 2).as("inherit=1").isEqualTo(2);
            }
            List<CounterSet.Reading> rs = set.read();
            assertThat(rs).extracting(CounterSet.Reading::event).containsExactly("task-clock", "page-faults");
            assertThat(rs.get(0).value()).isEqualTo(110 + 120 + 130);
            assertThat(rs.get(0).enabledNs()).isEqualTo(3000);
            assertThat(rs.get(0).status()).isEqualTo(perfstat.format.CounterStatus.COUNTED);
            assertThat(set.readPerThread()).extracting(CounterSet.ThreadReadings::tid).containsExactly(11, 12, 13);
            assertThat(set.readPerThread().get(1).readings().get(0).value()).isEqualTo(120);
            assertThat(set.descriptors()).isEqualTo(6);
        }
        assertThat(k.closed).hasSize(7);
    }

    @Test
    void whereThereIsAPmuHardwareEventsCountOnTheSamePathAsSoftwareOnes() {
        FakeKernel k = new FakeKernel(); // a kernel that opens cycles and instructions
        CounterSet set = CounterSet.open(EventSpec.parseList("cycles,instructions,r01c2"), k, TIDS, null);
        List<CounterSet.Reading> rs = set.read();
        assertThat(rs).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(perfstat.format.CounterStatus.COUNTED);
            assertThat(r.source()).isEqualTo(CounterSet.SOURCE_PERF);
            assertThat(r.value()).isEqualTo(360);
        });
        ByteBuffer raw = ByteBuffer.wrap(k.opened.get(k.opened.size() - 1)).order(ByteOrder.nativeOrder());
        assertThat(raw.getInt(0)).isEqualTo(4);
        assertThat(raw.getLong(8)).isEqualTo(0x1c2);
    }

    @Test
    void anEventTheKernelDoesNotHaveIsNotSupportedWithTheReason() {
        FakeKernel k = new FakeKernel();
        k.refuse.put(1L, Errno.ENOENT); // type 0 (hardware), config 1 (instructions)
        CounterSet set = CounterSet.open(EventSpec.parseList("task-clock,instructions"), k, TIDS, null);
        CounterSet.Reading insn = set.read().get(1);
        assertThat(insn.status()).isEqualTo(perfstat.format.CounterStatus.NOT_SUPPORTED);
        assertThat(insn.source()).isEqualTo("perf_event_open: ENOENT");
        assertThat(set.read().get(0).status()).isEqualTo(perfstat.format.CounterStatus.COUNTED);
    }

    @Test
    void aCounterThatNeverRanIsNotCounted() {
        FakeKernel k = new FakeKernel();
        CounterSet set = CounterSet.open(EventSpec.parseList("cycles"), k, List.of(11), null);
        k.values.get(k.nextFd - 1)[2] = 0;
        assertThat(set.read().get(0).status()).isEqualTo(perfstat.format.CounterStatus.NOT_COUNTED);
    }

    @Test
    void aThreadThatEndedBeforeItsCounterOpenedIsSkipped() {
        FakeKernel k = new FakeKernel();
        k.exitedTid = 12;
        CounterSet set = CounterSet.open(EventSpec.parseList("task-clock"), k, TIDS, null);
        assertThat(set.read().get(0).value()).isEqualTo(110 + 130);
        assertThat(set.read().get(0).source()).isEqualTo(CounterSet.SOURCE_PERF);
    }

    @Test
    void whereKernelCountingIsRefusedEventsCountUserOnlyAndSwitchesComeFromGetrusage() {
        FakeKernel k = new FakeKernel();
        k.kernelCountingRefused = true;
        CounterSet set = CounterSet.open(EventSpec.parseList("task-clock,context-switches,cpu-migrations,cycles"),
                k, TIDS, null);
        assertThat(set.mode()).isEqualTo(CounterSet.SOURCE_PERF_USER);
        assertThat(set.note()).contains("perf_event_paranoid");
        k.rusage = new long[] {0, 0, 0, 0, 17, 8}; // 10+5 at open, 25 now
        List<CounterSet.Reading> rs = set.read();
        assertThat(rs).extracting(CounterSet.Reading::event)
                .containsExactly("task-clock:u", "context-switches", "cpu-migrations", "cycles:u");
        assertThat(rs.get(0).source()).isEqualTo(CounterSet.SOURCE_PERF_USER);
        assertThat(rs.get(1).source()).isEqualTo(CounterSet.SOURCE_RUSAGE);
        assertThat(rs.get(1).value()).isEqualTo(10);
        assertThat(rs.get(2).source()).startsWith("procfs");
        for (byte[] attr : k.opened) {
            assertThat(ByteBuffer.wrap(attr).order(ByteOrder.nativeOrder()).getLong(40) & (1 << 5)).isNotZero();
        }
    }

    @Test
    void withoutPerfEventOpenSoftwareEventsComeFromProcfsAndHardwareIsNotSupported() {
        CounterSet set = CounterSet.open(EventSpec.defaults(), null, TIDS, "perf_event_open needs Java 22+");
        assertThat(set.mode()).isEqualTo("procfs");
        List<CounterSet.Reading> rs = set.read();
        // task-clock in ns from the threads' schedstat (ticks only for threads that ended between reads)
        assertThat(rs.get(0).source()).startsWith(perfstat.format.CounterSource.PROCFS_SCHEDSTAT);
        assertThat(set.rolesNote()).isNull();
        List<CounterSet.RoleReading> roles = set.roles(rs);
        assertThat(roles).extracting(CounterSet.RoleReading::role).containsExactly(perfstat.format.ThreadRole.values());
        assertThat(roles.stream().mapToLong(CounterSet.RoleReading::taskClockNs).sum()).isEqualTo(rs.get(0).value());
        assertThat(rs.get(3).source()).isEqualTo(CounterSet.SOURCE_PROCFS_STAT_FAULTS);
        assertThat(rs.get(4).status()).isEqualTo(perfstat.format.CounterStatus.NOT_SUPPORTED);
        assertThat(rs.get(4).source()).isEqualTo("perf_event_open needs Java 22+");
        assertThat(set.readPerThread()).isEmpty();
    }

    @Test
    void aModifierProcfsCannotHonourIsSaidInTheSource() {
        CounterSet set = CounterSet.open(EventSpec.parseList("task-clock:u,page-faults,page-faults:u,context-switches:k"),
                null, TIDS, "perf_event_open needs Java 22+");
        List<CounterSet.Reading> rs = set.read();
        assertThat(rs).extracting(CounterSet.Reading::event)
                .containsExactly("task-clock:u", "page-faults", "page-faults:u", "context-switches:k");
        assertThat(rs.get(0).source()).startsWith(perfstat.format.CounterSource.PROCFS_SCHEDSTAT)
                .endsWith(perfstat.format.CounterSource.MODIFIER_NOT_HONOURED);
        assertThat(rs.get(1).source()).isEqualTo(CounterSet.SOURCE_PROCFS_STAT_FAULTS);
        assertThat(rs.get(2).source()).isEqualTo(CounterSet.SOURCE_PROCFS_STAT_FAULTS
                + perfstat.format.CounterSource.MODIFIER_NOT_HONOURED);
        assertThat(rs.get(3).source()).isEqualTo(CounterSet.SOURCE_PROCFS_THREADS
                + perfstat.format.CounterSource.MODIFIER_NOT_HONOURED);
        // the same count asked for twice reads the same: one procfs sample at the opening and at each read serves all
        byte[][] pages = new byte[64][];
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < pages.length; i++) {
                pages[i] = new byte[1 << 16];
            }
            List<CounterSet.Reading> again = set.read();
            assertThat(again.get(2).value()).isEqualTo(again.get(1).value());
        }
    }

    @Test
    void whereNoThreadCanBeReadTaskClockIsTheTicksAndThereIsNoSplit(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        CounterSet set = CounterSet.open(EventSpec.defaults(), null, TIDS, "perf_event_open needs Java 22+", dir.resolve("none"));
        List<CounterSet.Reading> rs = set.read();
        assertThat(rs.get(0).source()).isEqualTo(CounterSet.SOURCE_PROCFS_STAT);
        assertThat(set.rolesNote()).contains("cannot be listed");
        assertThat(set.roles(rs)).isEmpty();
    }

    private static void thread(java.nio.file.Path task, int tid, String name, long cpuNs) throws java.io.IOException {
        java.nio.file.Path t = java.nio.file.Files.createDirectories(task.resolve(Integer.toString(tid)));
        java.nio.file.Files.writeString(t.resolve("comm"), name + "\n");
        java.nio.file.Files.writeString(t.resolve("schedstat"), cpuNs + " 1000 7\n");
        java.nio.file.Files.writeString(t.resolve("status"), "voluntary_ctxt_switches:\t3\nnonvoluntary_ctxt_switches:\t1\n");
    }

    @Test
    void withPerfEventOpenRolesComeFromThePerThreadCountersAndAddUpToTheWhole(@org.junit.jupiter.api.io.TempDir
                                                                             java.nio.file.Path task) throws java.io.IOException {
        thread(task, 11, "java", 1_000);
        thread(task, 12, "VM Thread", 2_000);
        thread(task, 13, "GC Thread#0", 3_000);
        FakeKernel k = new FakeKernel();
        CounterSet set = CounterSet.open(EventSpec.parseList("task-clock"), k, TIDS, null, task);
        thread(task, 11, "java", 1_000 + 5_000);
        thread(task, 12, "VM Thread", 2_000 + 700);
        thread(task, 13, "GC Thread#0", 3_000 + 200);
        thread(task, 14, "GC Thread#1", 900); // added by the VM Thread: in its counter
        thread(task, 15, "perfstat-counte", 40); // started by main: in main's counter
        // main's own, perfstat's thread, and 6_000 of two workers main started and that ended unseen; the VM Thread's
        // own and its worker's; GC Thread#0's own
        long[] perfNs = {5_000 + 40 + 6_000, 700 + 900, 200};
        for (int i = 0; i < k.openedTids.size(); i++) {
            k.values.put(100 + i, new long[] {perfNs[TIDS.indexOf(k.openedTids.get(i))], 1000, 1000});
        }
        List<CounterSet.Reading> rs = set.read();
        Map<perfstat.format.ThreadRole, Long> ns = new HashMap<>();
        for (CounterSet.RoleReading r : set.roles(rs)) {
            ns.put(r.role(), r.taskClockNs());
            assertThat(r.source()).isEqualTo(perfstat.format.CounterSource.PERF_EVENT_OPEN_PER_THREAD);
        }
        assertThat(ns).doesNotContainKey(perfstat.format.ThreadRole.ENDED); // the counters hold the threads that ended
        assertThat(ns.get(perfstat.format.ThreadRole.APPLICATION)).isEqualTo(11_000);
        assertThat(ns.get(perfstat.format.ThreadRole.OBSERVER)).isEqualTo(40);
        assertThat(ns.get(perfstat.format.ThreadRole.JVM_RUNTIME)).isEqualTo(700);
        assertThat(ns.get(perfstat.format.ThreadRole.GC)).isEqualTo(1_100);
        assertThat(ns.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(rs.get(0).value());
    }

    /**
     * Per role, every event perf_event_open counts per thread (page-faults here, cycles where a PMU exists) from the
     * same per-thread counters as the whole process's row: no descriptor more (threads x events), the roles' sums add
     * up to the row; an event that is not supported has no role counts.
     */
    @Test
    void otherEventsByRoleComeFromTheSamePerThreadCounters(@org.junit.jupiter.api.io.TempDir java.nio.file.Path task)
            throws java.io.IOException {
        thread(task, 11, "java", 1_000);
        thread(task, 12, "VM Thread", 2_000);
        thread(task, 13, "C2 CompilerThre", 3_000);
        FakeKernel k = new FakeKernel();
        k.refuse.put(0L, Errno.ENOENT); // type 0 (hardware), config 0 (cycles): no PMU
        CounterSet set = CounterSet.open(EventSpec.parseList("task-clock,page-faults,cycles"), k, TIDS, null, task);
        assertThat(set.descriptors()).isEqualTo(3 * 2); // 3 threads x the 2 events that opened: the roles add none
        List<CounterSet.Reading> rs = set.read();
        Map<perfstat.format.ThreadRole, Long> faults = new HashMap<>();
        for (CounterSet.RoleEventReading r : set.roleEvents()) {
            assertThat(r.event()).isEqualTo("page-faults"); // not task-clock (its own rows), not the unsupported cycles
            assertThat(r.source()).isEqualTo(CounterSet.SOURCE_PERF);
            faults.put(r.role(), r.value());
        }
        assertThat(faults).containsEntry(perfstat.format.ThreadRole.APPLICATION, 110L)
                .containsEntry(perfstat.format.ThreadRole.JVM_RUNTIME, 120L).containsEntry(perfstat.format.ThreadRole.JIT, 130L)
                .containsEntry(perfstat.format.ThreadRole.GC, 0L).doesNotContainKey(perfstat.format.ThreadRole.ENDED);
        assertThat(faults.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(rs.get(1).value());
        assertThat(rs.get(2).status()).isEqualTo(perfstat.format.CounterStatus.NOT_SUPPORTED);
    }
}

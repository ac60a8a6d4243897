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

    private static volatile boolean failing;
}

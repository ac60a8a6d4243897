package perfstat.models.rwsem;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** The rwsem's own counters, as a tracer would count them. */
final class RwsemStats {
    final LongAdder ownerSpinNs = new LongAdder();
    final LongAdder noOwnerSpinNs = new LongAdder();
    final LongAdder osqWaitNs = new LongAdder();
    final LongAdder noOwnerSpins = new LongAdder();
    final LongAdder osqUnqueues = new LongAdder();
    final LongAdder spinAcquisitions = new LongAdder();
    final LongAdder failedWriteTrylocks = new LongAdder();
    final LongAdder readerSleeps = new LongAdder();
    final LongAdder writerSleeps = new LongAdder();
    final LongAdder wakeups = new LongAdder();
    final LongAdder readerHandoffs = new LongAdder();
    final LongAdder contendedReads = new LongAdder();
    final LongAdder contendedWrites = new LongAdder();

    Map<String, Long> toMap() {
        Map<String, Long> m = new LinkedHashMap<>();
        long spin = ownerSpinNs.sum() + noOwnerSpinNs.sum() + osqWaitNs.sum();
        m.put("spin_ms", spin / 1_000_000);
        m.put("owner_spin_ms", ownerSpinNs.sum() / 1_000_000);
        m.put("no_owner_spin_ms", noOwnerSpinNs.sum() / 1_000_000);
        m.put("osq_wait_ms", osqWaitNs.sum() / 1_000_000);
        m.put("no_owner_spins", noOwnerSpins.sum());
        m.put("osq_unqueues", osqUnqueues.sum());
        m.put("spin_acquisitions", spinAcquisitions.sum());
        m.put("failed_write_trylocks", failedWriteTrylocks.sum());
        m.put("reader_sleeps", readerSleeps.sum());
        m.put("writer_sleeps", writerSleeps.sum());
        m.put("wakeups", wakeups.sum());
        m.put("reader_handoffs", readerHandoffs.sum());
        m.put("contended_reads", contendedReads.sum());
        m.put("contended_writes", contendedWrites.sum());
        return m;
    }
}

package perfstat.models.rwsem;

import java.util.List;
import perfstat.models.spi.Model;
import perfstat.models.spi.Model.Option;
import perfstat.models.spi.Model.Score;
import perfstat.models.spi.Model.Variant;
import perfstat.models.spi.Model.WorkloadInfo;

/**
 * Seed 004: rwsem writers spinning optimistically while readers hold the lock (3.16-rc),
 * and Jason Low's fix (37e95624). The variants differ only in the writer's spin decision.
 */
public final class RwsemModel {

    public static final Model<RwSemaphore.Variant> MODEL = new Model<>("rwsem",
            "rwsem writer optimistic spinning on mmap_sem (seed 004)", "rwsem",
            List.of(
                    new Variant<>("unpatched", "3.16-rc (4fc828e2): writers spin optimistically; a null owner means may spin",
                            RwSemaphore.Variant.UNPATCHED),
                    new Variant<>("patched", "37e95624: a null owner (readers may hold it) means do not spin",
                            RwSemaphore.Variant.PATCHED),
                    new Variant<>("3.15", "no optimistic spinning: contended writers queue and sleep", RwSemaphore.Variant.V3_15)),
            List.of(
                    WorkloadInfo.of("xfs_repair",
                            "threads fault pages (mmap_sem for read) and mprotect (for write), a fixed amount of work each",
                            Score.higher("xfs_repair", "ops/s"), XfsRepair::new)
                            .withFixedWork().withThreadsPerCore(2)
                            .withOptions(Option.of("ops", 100_000), Option.of("faults-per-mprotect", 16),
                                    Option.of("fault-bytes", 4096), Option.of("mprotect-entries", 64),
                                    Option.of("slice-us", Task.DEFAULT_SLICE_NS / 1000), Option.of("io-every", 64),
                                    Option.of("io-us", 100))));

    private RwsemModel() {
    }

    /** The spin rule of variant {@code name}. */
    static RwSemaphore.Variant algorithm(String name) {
        return MODEL.impl(name);
    }
}

package perfstat.models.rwsem;

import java.util.List;
import perfstat.models.Execution;
import perfstat.models.Model;
import perfstat.models.RunRequest;

/**
 * Seed 004: rwsem writers spinning optimistically while readers hold the lock (3.16-rc),
 * and Jason Low's fix (37e95624). The variants differ only in the writer's spin decision.
 */
public final class RwsemModel implements Model {
    private static final List<Variant> VARIANTS = List.of(
            new Variant("unpatched", "3.16-rc (4fc828e2): writers spin optimistically; a null owner means may spin"),
            new Variant("patched", "37e95624: a null owner (readers may hold it) means do not spin"),
            new Variant("3.15", "no optimistic spinning: contended writers queue and sleep"));

    private static final List<WorkloadInfo> WORKLOADS = List.of(
            new WorkloadInfo("xfs_repair", "threads fault pages (mmap_sem for read) and mprotect (for write), a fixed amount of work each",
                    "xfs_repair", "ops/s", true, true, 2)
                    .withOptions("ops", "faults-per-mprotect", "fault-bytes", "mprotect-entries", "slice-us", "io-every", "io-us"));

    @Override
    public String name() {
        return "rwsem";
    }

    @Override
    public String description() {
        return "rwsem writer optimistic spinning on mmap_sem (seed 004)";
    }

    @Override
    public List<Variant> variants() {
        return VARIANTS;
    }

    @Override
    public List<WorkloadInfo> workloads() {
        return WORKLOADS;
    }

    @Override
    public String probeSet() {
        return "rwsem";
    }

    static RwSemaphore.Variant algorithm(String name) {
        return switch (name) {
            case "unpatched" -> RwSemaphore.Variant.UNPATCHED;
            case "patched" -> RwSemaphore.Variant.PATCHED;
            case "3.15" -> RwSemaphore.Variant.V3_15;
            default -> throw new IllegalArgumentException("unknown variant: " + name);
        };
    }

    @Override
    public Execution prepare(RunRequest request) {
        if (!request.workload().equals("xfs_repair")) {
            throw new IllegalArgumentException("unknown workload: " + request.workload());
        }
        return new XfsRepair(algorithm(request.variant()), request);
    }
}

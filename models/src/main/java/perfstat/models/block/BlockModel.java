package perfstat.models.block;

import java.util.List;
import java.util.function.Supplier;
import perfstat.models.Execution;
import perfstat.models.Model;
import perfstat.models.RunRequest;

/**
 * Seed 001: tiobench's sequential-write throughput under CFQ fell between 2.6.29 and 2.6.30,
 * not under NOOP. A discrete-event simulation of the write path below the page cache:
 * writeback, the request queue (plugging, merging, request allocation), the elevator and one
 * disk. The variants differ only in the elevator.
 */
public final class BlockModel implements Model {
    private static final List<Variant> VARIANTS = List.of(
            new Variant("cfq-2.6.29", "CFQ before 2f5cb738: batch dispatch; an idling queue is run at once when its task sends more"),
            new Variant("cfq-2.6.30", "CFQ of 2.6.30: one request per dispatch with an in-flight cap; d6ceb25e/2d870722 kick rules"),
            new Variant("cfq-2.6.30-rc1", "CFQ of 2.6.30-rc1: 2f5cb738 and b029195d (an idling queue waits for the unplug or the timer)"),
            new Variant("noop-2.6.29", "NOOP: FIFO order, one request per dispatch"),
            new Variant("noop-2.6.30", "NOOP of 2.6.30: the same elevator code as 2.6.29's"));

    private static final List<WorkloadInfo> WORKLOADS = List.of(
            new WorkloadInfo("tiobench", "tiobench sequential write: each task writes its own file in 64 KiB writes, then fsync (simulated time)",
                    "tiobench write", "MB/s", true, true, 0, 8, true, List.of())
                    .withOptions("size", "block", "seed", "runs", "dirtyable-mb", "background-ratio", "dirty-ratio", "write-us",
                            "submit-ns", "queue-depth", "read"));

    @Override
    public String name() {
        return "block";
    }

    @Override
    public String description() {
        return "block layer plugging, merging and CFQ, 2.6.29 vs 2.6.30 (seed 001; discrete-event simulation)";
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
        return "block";
    }

    /** A fresh elevator of the variant, for each test run. */
    static Supplier<Elevator> elevator(String variant) {
        return switch (variant) {
            case "cfq-2.6.29" -> () -> new Cfq(Cfq.Version.V2_6_29);
            case "cfq-2.6.30-rc1" -> () -> new Cfq(Cfq.Version.V2_6_30_RC1);
            case "cfq-2.6.30" -> () -> new Cfq(Cfq.Version.V2_6_30);
            case "noop-2.6.29", "noop-2.6.30" -> Noop::new;
            default -> throw new IllegalArgumentException("unknown variant: " + variant);
        };
    }

    @Override
    public Execution prepare(RunRequest request) {
        if (!request.workload().equals("tiobench")) {
            throw new IllegalArgumentException("unknown workload: " + request.workload());
        }
        return new Tiobench(elevator(request.variant()), request);
    }
}

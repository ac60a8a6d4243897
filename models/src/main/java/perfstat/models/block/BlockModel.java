package perfstat.models.block;

import java.util.List;
import java.util.function.Supplier;
import perfstat.models.spi.Model;
import perfstat.models.spi.Model.Option;
import perfstat.models.spi.Model.Score;
import perfstat.models.spi.Model.Variant;
import perfstat.models.spi.Model.WorkloadInfo;

/**
 * Seed 001: tiobench's sequential-write throughput under CFQ fell between 2.6.29 and 2.6.30,
 * not under NOOP. A discrete-event simulation of the write path below the page cache:
 * writeback, the request queue (plugging, merging, request allocation), the elevator and one
 * disk. The variants differ only in the elevator, a fresh one of which each test run gets.
 */
public final class BlockModel {

    public static final Model<Supplier<Elevator>> MODEL = new Model<>("block",
            "block layer plugging, merging and CFQ, 2.6.29 vs 2.6.30 (seed 001; discrete-event simulation)", "block",
            List.of(
                    new Variant<>("cfq-2.6.29", "CFQ before 2f5cb738: batch dispatch; an idling queue is run at once when its task sends more",
                            () -> new Cfq(Cfq.Version.V2_6_29)),
                    new Variant<>("cfq-2.6.30", "CFQ of 2.6.30: one request per dispatch with an in-flight cap; d6ceb25e/2d870722 kick rules",
                            () -> new Cfq(Cfq.Version.V2_6_30)),
                    new Variant<>("cfq-2.6.30-rc1", "CFQ of 2.6.30-rc1: 2f5cb738 and b029195d (an idling queue waits for the unplug or the timer)",
                            () -> new Cfq(Cfq.Version.V2_6_30_RC1)),
                    new Variant<>("noop-2.6.29", "NOOP: FIFO order, one request per dispatch", Noop::new),
                    new Variant<>("noop-2.6.30", "NOOP of 2.6.30: the same elevator code as 2.6.29's", Noop::new)),
            List.of(
                    WorkloadInfo.of("tiobench",
                            "tiobench sequential write: each task writes its own file in 64 KiB writes, then fsync (simulated time)",
                            Score.higher("tiobench write", "MB/s"), Tiobench::new)
                            .withFixedWork().withThreads(8).withSimulatedTime()
                            .withOptions(Option.of("size", 4096), Option.of("block", 65536), Option.of("seed", 0),
                                    Option.of("runs", 1), Option.of("dirtyable-mb", 1800), Option.of("background-ratio", 5),
                                    Option.of("dirty-ratio", 10), Option.of("write-us", 20), Option.of("submit-ns", 1500),
                                    Option.of("queue-depth", 31), Option.of("read", 0))));

    private BlockModel() {
    }

    /** A fresh elevator of the variant, for each test run. */
    static Supplier<Elevator> elevator(String variant) {
        return MODEL.impl(variant);
    }
}

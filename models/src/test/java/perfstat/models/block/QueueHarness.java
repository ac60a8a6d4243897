package perfstat.models.block;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** A queue, an elevator and a disk on one clock, driven by hand: bios at chosen times. */
final class QueueHarness {
    final Sim sim = new Sim();
    final BlockStats stats = new BlockStats();
    final RequestQueue queue;
    final Disk disk;
    final PageCache.File file = new PageCache.File(0, 0, 1 << 20);
    final List<Long> issueTimes = new ArrayList<>();
    final List<Bio> completed = new ArrayList<>();

    QueueHarness(Elevator elevator, int depth) {
        queue = new RequestQueue(sim, elevator, stats, completed::add);
        disk = new Disk(sim, queue, Disk.Params.SATA_2009, depth, new SplittableRandom(1));
    }

    /** Submits the page's bio at {@code atNs}, from {@code task}. */
    void bioAt(long atNs, int page, boolean sync, int task) {
        sim.after(atNs - sim.now(), () -> queue.submit(new Bio(file, page, file.sector(page), sync, task), () -> {
        }));
    }

    void at(long atNs, Runnable r) {
        sim.after(atNs - sim.now(), r);
    }

    /** Runs until {@code n} requests have completed; the clock then stands at the last completion. */
    void runUntilCompleted(long n) {
        sim.run(() -> stats.completed >= n, () -> false);
    }

    /** Runs until nothing is left to happen or the clock passes {@code untilNs}. */
    void runUntil(long untilNs) {
        boolean[] end = {false};
        sim.after(untilNs - sim.now(), () -> end[0] = true);
        sim.run(() -> end[0], () -> false);
    }
}

package perfstat.models.writepath;

import java.util.List;
import java.util.function.IntFunction;
import perfstat.models.spi.Model;
import perfstat.models.spi.Model.Option;
import perfstat.models.spi.Model.Score;
import perfstat.models.spi.Model.Variant;
import perfstat.models.spi.Model.WorkloadInfo;

/**
 * Seeds 000 and 003: mount write tracking on the {@code write()} and write-fault paths.
 * The variants differ only in the {@link MountWriteTracking} algorithm, which each builds for
 * a number of CPUs.
 */
public final class WritePathModel {

    public static final Model<IntFunction<MountWriteTracking>> MODEL = new Model<>("writepath",
            "mnt_want_write/mnt_drop_write on write() and write faults (seeds 000, 003)", "writepath",
            List.of(
                    new Variant<>("unpatched", "2.6.29-rc6, commit 3d733633: per-CPU writer slot with a spinlock, flushed on mount switch",
                            PerCpuWriterLocks::new),
                    new Variant<>("patched", "seed 000's demonstration patch: want keeps only the read-only check (not a fix)",
                            ReadonlyCheckOnly::new),
                    new Variant<>("piggin", "Nick Piggin's d3ef3d73 + 96029c4e: per-mount per-CPU counters, WRITE_HOLD, fences, clone write",
                            PerMountPerCpuCounters::new),
                    new Variant<>("2.6.18", "before writer tracking: no call on the write path, superblock-wide read-only only",
                            cpus -> new NoWriterTracking())),
            List.of(
                    WorkloadInfo.<IntFunction<MountWriteTracking>>of("fstime",
                            "UnixBench fstime write test: 256-byte write()s over a 2000 KB file, lseek(0), repeat",
                            Score.higher("fstime", "KB/s"), (tracking, r) -> new Fstime(tracking.apply(r.cpus()), r))
                            .withOptions(Option.of("block-size", 256), Option.of("max-blocks", 2000))
                            .withUnit("write", "write_calls"),
                    WorkloadInfo.<IntFunction<MountWriteTracking>>of("lat_mmap",
                            "lmbench lat_mmap: map a 64 MB file shared-writable, write-fault every page, unmap",
                            Score.lower("lat_mmap", "us"), (tracking, r) -> new LatMmap(tracking.apply(r.cpus()), r))
                            .withOptions(Option.of("size-mb", 64))
                            .withUnit("page fault", "page_faults"),
                    WorkloadInfo.<IntFunction<MountWriteTracking>>of("remount",
                            "writers open/write/close while the mount is remounted read-only and back every ms",
                            Score.higher("writes", "ops/s"), (tracking, r) -> new RemountDuringWrites(tracking.apply(r.cpus()), r))
                            .withOptions(Option.of("writes", 16), Option.of("remount-us", 1000))));

    private WritePathModel() {
    }

    /** The tracking algorithm of {@code variant} for {@code cpus} CPUs. */
    public static MountWriteTracking tracking(String variant, int cpus) {
        return MODEL.impl(variant).apply(cpus);
    }
}

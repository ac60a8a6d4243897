package perfstat.models.writepath;

import java.util.List;
import perfstat.models.Execution;
import perfstat.models.Model;
import perfstat.models.RunRequest;

/**
 * Seeds 000 and 003: mount write tracking on the {@code write()} and write-fault paths.
 * The variants differ only in the {@link MountWriteTracking} algorithm.
 */
public final class WritePathModel implements Model {

    private static final List<Variant> VARIANTS = List.of(
            new Variant("unpatched", "2.6.29-rc6, commit 3d733633: per-CPU writer slot with a spinlock, flushed on mount switch"),
            new Variant("patched", "seed 000's demonstration patch: want keeps only the read-only check (not a fix)"),
            new Variant("piggin", "Nick Piggin's d3ef3d73 + 96029c4e: per-mount per-CPU counters, WRITE_HOLD, fences, clone write"),
            new Variant("2.6.18", "before writer tracking: no call on the write path, superblock-wide read-only only"));

    private static final List<WorkloadInfo> WORKLOADS = List.of(
            new WorkloadInfo("fstime", "UnixBench fstime write test: 256-byte write()s over a 2000 KB file, lseek(0), repeat",
                    "fstime", "KB/s", true).withOptions("block-size", "max-blocks"),
            new WorkloadInfo("lat_mmap", "lmbench lat_mmap: map a 64 MB file shared-writable, write-fault every page, unmap",
                    "lat_mmap", "us", false).withOptions("size-mb"),
            new WorkloadInfo("remount", "writers open/write/close while the mount is remounted read-only and back every ms",
                    "writes", "ops/s", true).withOptions("writes", "remount-us"));

    @Override
    public String name() {
        return "writepath";
    }

    @Override
    public String description() {
        return "mnt_want_write/mnt_drop_write on write() and write faults (seeds 000, 003)";
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
        return "writepath";
    }

    /** The tracking algorithm of {@code variant} for {@code cpus} CPUs. */
    public static MountWriteTracking tracking(String variant, int cpus) {
        return switch (variant) {
            case "unpatched" -> new PerCpuWriterLocks(cpus);
            case "patched" -> new ReadonlyCheckOnly(cpus);
            case "piggin" -> new PerMountPerCpuCounters(cpus);
            case "2.6.18" -> new NoWriterTracking();
            default -> throw new IllegalArgumentException("unknown variant: " + variant);
        };
    }

    @Override
    public Execution prepare(RunRequest request) {
        MountWriteTracking tracking = tracking(request.variant(), request.cpus());
        return switch (request.workload()) {
            case "fstime" -> new Fstime(tracking, request);
            case "lat_mmap" -> new LatMmap(tracking, request);
            case "remount" -> new RemountDuringWrites(tracking, request);
            default -> throw new IllegalArgumentException("unknown workload: " + request.workload());
        };
    }
}

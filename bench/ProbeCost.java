import perfstat.agent.probe.Probes;
import perfstat.models.writepath.Mount;
import perfstat.models.writepath.Task;
import perfstat.models.writepath.Timekeeping;
import perfstat.models.writepath.Vfs;
import perfstat.models.writepath.WritePathModel;

/**
 * What a probe adds to one fstime write(), measured inside one JVM so that the machine's
 * noise cancels as far as it can: the same file, pages and buffer are written in short
 * alternating phases, bare and wrapped in exactly the calls the agent's advice makes
 * (Probes.enter before, Probes.exit after a timed call; the probe's cells are a static final
 * here, a constant to the JIT as the agent's dynamic constant is). Each pair of neighbouring phases
 * gives one ratio; the median ratio and its quartiles are printed. On this VM the speed of
 * memory-bound code drifts by 10% or more from second to second, so phases are short.
 *
 *   java -cp perfstat.jar bench/ProbeCost.java [VARIANT] [PAIRS] [PHASE_MS]
 *   (bench/probe-cost.sh runs it with the JDK bin/perfstat finds)
 */
public class ProbeCost {
    private static final int BLOCK = 256;
    private static final int BLOCKS_PER_PASS = 2000 * 1024 / BLOCK;
    private static final int ID = Probes.idFor("perfstat.models.writepath.Vfs::write");
    private static final long[] CELLS = Probes.cells(ID);

    public static void main(String[] args) {
        String variant = args.length > 0 ? args[0] : "unpatched";
        int phases = args.length > 1 ? Integer.parseInt(args[1]) : 400;
        long phaseNs = (args.length > 2 ? Long.parseLong(args[2]) : 25) * 1_000_000L;
        int id = ID;
        try (Timekeeping clock = new Timekeeping()) {
            Vfs vfs = new Vfs(WritePathModel.tracking(variant, 1), 1, clock);
            Mount mnt = vfs.mountNewFilesystem(null);
            Task task = new Task(0);
            int fd = vfs.open(task, mnt, "dummy0", true, (long) BLOCKS_PER_PASS * BLOCK);
            byte[] buf = new byte[BLOCK];
            double[] bare = new double[phases];
            double[] probed = new double[phases];

            for (int warm = 0; warm < 40; warm++) {
                bare(vfs, task, fd, buf, phaseNs);
                probed(vfs, task, fd, buf, phaseNs, id);
            }
            double[] ratio = new double[phases];
            for (int p = 0; p < phases; p++) {
                // alternate which goes first, so that drift within a pair cancels too
                if (p % 2 == 0) {
                    bare[p] = bare(vfs, task, fd, buf, phaseNs);
                    probed[p] = probed(vfs, task, fd, buf, phaseNs, id);
                } else {
                    probed[p] = probed(vfs, task, fd, buf, phaseNs, id);
                    bare[p] = bare(vfs, task, fd, buf, phaseNs);
                }
                ratio[p] = probed[p] / bare[p];
            }
            java.util.Arrays.sort(bare);
            java.util.Arrays.sort(probed);
            java.util.Arrays.sort(ratio);
            System.out.printf("fstime write(), %s, %d pairs of %d ms phases%n", variant, phases, phaseNs / 1_000_000);
            System.out.printf("bare    median %.2f ns/write%n", bare[phases / 2]);
            System.out.printf("probed  median %.2f ns/write%n", probed[phases / 2]);
            System.out.printf("probe cost: median of paired ratios %+.2f%% (quartiles %+.2f%% .. %+.2f%%)%n",
                    100 * (ratio[phases / 2] - 1), 100 * (ratio[phases / 4] - 1), 100 * (ratio[3 * phases / 4] - 1));
        }
    }

    private static double bare(Vfs vfs, Task task, int fd, byte[] buf, long phaseNs) {
        long n = 0;
        long t0 = System.nanoTime();
        long end = t0 + phaseNs;
        do {
            for (int i = 0; i < BLOCKS_PER_PASS; i++) {
                vfs.write(task, fd, buf, BLOCK);
            }
            vfs.lseek(task, fd, 0);
            n += BLOCKS_PER_PASS;
        } while (System.nanoTime() < end);
        return (System.nanoTime() - t0) / (double) n;
    }

    private static double probed(Vfs vfs, Task task, int fd, byte[] buf, long phaseNs, int id) {
        long n = 0;
        long t0 = System.nanoTime();
        long end = t0 + phaseNs;
        do {
            for (int i = 0; i < BLOCKS_PER_PASS; i++) {
                long start = Probes.enter(CELLS, id);
                vfs.write(task, fd, buf, BLOCK);
                if (start != 0L) {
                    Probes.exit(id, start);
                }
            }
            vfs.lseek(task, fd, 0);
            n += BLOCKS_PER_PASS;
        } while (System.nanoTime() < end);
        return (System.nanoTime() - t0) / (double) n;
    }
}

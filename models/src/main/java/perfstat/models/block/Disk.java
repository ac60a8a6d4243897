package perfstat.models.block;

import java.util.SplittableRandom;

/**
 * The disk: a SATA disk with native command queueing. The driver may have up to
 * {@code depth} commands outstanding; the disk serves one at a time, choosing among those it
 * holds the one nearest its head (shortest seek first), unless the oldest has waited 100 ms
 * (the firmware's aging, without which a far command could wait for ever). Each costs a fixed overhead, a seek that grows with the square root of the distance, the rotation until
 * the first sector comes round, and the transfer. A request that starts where the last one
 * ended streams on with neither seek nor rotation. Every variant uses the same disk.
 *
 * <p>The parameters are one 7200 rpm SATA disk of 2009 (a 160 GB desktop drive): 80 MB/s,
 * 0.1 ms per command, seeks from 0.8 ms (next track) to 16 ms (full stroke), 8.33 ms per
 * revolution with the rotational position drawn from the run's seed.
 */
final class Disk {
    record Params(long capacitySectors, long bytesPerSecond, long overheadNs, long settleNs, long fullStrokeNs, long revolutionNs) {
        static final Params SATA_2009 = new Params(312_581_808L, 80_000_000L, 100_000L, 800_000L, 16_000_000L, 8_333_333L);
    }

    private final Sim sim;
    private final RequestQueue queue;
    private final Params p;
    private final SplittableRandom random;
    private final java.util.List<Request> commands = new java.util.ArrayList<>();
    private final int depth;
    private final java.util.Map<Request, Long> arrivals = new java.util.IdentityHashMap<>();
    /** The firmware's aging: a command older than this is served next, wherever it lies. */
    static final long MAX_AGE_NS = 100_000_000L;
    private boolean busy;
    private long head;
    private long busyNs;
    private long seeks;

    Disk(Sim sim, RequestQueue queue, Params p, int depth, SplittableRandom random) {
        this.sim = sim;
        this.depth = depth;
        this.queue = queue;
        this.p = p;
        this.random = random;
        queue.attach(this);
    }

    boolean hasRoom() {
        return commands.size() + (busy ? 1 : 0) < depth;
    }

    void start(Request rq) {
        commands.add(rq);
        arrivals.put(rq, sim.now());
        if (!busy) {
            serve();
        }
    }

    private void serve() {
        if (commands.isEmpty()) {
            busy = false;
            return;
        }
        int best = 0;
        if (sim.now() - arrivals.get(commands.get(0)) < MAX_AGE_NS) {
            for (int i = 1; i < commands.size(); i++) {
                if (Math.abs(commands.get(i).start - head) < Math.abs(commands.get(best).start - head)) {
                    best = i;
                }
            }
        }
        Request rq = commands.remove(best);
        arrivals.remove(rq);
        busy = true;
        long t = p.overheadNs();
        if (rq.start != head) {
            long distance = Math.abs(rq.start - head);
            long seek = p.settleNs() + (long) ((p.fullStrokeNs() - p.settleNs()) * Math.sqrt((double) distance / p.capacitySectors()));
            long rotation = random.nextLong(p.revolutionNs());
            seeks++;
            t += seek + rotation;
        }
        t += rq.sectors * 512L * 1_000_000_000L / p.bytesPerSecond();
        head = rq.end();
        busyNs += t;
        sim.after(t, () -> {
            busy = false;
            queue.completeRequest(rq);
            if (!busy) {
                serve();
            }
        });
    }

    long busyNs() {
        return busyNs;
    }

    long seeks() {
        return seeks;
    }
}

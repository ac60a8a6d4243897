package perfstat.models.spi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Per-worker progress counters, one cache line each: a worker adds to its own slot
 * with an opaque store (one writer per slot, no locked instruction); the sampler sums
 * with opaque loads.
 */
public final class Progress {
    private static final int STRIDE = 8;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    private final long[] slots;
    private final int workers;

    public Progress(int workers) {
        this.workers = workers;
        this.slots = new long[(workers + 2) * STRIDE];
    }

    public void add(int worker, long units) {
        int i = (worker + 1) * STRIDE;
        SLOT.setOpaque(slots, i, (long) SLOT.getOpaque(slots, i) + units);
    }

    public long sum() {
        long s = 0;
        for (int w = 0; w < workers; w++) {
            s += (long) SLOT.getOpaque(slots, (w + 1) * STRIDE);
        }
        return s;
    }
}

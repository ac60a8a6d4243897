package perfstat.models.block;

import java.util.PriorityQueue;

/**
 * The discrete-event clock: virtual nanoseconds and a queue of timed actions. Actions due at
 * the same instant run in the order they were scheduled, so a run depends only on its seed.
 * Everything in the block model runs on the one thread that calls {@link #run}.
 */
final class Sim {
    private final PriorityQueue<Timer> queue = new PriorityQueue<>();
    private long now;
    private long seq;
    private long events;

    /** Virtual time, in nanoseconds since the simulation started. */
    long now() {
        return now;
    }

    long events() {
        return events;
    }

    /** Runs {@code action} {@code delayNs} from now; the returned timer can be cancelled until it fires. */
    Timer after(long delayNs, Runnable action) {
        if (delayNs < 0) {
            throw new IllegalArgumentException("negative delay");
        }
        Timer t = new Timer(now + delayNs, seq++, action);
        queue.add(t);
        return t;
    }

    /**
     * Runs actions in time order until none is left, {@code done} says so, or {@code stop}
     * does (checked every few thousand actions, so a wall-clock limit costs nothing).
     */
    void run(java.util.function.BooleanSupplier done, java.util.function.BooleanSupplier stop) {
        while (!done.getAsBoolean()) {
            Timer t = queue.poll();
            if (t == null) {
                throw new IllegalStateException("the simulation stalled at " + now + " ns: nothing left to happen");
            }
            if (t.cancelled) {
                continue;
            }
            now = t.at;
            t.fired = true;
            events++;
            t.action.run();
            if ((events & 0xfff) == 0 && stop.getAsBoolean()) {
                return;
            }
        }
    }

    /** A pending action, as the kernel's timer_list: {@link #cancel} is del_timer. */
    static final class Timer implements Comparable<Timer> {
        final long at;
        private final long seq;
        private final Runnable action;
        private boolean cancelled;
        private boolean fired;

        private Timer(long at, long seq, Runnable action) {
            this.at = at;
            this.seq = seq;
            this.action = action;
        }

        /** Cancels the action if it has not run yet; true if it was pending. */
        boolean cancel() {
            boolean pending = !cancelled && !fired;
            cancelled = true;
            return pending;
        }

        boolean pending() {
            return !cancelled && !fired;
        }

        @Override
        public int compareTo(Timer o) {
            int c = Long.compare(at, o.at);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }
}
